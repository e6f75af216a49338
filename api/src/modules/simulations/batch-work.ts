import { batchWork, studyWork, type BlockWork } from '@loopwright/engine';
import type { BatchJobInput } from '../plays/play-batches.service.js';

/** The kinds of block work a server play runs: a multiple run's runs, or a balance study's evaluations. */
export type PlayWorkKind = 'batch' | 'study';

export interface PlayWork {
  kind: PlayWorkKind;
  work: BlockWork<never, unknown, unknown>;
  input: unknown;
  /** What progress counts to: runs of a batch, evaluations of a study (a solve: its budget). */
  total: number;
}

/**
 * A stored server play as the engine's block work: a batch (`batchWork`: the document snapshot,
 * runs, seed and options) or a study (`studyWork`: the snapshot and the study's settings). With
 * `blockRuns` (SIMULATION_BLOCK_RUNS), a block holds that many runs: a study's block that many
 * runs' worth of evaluations.
 */
export function playWork(batch: BatchJobInput, blockRuns?: number): PlayWork {
  if (batch.study) {
    const { settings, evaluations } = batch.study;
    return {
      kind: 'study',
      work: studyWork,
      input: {
        document: batch.document,
        settings,
        blockSize: blockRuns ? Math.max(1, Math.ceil(blockRuns / settings.runs)) : null,
      },
      total: evaluations,
    };
  }
  return {
    kind: 'batch',
    work: batchWork,
    input: {
      document: batch.document,
      runs: batch.play.runs,
      seed: batch.play.seed,
      steps: batch.steps,
      percentiles: batch.percentiles,
      blockSize: blockRuns ?? null,
    },
    total: batch.play.runs,
  };
}

/**
 * Progress from the units of the blocks stored so far: runs or evaluations; a solve is one block
 * (its evaluations report from inside it), so once stored it is complete.
 */
export function progressOf(work: PlayWork, storedUnits: number): number {
  return work.kind === 'study' && (work.input as { settings: { kind: string } }).settings.kind === 'solve'
    ? storedUnits > 0
      ? work.total
      : 0
    : storedUnits;
}

export const mergeJobId = (playId: string) => `${playId}-merge`;
export const blockJobId = (playId: string, index: number) => `${playId}-b${index}`;
