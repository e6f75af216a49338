import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/**
 * One block of a server batch or study: units first … first+count-1 of the play's work on a worker
 * thread, stored as bytes (play_blocks: a batch's exact statistics, a study's metric values). Any worker anywhere may take it; run twice, it is
 * stored once. A child of `simulations.merge` (a BullMQ flow).
 */
export const blocksRunJob = defineJob({
  queue: 'blocks',
  name: 'blocks.run',
  schema: z.object({
    playId: z.string().uuid(),
    /** The block work: a multiple run's runs or a balance study's evaluations (blockWorks in the engine). */
    kind: z.enum(['batch', 'study']),
    index: z.number().int().min(0),
    first: z.number().int().min(0),
    count: z.number().int().min(1),
  }),
  attempts: 3,
  backoffMs: 2_000,
});

/** Runs once every block of a batch is stored: merges them in block order into the play's statistics. */
export const simulationsMergeJob = defineJob({
  queue: 'simulations',
  name: 'simulations.merge',
  schema: z.object({ playId: z.string().uuid(), blocks: z.number().int().min(0) }),
  attempts: 3,
  backoffMs: 5_000,
});
