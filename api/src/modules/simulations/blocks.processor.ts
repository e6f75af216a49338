import { Inject, Injectable } from '@nestjs/common';
import { DiagramTexts } from '@loopwright/contracts';
import { BlockAbortedError } from '@loopwright/engine/node';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { LOGGER } from '../../core/tokens.js';
import { PlayBatchesService, type BatchJobInput } from '../plays/play-batches.service.js';
import { BatchAnnouncer } from './batch-announcer.js';
import { playWork, progressOf } from './batch-work.js';
import { SimulationThreads } from './block-threads.provider.js';
import { blocksRunJob } from './simulations.jobs.js';
import { MetricsService } from '../../core/metrics/metrics.service.js';

const CANCEL_CHECK_MS = 500;
const KNOWN_BATCHES = 8;

type Block = (typeof blocksRunJob.schema)['_output'];

/**
 * `blocks.run`: one block of a server batch on one of this process's threads. A block of a batch
 * that is no longer running (stopped, failed) is skipped, and a running one is stopped within
 * CANCEL_CHECK_MS of the stop; a block already stored is not run again.
 */
@Injectable()
export class BlocksProcessor {
  /** Batches this process ran blocks of lately, by play (oldest first). */
  private readonly known = new Map<string, BatchJobInput>();

  constructor(
    registry: JobRegistry,
    private readonly batches: PlayBatchesService,
    private readonly threads: SimulationThreads,
    private readonly announcer: BatchAnnouncer,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: MetricsService,
  ) {
    registry.handle(blocksRunJob, (block, context) => this.run(block, context.attempt));
    registry.onAbandoned(blocksRunJob, (block) => this.abandoned(block.playId));
  }

  /**
   * The batch while it runs, else null. Its document and settings never change once queued, so a
   * process reads them once per batch (the play row with its document snapshot) and then only the
   * status for each of its blocks.
   */
  private async runningBatch(playId: string): Promise<BatchJobInput | null> {
    const known = this.known.get(playId);
    if (!known) {
      const batch = await this.batches.running(playId);
      if (batch) {
        this.known.set(playId, batch);
        if (this.known.size > KNOWN_BATCHES) this.known.delete(this.known.keys().next().value!);
      }
      return batch;
    }
    if (await this.batches.isRunning(playId)) return known;
    this.known.delete(playId);
    return null;
  }

  /** A block whose worker died twice fails its batch (BatchFinished tells its author). */
  async abandoned(playId: string): Promise<void> {
    const batch = await this.batches.abandon(playId, DiagramTexts.batchFailed);
    if (batch) this.announcer.finished(batch, 'failed');
  }

  async run(block: Block, attempt: number): Promise<void> {
    const started = Date.now();
    const batch = await this.runningBatch(block.playId);
    if (!batch || (await this.batches.blockDone(block.playId, block.index))) return;
    const loadMs = Date.now() - started;
    const stop = new AbortController();
    const watch = setInterval(() => {
      void this.batches.cancelled(block.playId).then(
        (cancelled) => cancelled && stop.abort(),
        () => undefined,
      );
    }, CANCEL_CHECK_MS);
    this.logger.info({ playId: block.playId, block: block.index, runs: block.count }, 'block started');
    try {
      const work = playWork(batch);
      const engineStarted = Date.now();
      const summary = await this.threads.threads.run(
        work.kind,
        block.playId,
        work.input,
        block.first,
        block.count,
        stop.signal,
        // A long block (a solve) reports its evaluations as it goes.
        (done) => void this.batches.progress(block.playId, done).then(() => this.announcer.progress(batch, done)),
      );
      const engineMs = Date.now() - engineStarted;
      const saveStarted = Date.now();
      const completed = progressOf(work, await this.batches.saveBlock(block.playId, block, summary));
      const saveMs = Date.now() - saveStarted;
      // Runs of server batches (a study's block counts evaluations, not runs).
      if (work.kind !== 'study') this.metrics.batchRuns.inc(block.count);
      this.announcer.progress(batch, completed);
      this.logger.info(
        { playId: block.playId, block: block.index, completed, ms: Date.now() - started, loadMs, engineMs, saveMs },
        'block stored',
      );
    } catch (error) {
      if (error instanceof BlockAbortedError) return;
      if (attempt < (blocksRunJob.attempts ?? 1)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      if (await this.batches.fail(batch, reason)) this.announcer.finished(batch, 'failed');
      throw new UnrecoverableError(reason);
    } finally {
      clearInterval(watch);
    }
  }
}
