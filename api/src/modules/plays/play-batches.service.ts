import { Injectable } from '@nestjs/common';
import type { BatchStats, Play } from '@loopwright/contracts';
import type { Diagram } from '@loopwright/engine';
import type { Prisma } from '../../generated/prisma/client.js';
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
  return { play: playView(row), authorId: row.authorId, diagramName: row.diagram.name, document: options.document, steps: options.steps, percentiles: options.percentiles };
}

/** The lifecycle of a server batch's play row, for the simulations job: queued → running → done | failed. */
@Injectable()
export class PlayBatchesService {
  constructor(private readonly plays: PlaysRepository) {}

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
    if (!row || !(await this.fail(playId, reason))) return null;
    return jobInput(row);
  }

  /** True once someone stopped the batch (the job then aborts the engine). */
  async cancelled(playId: string): Promise<boolean> {
    return (await this.plays.status(playId)) === 'cancelled';
  }

  progress(playId: string, completedRuns: number): Promise<void> {
    return this.plays.progress(playId, completedRuns);
  }

  async finish(playId: string, result: { completed: number; steps: number; totalSteps: number; endReasons: Record<string, number>; stats: BatchStats }): Promise<boolean> {
    return this.plays.transition(playId, ['running'], {
      status: 'done',
      completedRuns: result.completed,
      steps: result.steps,
      totalSteps: result.totalSteps,
      endReasons: result.endReasons as Prisma.InputJsonValue,
      stats: result.stats as unknown as Prisma.InputJsonValue,
      finishedAt: new Date(),
    });
  }

  async fail(playId: string, reason: string): Promise<boolean> {
    return this.plays.transition(playId, ['queued', 'running'], { status: 'failed', error: reason.slice(0, 500), finishedAt: new Date() });
  }
}
