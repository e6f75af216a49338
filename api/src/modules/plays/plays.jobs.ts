import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/**
 * Queued by plays, handled by the simulations module: starts one stored multiple-run play (plays.status
 * queued) and splits it into blocks (a flow of `blocks.run` jobs under `simulations.merge`).
 * Idempotent: a finished play is left alone.
 */
export const simulationsBatchJob = defineJob({
  queue: 'simulations',
  name: 'simulations.batch',
  schema: z.object({ playId: z.string().uuid() }),
  attempts: 2,
  backoffMs: 5_000,
});
