import type { BatchBlockInput } from '@loopwright/engine';
import type { BatchJobInput } from '../plays/play-batches.service.js';

/** A stored batch as the engine's block work (`batchWork`): the document snapshot, runs, seed and options. */
export function batchWorkInput(batch: BatchJobInput, blockRuns?: number): BatchBlockInput {
  return {
    document: batch.document,
    runs: batch.play.runs,
    seed: batch.play.seed,
    steps: batch.steps,
    percentiles: batch.percentiles,
    blockSize: blockRuns ?? null,
  };
}

export const mergeJobId = (playId: string) => `${playId}-merge`;
export const blockJobId = (playId: string, index: number) => `${playId}-b${index}`;
