import { z } from 'zod';
import { fuidSchema } from './diagrams.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './errors.js';

/** The differ's answer (`DiagramDiff` of @loopwright/engine), as `loopwright-sim diff --json` prints it. */
const elementKindSchema = z.enum(['node', 'connection', 'variable', 'settings']);
const elementRefSchema = z.object({ kind: elementKindSchema, id: z.string(), name: z.string() });
export const diagramDiffSchema = z.object({
  added: z.array(elementRefSchema),
  removed: z.array(elementRefSchema),
  changed: z.array(
    z.object({
      kind: elementKindSchema,
      id: z.string(),
      field: z.string(),
      before: z.unknown().meta({ description: 'The old value; null when the field was absent' }),
      after: z.unknown().meta({ description: 'The new value; null when the field is absent' }),
    }),
  ),
  moved: z.array(z.object({ kind: z.enum(['node', 'connection']), id: z.string() })),
});
export type DiagramDiffView = z.infer<typeof diagramDiffSchema>;

export const CURRENT_VERSION = 'current';
const versionRef = z.union([z.string().uuid(), z.literal(CURRENT_VERSION)]);

export const compareEndpoints = {
  compare: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/compare',
    summary: 'What changed between two versions (or a version and the current document), element by element',
    tag: 'diagram versions',
    params: z.object({ fuid: fuidSchema }),
    query: z.object({
      from: versionRef.meta({ description: 'A version id, or "current"' }),
      to: versionRef.meta({ description: 'A version id, or "current"' }),
    }),
    responses: { 200: envelope(diagramDiffSchema) },
  }),
};
