import { Inject, Injectable } from '@nestjs/common';
import { DiagramTexts } from '@loopwright/contracts';
import { BlockAbortedError } from '@loopwright/engine/node';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { LOGGER } from '../../core/tokens.js';
import { PlayBatchesService } from '../plays/play-batches.service.js';
import { BatchAnnouncer } from './batch-announcer.js';
import { playWork, progressOf } from './batch-work.js';
import { SimulationThreads } from './block-threads.provider.js';
import { blocksRunJob } from './simulations.jobs.js';

const CANCEL_CHECK_MS = 500;

type Block = (typeof blocksRunJob.schema)['_output'];

/**
 * `blocks.run`: one block of a server batch on one of this process's threads. A block of a batch
 * that is no longer running (stopped, failed) is skipped, and a running one is stopped within
 * CANCEL_CHECK_MS of the stop; a block already stored is not run again.
 */
@Injectable()
export class BlocksProcessor {
  constructor(
    registry: JobRegistry,
    private readonly batches: PlayBatchesService,
    private readonly threads: SimulationThreads,
    private readonly announcer: BatchAnnouncer,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    registry.handle(blocksRunJob, (block, context) => this.run(block, context.attempt));
    registry.onAbandoned(blocksRunJob, (block) => this.abandoned(block.playId));
  }

  /** A block whose worker died twice fails its batch (BatchFinished tells its author). */
  async abandoned(playId: string): Promise<void> {
    const batch = await this.batches.abandon(playId, DiagramTexts.batchFailed);
    if (batch) this.announcer.finished(batch, 'failed');
  }

  async run(block: Block, attempt: number): Promise<void> {
    const batch = await this.batches.running(block.playId);
    if (!batch || (await this.batches.blockDone(block.playId, block.index))) return;
    const stop = new AbortController();
    const watch = setInterval(() => {
      void this.batches.cancelled(block.playId).then(
        (cancelled) => cancelled && stop.abort(),
        () => undefined,
      );
    }, CANCEL_CHECK_MS);
    const started = Date.now();
    this.logger.info({ playId: block.playId, block: block.index, runs: block.count }, 'block started');
    try {
      const work = playWork(batch);
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
      const completed = progressOf(work, await this.batches.saveBlock(block.playId, block, summary));
      this.announcer.progress(batch, completed);
      this.logger.info(
        { playId: block.playId, block: block.index, completed, ms: Date.now() - started },
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
