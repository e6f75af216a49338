import type { Evaluator } from './formula/evaluate.js';
import type { Diagram, DiagramSettings } from './schema.js';

/*
 * The step's modules take local copies of these constants, and of the functions they call in one
 * another (`const { T_POOL } = kinds`), instead of importing the bindings: optimised code reads an
 * imported binding through its module cell, with a check that it is initialised, at every use (about
 * eight instructions a comparison or call); a module's own constant is folded into the comparison or
 * the call. (The copies are taken when the module loads: there is no import cycle among these modules.)
 */
export const T_POOL = 0,
  T_SOURCE = 1,
  T_DRAIN = 2,
  T_CONVERTER = 3,
  T_TRADER = 4,
  T_GATE = 5,
  T_REGISTER = 6,
  T_DELAY = 7,
  T_END = 8,
  T_OTHER = 9;

export const A_PASSIVE = 0,
  A_AUTOMATIC = 1,
  A_INTERACTIVE = 2,
  A_ONSTART = 3;

/** How a gate reads its outputs' formulas. */
export const G_WEIGHT = 0,
  G_PERCENT = 1,
  G_CONDITION = 2;

/** Connection kinds in the program's single connection index space. */
export const C_RESOURCE = 0,
  C_TRIGGER = 1,
  C_REVERSE = 2,
  C_ACTIVATOR = 3,
  C_LABEL_MOD = 4,
  C_LABEL_SET = 5,
  C_NODE_MOD = 6,
  C_INPUT = 7,
  C_GATE_TRIGGER = 8,
  C_INTERVAL_MOD = 9,
  C_NODE_SET = 10,
  C_CONN_ACTIVATOR = 11;

/**
 * A compiled diagram: ids resolved to dense indices, formulas parsed to closures, everything an
 * execution needs in typed arrays. Immutable; many runs (and sessions) can share one program.
 */
export interface Program {
  readonly diagram: Diagram;
  readonly settings: DiagramSettings;
  readonly nodeCount: number;
  readonly nodeIds: string[];
  readonly nodeNames: string[];
  readonly nodeIndex: ReadonlyMap<string, number>;
  readonly type: Uint8Array;
  readonly activation: Uint8Array;
  /** 1 when the node takes all-or-nothing (pull-all / push-all). */
  readonly allMode: Uint8Array;
  /** 1 when the node pushes along its outputs when it fires (push modes, or a pool without resource inputs). */
  readonly pushes: Uint8Array;
  readonly disabled: Uint8Array;
  readonly start: Float64Array;
  readonly capacity: Float64Array;
  readonly overflowDrain: Uint8Array;
  readonly gateRandom: Uint8Array;
  readonly gateKind: Uint8Array;
  readonly delayQueue: Uint8Array;

  readonly regEval: (Evaluator | null)[];
  readonly regInteractive: Uint8Array;
  readonly regInitial: Float64Array;
  readonly regStep: Float64Array;
  readonly regMin: Float64Array;
  readonly regMax: Float64Array;
  /** Passive registers in dependency order. */
  readonly regOrder: Int32Array;

  readonly connCount: number;
  readonly connIds: string[];
  readonly connIndex: ReadonlyMap<string, number>;
  readonly cKind: Uint8Array;
  readonly cFrom: Int32Array;
  /** Target node index, or -1 for a label modifier (see cTargetConn). */
  readonly cTo: Int32Array;
  readonly cTargetConn: Int32Array;
  /** Constant rate, or NaN when cRate must be evaluated. */
  readonly cConst: Float64Array;
  readonly cRate: (Evaluator | null)[];
  readonly cEvery: (Evaluator | null)[];
  /** Colour index of a colour filter, 0 when none. */
  readonly cColour: Int32Array;
  readonly cShuffle: Uint8Array;
  /** State connections: condition (activators, gate conditions) or modifier amount. */
  readonly cOp: Int8Array;
  readonly cA: Float64Array;
  readonly cB: Float64Array;

  /** Resource inputs and outputs of each node (connection indices, creation order). */
  readonly inStart: Int32Array;
  readonly inList: Int32Array;
  readonly outStart: Int32Array;
  readonly outList: Int32Array;
  /** Gate outputs (resource outputs, or state outputs of a trigger gate). */
  readonly gOutStart: Int32Array;
  readonly gOutList: Int32Array;

  readonly triggers: Int32Array;
  readonly activators: Int32Array;
  /** Activators that end on a connection: it moves nothing (or, a state connection, does nothing) while they fail. */
  readonly connActivators: Int32Array;
  /** Pools whose triggers fire when resources arrive (settings.poolTriggers: onArrival). */
  readonly triggersOnArrival: Uint8Array;
  readonly hasActivators: Uint8Array;
  readonly modifiers: Int32Array;
  readonly ends: Int32Array;
  readonly variables: Evaluator[];
  /** One roll of the diagram dice (settings.dice). */
  readonly diagramDice: Evaluator;
  readonly colourNames: string[];
  readonly coloured: boolean;
  /** Pools and registers, the values recorded every step. */
  readonly charted: Int32Array;
  readonly chartedIds: string[];
  readonly chartedIsRegister: Uint8Array;
}
