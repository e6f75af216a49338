import { Inject, Injectable } from '@nestjs/common';
import { DiagramTexts } from '@loopwright/contracts';
import {
  CompileError,
  splitIntoBlocks,
  StudyInputError,
  studySummary,
  type BatchResult,
  type StudyOutcome,
} from '@loopwright/engine';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { PlayBatchesService, type BatchJobInput } from '../plays/play-batches.service.js';
import { simulationsBatchJob } from '../plays/plays.jobs.js';
import { BatchAnnouncer } from './batch-announcer.js';
import { toBatchStats } from './batch-stats.js';
import { blockJobId, mergeJobId, playWork } from './batch-work.js';
import { blocksRunJob, simulationsMergeJob } from './simulations.jobs.js';

/**
 * A server batch as a BullMQ flow. `simulations.batch` starts the play and splits its runs into
 * blocks: one `blocks.run` child job per block under one `simulations.merge` parent. When every
 * block is stored, the merge adds their statistics up in block order, stores them on the play and
 * ends it (BatchFinished, from which the author's notification follows).
 */
@Injectable()
export class SimulationsProcessor {
  constructor(
    registry: JobRegistry,
    private readonly batches: PlayBatchesService,
    private readonly queue: QueueService,
    private readonly announcer: BatchAnnouncer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    registry.handle(simulationsBatchJob, (payload, context) => this.plan(payload.playId, context.attempt));
    registry.onAbandoned(simulationsBatchJob, (payload) => this.abandoned(payload.playId));
    registry.handle(simulationsMergeJob, (payload, context) =>
      this.merge(payload.playId, payload.blocks, context.attempt),
    );
    registry.onAbandoned(simulationsMergeJob, (payload) => this.abandoned(payload.playId));
  }

  /** The worker running a step of the batch died twice: the batch shows as failed. */
  async abandoned(playId: string): Promise<void> {
    const batch = await this.batches.abandon(playId, DiagramTexts.batchFailed);
    if (batch) this.announcer.finished(batch, 'failed');
  }

  async plan(playId: string, attempt: number): Promise<void> {
    const batch = await this.batches.start(playId);
    if (!batch) return;
    await this.failing(batch, attempt, simulationsBatchJob.attempts, async () => {
      const { work, input } = playWork(batch, this.config.SIMULATION_BLOCK_RUNS);
      // A retried split keeps the first one's block size.
      const size = batch.blockSize ?? work.blockSize(input as never);
      if (batch.blockSize === null) await this.batches.recordBlockSize(playId, size);
      const blocks = await this.queueBlocks(batch, size, new Set());
      this.logger.info({ playId, runs: batch.play.runs, blocks }, 'batch split into blocks');
    });
  }

  /**
   * Queues the merge job of a batch with a child job per block not yet stored (all of them on
   * the first split; the missing ones when Redis lost the batch's jobs). Returns the block count.
   */
  async queueBlocks(batch: BatchJobInput, size: number, stored: Set<number>): Promise<number> {
    const playId = batch.play.id;
    const { kind, work, input } = playWork(batch);
    const blocks = splitIntoBlocks(work.units(input as never), size);
    await this.queue.enqueueFlow(
      { definition: simulationsMergeJob, payload: { playId, blocks: blocks.length }, jobId: mergeJobId(playId) },
      blocks
        .filter((block) => !stored.has(block.index))
        .map((block) => ({
          definition: blocksRunJob,
          payload: { playId, kind, ...block },
          jobId: blockJobId(playId, block.index),
        })),
    );
    return blocks.length;
  }

  async merge(playId: string, expected: number, attempt: number): Promise<void> {
    const batch = await this.batches.running(playId);
    if (!batch) {
      // Stopped or failed while its blocks ran: they were skipped; what was stored goes.
      const stopped = await this.batches.stopped(playId);
      await this.batches.clearBlocks(playId);
      if (!stopped) return;
      this.logger.info({ playId, completed: stopped.play.completedRuns }, 'batch stopped');
      this.announcer.finished(stopped, 'cancelled');
      return;
    }
    await this.failing(batch, attempt, simulationsMergeJob.attempts, async () => {
      const started = Date.now();
      const { kind, work, input } = playWork(batch);
      const { blocks, summary } = await this.batches.storedBlocks(playId);
      const units = blocks.reduce((sum, b) => sum + b.count, 0);
      const expectedUnits = work.units(input as never);
      if (blocks.length !== expected || units !== expectedUnits)
        throw new Error(`${blocks.length} of ${expected} blocks (${units} of ${expectedUnits} units) are stored`);
      let accumulator = work.start(input as never);
      // Block order; the next block is read while this one is folded in (two blocks in memory at most).
      let readMs = 0;
      let foldMs = 0;
      const read = (i: number) => {
        const bytes = i < blocks.length ? summary(blocks[i].index) : Promise.resolve(null);
        bytes.catch(() => undefined); // awaited below; not unhandled if a fold fails first
        return bytes;
      };
      let next = read(0);
      for (let i = 0; i < blocks.length; i++) {
        let t = Date.now();
        const bytes = (await next)!;
        readMs += Date.now() - t;
        next = read(i + 1);
        t = Date.now();
        accumulator = work.add(accumulator, bytes);
        foldMs += Date.now() - t;
      }
      let t = Date.now();
      const result = work.finish(input as never, accumulator, false);
      const finishMs = Date.now() - t;
      t = Date.now();
      const finished =
        kind === 'study'
          ? await this.finishStudy(batch, result as StudyOutcome)
          : await this.finishBatch(batch, result as BatchResult);
      const storeMs = Date.now() - t;
      await this.batches.clearBlocks(playId);
      if (!finished) return;
      this.logger.info(
        {
          playId,
          runs: batch.play.runs,
          blocks: expected,
          mergeMs: Date.now() - started,
          readMs,
          foldMs,
          finishMs,
          storeMs,
        },
        'batch finished',
      );
      this.announcer.finished(batch, 'done');
    });
  }

  private finishBatch(batch: BatchJobInput, result: BatchResult): Promise<boolean> {
    return this.batches.finish(batch, {
      completed: result.completed,
      steps: result.steps,
      totalSteps: Math.round(result.meanSteps * result.completed),
      endReasons: result.ends,
      stats: toBatchStats(result, batch.document),
    });
  }

  private finishStudy(batch: BatchJobInput, outcome: StudyOutcome): Promise<boolean> {
    return this.batches.finishStudy(batch, {
      evaluations: outcome.result.evaluations,
      summary: studySummary(outcome),
      // Through JSON: NaN and ±Infinity become null, as they would in the column anyway.
      outcome: JSON.parse(JSON.stringify(outcome)) as Record<string, unknown>,
    });
  }

  /** Runs a step of the batch; a bad document, or the last attempt's error, fails the batch for good. */
  private async failing(
    batch: BatchJobInput,
    attempt: number,
    attempts: number | undefined,
    work: () => Promise<void>,
  ): Promise<void> {
    try {
      await work();
    } catch (error) {
      const permanent = error instanceof CompileError || error instanceof StudyInputError || attempt >= (attempts ?? 1);
      if (!permanent) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      if (await this.batches.fail(batch, reason)) this.announcer.finished(batch, 'failed');
      throw new UnrecoverableError(reason);
    }
  }
}
