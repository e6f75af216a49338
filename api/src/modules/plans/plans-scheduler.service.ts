import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { AcademiaService } from './academia.service.js';
import { academiaBacklinksJob, expireTrialsJob, PLAN_JOBS_EVERY_MS } from './plans.jobs.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** The plan jobs' handlers, and their hourly schedules (not in tests: tests run the handlers themselves). */
@Injectable()
export class PlansScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private stops: (() => void)[] = [];

  constructor(
    registry: JobRegistry,
    subscriptions: SubscriptionsService,
    academia: AcademiaService,
    private readonly queue: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    registry.handle(expireTrialsJob, async () => {
      const downgraded = await subscriptions.expireTrials();
      if (downgraded) this.logger.info({ downgraded }, 'expired trials downgraded to Public');
    });
    registry.handle(academiaBacklinksJob, async () => {
      const done = await academia.runBacklinkDeadlines();
      if (done.warned || done.reverted) this.logger.info(done, 'Academia backlink deadlines applied');
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.NODE_ENV === 'test') return;
    for (const job of [expireTrialsJob, academiaBacklinksJob]) {
      try {
        this.stops.push(await this.queue.repeat(job, {}, PLAN_JOBS_EVERY_MS));
      } catch (error) {
        this.logger.warn(
          { job: job.name, error: (error as Error).message },
          'could not schedule a plan job; it is scheduled again at the next start',
        );
      }
    }
  }

  onModuleDestroy(): void {
    for (const stop of this.stops) stop();
  }
}
