import { Injectable } from '@nestjs/common';
import type { BatchStats, Play, StudyRecord } from '@loopwright/contracts';
import type { Diagram, StudySettings } from '@loopwright/engine';
import type { Prisma } from '../../generated/prisma/client.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { playView } from './plays.service.js';
import { PlayBlocksRepository } from './play-blocks.repository.js';
import { PlaysRepository } from './plays.repository.js';

/** A server study's play options: the document snapshot, the settings it runs, and the record the play history shows. */
export interface StudyPlayOptions {
  document: Diagram;
  settings: StudySettings;
  /** Evaluations the study makes (a solve: at most its budget): the total its progress counts to. */
  evaluations: number;
  /** Steps each run is simulated for. */
  steps: number;
  study: StudyRecord;
}

export interface BatchJobInput {
  /** Units per block as the batch was split (kept so that lost block jobs can be queued again alike), once split. */
  blockSize: number | null;
  play: Play;
  authorId: string | null;
  diagramName: string;
  document: Diagram;
  steps: number | null;
  percentiles: number[] | null;
  /** A balance study (play kind study), else null: a multiple run. */
  study: StudyPlayOptions | null;
}

type JobRow = NonNullable<Awaited<ReturnType<PlaysRepository['findForJob']>>>;

function jobInput(row: JobRow): BatchJobInput {
  const options = row.options as {
    document: Diagram;
    steps?: number | null;
    percentiles?: number[] | null;
    blockSize?: number;
  };
  const study = row.kind === 'study' ? (row.options as unknown as StudyPlayOptions) : null;
  return {
    blockSize: options.blockSize ?? null,
    play: playView(row),
    authorId: row.authorId,
    diagramName: row.diagram.name,
    document: options.document,
    // A study's steps per run come from its goals or metric (its settings), not from the batch options.
    steps: study ? null : (options.steps ?? null),
    percentiles: study ? null : (options.percentiles ?? null),
    study,
  };
}

/**
 * The lifecycle of a server batch's play row, for the simulations job: queued → running → done | failed.
 * The end is a BatchFinished event in the same transaction (the author's notification follows from it).
 */
@Injectable()
export class PlayBatchesService {
  constructor(
    private readonly plays: PlaysRepository,
    private readonly blocks: PlayBlocksRepository,
    private readonly events: DomainEventsService,
  ) {}

  /** The batch to run, or null when it is gone or already finished (a redelivered job does nothing). */
  async start(playId: string): Promise<BatchJobInput | null> {
    const row = await this.plays.findForJob(playId);
    if (!row || !['queued', 'running'].includes(row.status)) return null;
    await this.plays.transition(playId, ['queued'], { status: 'running', completedRuns: 0 });
    return jobInput(row);
  }

  /** Keeps how the batch was split, before its blocks are queued. */
  recordBlockSize(playId: string, blockSize: number): Promise<void> {
    return this.plays.mergeOptions(playId, { blockSize });
  }

  /** Server batches and studies queued or running: what the recovery checks against the queue. */
  unfinished() {
    return this.plays.unfinishedServerPlays();
  }

  /** The batch while it is running, else null (its blocks are then skipped). */
  async running(playId: string): Promise<BatchJobInput | null> {
    const row = await this.plays.findForJob(playId);
    return row?.status === 'running' ? jobInput(row) : null;
  }

  /** Whether the batch is running (its status alone, not its document). */
  async isRunning(playId: string): Promise<boolean> {
    return (await this.plays.status(playId)) === 'running';
  }

  /** The batch once someone stopped it, else null. */
  async stopped(playId: string): Promise<BatchJobInput | null> {
    const row = await this.plays.findForJob(playId);
    return row?.status === 'cancelled' ? jobInput(row) : null;
  }

  /** Whether a block of the batch is already stored (a redelivered block job then does nothing). */
  blockDone(playId: string, index: number): Promise<boolean> {
    return this.blocks.has(playId, index);
  }

  /**
   * Stores a finished block (once, however often it ran) and moves the batch's progress to the runs
   * of every block stored so far, so nothing is counted twice; returns that count.
   */
  async saveBlock(
    playId: string,
    block: { index: number; first: number; count: number },
    summary: Uint8Array,
  ): Promise<number> {
    const completed = await this.blocks.save(playId, block, summary);
    await this.plays.progress(playId, completed);
    return completed;
  }

  /** Progress reported from inside a running block (a solve's evaluations so far); only ever raised. */
  progress(playId: string, done: number): Promise<void> {
    return this.plays.progress(playId, done);
  }

  /** The stored blocks' sizes in block order, and a reader of each one's summary. */
  async storedBlocks(playId: string) {
    return { blocks: await this.blocks.list(playId), summary: (index: number) => this.blocks.summary(playId, index) };
  }

  clearBlocks(playId: string): Promise<void> {
    return this.blocks.clear(playId);
  }

  /** Fails a batch whose job was given up (its worker died with it); the batch, or null when it had already ended. */
  async abandon(playId: string, reason: string): Promise<BatchJobInput | null> {
    const row = await this.plays.findForJob(playId);
    if (!row) return null;
    const batch = jobInput(row);
    return (await this.fail(batch, reason)) ? batch : null;
  }

  /** True once someone stopped the batch (the job then aborts the engine). */
  async cancelled(playId: string): Promise<boolean> {
    return (await this.plays.status(playId)) === 'cancelled';
  }

  async finish(
    batch: BatchJobInput,
    result: {
      completed: number;
      steps: number;
      totalSteps: number;
      endReasons: Record<string, number>;
      stats: BatchStats;
    },
  ): Promise<boolean> {
    return this.end(batch, 'done', ['running'], {
      status: 'done',
      completedRuns: result.completed,
      steps: result.steps,
      totalSteps: result.totalSteps,
      endReasons: result.endReasons,
      stats: result.stats,
      finishedAt: new Date(),
    });
  }

  /** Ends a study with its answer: the play history's record gets the summary and the whole outcome. */
  async finishStudy(
    batch: BatchJobInput,
    result: { evaluations: number; summary: Record<string, unknown>; outcome: Record<string, unknown> },
  ): Promise<boolean> {
    const options = batch.study!;
    const stored: StudyPlayOptions = {
      ...options,
      study: { ...options.study, result: result.summary, outcome: result.outcome },
    };
    return this.end(batch, 'done', ['running'], {
      status: 'done',
      completedRuns: result.evaluations,
      steps: options.steps,
      // Steps simulated in all (an int column: capped).
      totalSteps: Math.min(2_147_483_647, options.steps * batch.play.runs * result.evaluations),
      options: stored as unknown as Prisma.InputJsonValue,
      finishedAt: new Date(),
    });
  }

  async fail(batch: BatchJobInput, reason: string): Promise<boolean> {
    return this.end(batch, 'failed', ['queued', 'running'], {
      status: 'failed',
      error: reason.slice(0, 500),
      finishedAt: new Date(),
    });
  }

  private end(
    batch: BatchJobInput,
    status: 'done' | 'failed',
    from: ('queued' | 'running')[],
    data: Prisma.PlayUncheckedUpdateManyInput,
  ): Promise<boolean> {
    const { play } = batch;
    return this.events.transaction(async (tx, emit) => {
      if (!(await this.plays.transition(play.id, from, data, tx))) return false;
      await emit({
        type: 'BatchFinished',
        payload: {
          playId: play.id,
          kind: batch.study ? 'study' : 'multiple',
          fuid: play.fuid,
          diagramName: batch.diagramName,
          authorId: batch.authorId,
          runs: play.runs,
          status,
        },
      });
      return true;
    });
  }
}
