import { Injectable } from '@nestjs/common';
import type { BatchStats, Play } from '@loopwright/contracts';
import type { Diagram } from '@loopwright/engine';
import type { Prisma } from '../../generated/prisma/client.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { playView } from './plays.service.js';
import { PlaysRepository } from './plays.repository.js';

export interface BatchJobInput {
  play: Play;
  authorId: string | null;
  diagramName: string;
  document: Diagram;
  steps: number | null;
  percentiles: number[] | null;
}

type JobRow = NonNullable<Awaited<ReturnType<PlaysRepository['findForJob']>>>;

function jobInput(row: JobRow): BatchJobInput {
  const options = row.options as { document: Diagram; steps: number | null; percentiles: number[] | null };
  return {
    play: playView(row),
    authorId: row.authorId,
    diagramName: row.diagram.name,
    document: options.document,
    steps: options.steps,
    percentiles: options.percentiles,
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
    private readonly events: DomainEventsService,
  ) {}

  /** The batch to run, or null when it is gone or already finished (a redelivered job does nothing). */
  async start(playId: string): Promise<BatchJobInput | null> {
    const row = await this.plays.findForJob(playId);
    if (!row || !['queued', 'running'].includes(row.status)) return null;
    await this.plays.transition(playId, ['queued', 'running'], { status: 'running', completedRuns: 0 });
    return jobInput(row);
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

  progress(playId: string, completedRuns: number): Promise<void> {
    return this.plays.progress(playId, completedRuns);
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
