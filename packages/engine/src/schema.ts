import { z } from 'zod';

export const NODE_TYPES = [
  'pool',
  'source',
  'drain',
  'converter',
  'trader',
  'gate',
  'register',
  'delay',
  'end',
  'text',
  'group',
  'chart',
] as const;
export const ACTIVATIONS = ['passive', 'automatic', 'interactive', 'onstart'] as const;
export const MODES = ['pull-any', 'pull-all', 'push-any', 'push-all'] as const;

export const settingsSchema = z.object({
  stepsLimit: z.number().int().min(0).default(100),
  seed: z.number().int().optional(),
  dice: z.string().default('D6'),
  skill: z.number().default(0),
  strategy: z.number().default(0),
  multiplayer: z.number().default(0),
  triggerTiming: z.enum(['nextStep', 'sameStep']).default('nextStep'),
  allocation: z.enum(['creationOrder', 'synchronous']).default('creationOrder'),
  /**
   * When a pool's `*` trigger fires: when the pool itself fires and is satisfied (ENGINE.md), or
   * whenever resources arrive in it (machinations.io; set by its importer). Unset: whenFiring.
   */
  poolTriggers: z.enum(['whenFiring', 'onArrival']).optional(),
  /** Runs of a batch when none is asked for (machinations.io's "number of runs"). */
  runs: z.number().int().min(1).optional(),
  /** Seconds between steps when a run is played on screen (machinations.io's time interval). */
  stepSeconds: z.number().positive().optional(),
});

export const nodeSchema = z.object({
  id: z.string().min(1),
  type: z.enum(NODE_TYPES),
  name: z.string().default(''),
  x: z.number().default(0),
  y: z.number().default(0),
  activation: z.enum(ACTIVATIONS).default('passive'),
  mode: z.enum(MODES).default('pull-any'),
  color: z.string().optional(),
  showInChart: z.boolean().default(true),
  /** pool */
  start: z.number().int().min(0).optional(),
  capacity: z.number().int().min(-1).optional(),
  overflow: z.enum(['block', 'drain']).optional(),
  /** gate */
  distribution: z.enum(['deterministic', 'random']).optional(),
  /** register */
  formula: z.string().optional(),
  interactive: z.boolean().optional(),
  initial: z.number().optional(),
  step: z.number().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  /** delay */
  queue: z.boolean().optional(),
  /** text, group, chart */
  text: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});

export const connectionSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['resource', 'state']),
  from: z.string().min(1),
  to: z.string().min(1),
  formula: z.string().default(''),
  interval: z.string().optional(),
  color: z.string().optional(),
  shuffle: z.boolean().optional(),
  /** Bend points drawn in the editor; no effect on the simulation. */
  points: z
    .array(z.object({ x: z.number(), y: z.number() }))
    .max(50)
    .optional(),
});

export const variableSchema = z.object({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
  formula: z.string(),
});

export const diagramSchema = z.object({
  version: z.number().int().default(1),
  settings: settingsSchema.default(settingsSchema.parse({})),
  nodes: z.array(nodeSchema).default([]),
  connections: z.array(connectionSchema).default([]),
  variables: z.array(variableSchema).default([]),
});

export type Diagram = z.output<typeof diagramSchema>;
export type DiagramInput = z.input<typeof diagramSchema>;
export type DiagramSettings = z.output<typeof settingsSchema>;
export type DiagramNode = z.output<typeof nodeSchema>;
export type DiagramConnection = z.output<typeof connectionSchema>;
export type DiagramVariable = z.output<typeof variableSchema>;
export type NodeType = DiagramNode['type'];
export type Activation = DiagramNode['activation'];
export type NodeMode = DiagramNode['mode'];

/** Parses a document with defaults filled in; throws a ZodError when it does not match the format. */
export function parseDiagram(input: unknown): Diagram {
  return diagramSchema.parse(input);
}
