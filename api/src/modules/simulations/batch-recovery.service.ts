import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { PlayBatchesService } from '../plays/play-batches.service.js';
import { simulationsBatchJob } from '../plays/plays.jobs.js';
import { mergeJobId } from './batch-work.js';
import { SimulationsProcessor } from './simulations.processor.js';

/** A queued play whose job is missing is only re-queued after this long (the API stores the row, then queues the job). */
const QUEUED_GRACE_MS = 30_000;

/**
 * Server batches and studies whose jobs Redis lost (its data gone, not a restart with its
 * append-only file): PostgreSQL still says queued or running, and play_blocks holds every block
 * already finished. A worker runs this at start and every SIMULATION_RECOVERY_MS: a queued play
 * without its `simulations.batch` job gets it again; a running play without its merge job (and
 * not being split right now) gets its merge job again with a child job for each block not
 * stored. Job ids make two workers recovering the same play at once harmless, and a block stored
 * twice counts once, so nothing is lost or counted twice.
 */
@Injectable()
export class BatchRecovery implements OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly batches: PlayBatchesService,
    private readonly queue: QueueService,
    private readonly processor: SimulationsProcessor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Recovers now, then every SIMULATION_RECOVERY_MS (worker processes only). */
  start(): void {
    if (this.queue.mode !== 'redis' || this.timer) return;
    const tick = () =>
      void this.recover().catch((e: Error) => this.logger.warn({ error: e.message }, 'batch recovery failed'));
    tick();
    this.timer = setInterval(tick, this.config.SIMULATION_RECOVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass; how many plays were queued again. */
  recover(now = Date.now()): Promise<number> {
    this.running ??= this.pass(now).finally(() => (this.running = null));
    return this.running;
  }

  private async pass(now: number): Promise<number> {
    const simulations = this.queue.queue('simulations');
    let recovered = 0;
    for (const play of await this.batches.unfinished()) {
      if (play.status === 'queued') {
        if (now - play.createdAt.getTime() < QUEUED_GRACE_MS || (await simulations.getJob(play.id))) continue;
        await this.queue.enqueue(simulationsBatchJob, { playId: play.id }, { jobId: play.id });
        this.logger.warn({ playId: play.id }, 'queued batch had lost its job: queued again');
        recovered++;
        continue;
      }
      if (await simulations.getJob(mergeJobId(play.id))) continue;
      // Being split right now: its split job is active and queues the merge job itself.
      if ((await (await simulations.getJob(play.id))?.getState()) === 'active') continue;
      const batch = await this.batches.running(play.id);
      if (!batch?.blockSize) continue;
      const stored = new Set((await this.batches.storedBlocks(play.id)).blocks.map((b) => b.index));
      const blocks = await this.processor.queueBlocks(batch, batch.blockSize, stored);
      this.logger.warn(
        { playId: play.id, blocks, stored: stored.size },
        'running batch had lost its jobs: the blocks not stored are queued again',
      );
      recovered++;
    }
    return recovered;
  }
}
