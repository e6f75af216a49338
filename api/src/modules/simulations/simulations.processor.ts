import { Inject, Injectable } from '@nestjs/common';
import { DiagramLimits, DiagramTexts, RealtimeEvents } from '@loopwright/contracts';
import { CompileError } from '@loopwright/engine';
import { runBatchParallel } from '@loopwright/engine/node';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { LOGGER } from '../../core/tokens.js';
import { PlayBatchesService, type BatchJobInput } from '../plays/play-batches.service.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { toBatchStats } from './batch-stats.js';
import { simulationsBatchJob } from '../plays/plays.jobs.js';

const PROGRESS_EVERY_MS = 500;

/**
 * `simulations.batch`: runs a queued multiple run with the engine over worker threads, writes
 * progress to the play (and to the author's sockets) and stores the statistics; ending the play emits
 * BatchFinished, from which the author's notification follows.
 */
@Injectable()
export class SimulationsProcessor {
  constructor(
    registry: JobRegistry,
    private readonly batches: PlayBatchesService,
    private readonly realtime: RealtimePublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    registry.handle(simulationsBatchJob, (payload, context) => this.run(payload.playId, context.attempt));
    registry.onAbandoned(simulationsBatchJob, (payload) => this.abandoned(payload.playId));
  }

  /** The worker running the batch died twice: the batch shows as failed (BatchFinished tells its author). */
  async abandoned(playId: string): Promise<void> {
    const input = await this.batches.abandon(playId, DiagramTexts.batchFailed);
    if (input) this.announce(input, 'failed');
  }

  async run(playId: string, attempt: number): Promise<void> {
    const input = await this.batches.start(playId);
    if (!input) return;
    const started = Date.now();
    try {
      const result = await this.simulate(input);
      if (result.cancelled) {
        this.logger.info({ playId, completed: result.completed }, 'batch stopped');
        return this.announce(input, 'cancelled');
      }
      if (
        !(await this.batches.finish(input, {
          completed: result.completed,
          steps: result.steps,
          totalSteps: Math.round(result.meanSteps * result.completed),
          endReasons: result.ends,
          stats: toBatchStats(result, input.document),
        }))
      )
        return;
      this.logger.info({ playId, runs: input.play.runs, ms: Date.now() - started }, 'batch finished');
      this.announce(input, 'done');
    } catch (error) {
      const permanent = error instanceof CompileError || attempt >= (simulationsBatchJob.attempts ?? 1);
      if (!permanent) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      await this.batches.fail(input, reason);
      this.announce(input, 'failed');
      throw new UnrecoverableError(reason);
    }
  }

  private async simulate(input: BatchJobInput) {
    let lastReport = 0;
    let pending: Promise<void> = Promise.resolve();
    const stop = new AbortController();
    const result = await runBatchParallel(input.document, {
      signal: stop.signal,
      runs: input.play.runs,
      seed: input.play.seed,
      ...(input.steps ? { steps: input.steps } : {}),
      ...(input.percentiles ? { percentiles: input.percentiles } : {}),
      threads: DiagramLimits.batchThreads,
      onProgress: (done, total) => {
        const now = Date.now();
        if (now - lastReport < PROGRESS_EVERY_MS && done < total) return;
        lastReport = now;
        pending = pending
          .then(async () => {
            if (await this.batches.cancelled(input.play.id)) stop.abort();
            else await this.batches.progress(input.play.id, done);
          })
          .catch(() => undefined);
        if (input.authorId)
          this.realtime.toUser(input.authorId, RealtimeEvents.playProgress, {
            playId: input.play.id,
            fuid: input.play.fuid,
            completed: done,
            total,
          });
      },
    });
    await pending;
    return result;
  }

  private announce(input: BatchJobInput, status: 'done' | 'failed' | 'cancelled'): void {
    if (input.authorId)
      this.realtime.toUser(input.authorId, RealtimeEvents.playFinished, {
        playId: input.play.id,
        fuid: input.play.fuid,
        status,
      });
  }
}
