import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CommunityRules } from '@loopwright/contracts';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { CommunityRepository } from './community.repository.js';
import { OF_THE_MONTH_PATTERN, ofTheMonthJob, TRENDING_PATTERN, trendingJob } from './community.jobs.js';

const DAY_MS = 86_400_000;
const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/**
 * The monthly of-the-month job and the daily trending job (BullMQ job schedulers on the
 * maintenance queue; without Redis they run in-process when this month has no picks yet).
 */
@Injectable()
export class RankingsJobsService implements OnApplicationBootstrap {
  constructor(
    registry: JobRegistry,
    private readonly queue: QueueService,
    private readonly repository: CommunityRepository,
    private readonly events: DomainEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    registry.handle(ofTheMonthJob, async (payload) => void (await this.computeOfTheMonth(payload.month)));
    registry.handle(trendingJob, async (payload) => void (await this.computeTrending(payload.period)));
  }

  /**
   * Scores the 30 days before now and stores the top designers and diagrams as the picks of
   * `month` (default: the current month). Running again replaces that month's picks.
   */
  async computeOfTheMonth(
    month?: string,
    now = new Date(),
  ): Promise<{ month: string; designers: number; diagrams: number }> {
    const target = month ?? monthOf(now);
    const from = new Date(now.getTime() - CommunityRules.ofTheMonthWindowDays * DAY_MS);
    const counts = await this.repository.computeMonthlyPicks(target, from, now, CommunityRules.ofTheMonthCount);
    this.logger.info({ month: target, ...counts }, 'designers and diagrams of the month computed');
    return { month: target, ...counts };
  }

  /** Picks what trended over the last 7 days (not trending already) and emits CommunityTrending for each. */
  async computeTrending(period?: string, now = new Date()): Promise<number> {
    const target = period ?? now.toISOString().slice(0, 10);
    const from = new Date(now.getTime() - CommunityRules.trendingWindowDays * DAY_MS);
    return this.events.transaction(async (tx, emit) => {
      const picks = await this.repository.pickTrending(tx, target, from, now, CommunityRules.trendingWindowDays);
      for (const pick of picks)
        await emit({
          type: 'CommunityTrending',
          payload: { kind: pick.kind, subjectId: pick.subjectId, period: target },
        });
      return picks.length;
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.NODE_ENV === 'test') return;
    try {
      if (this.queue.mode === 'redis') {
        const maintenance = this.queue.queue('maintenance');
        await maintenance.upsertJobScheduler(
          'community.of-the-month',
          { pattern: OF_THE_MONTH_PATTERN },
          { name: ofTheMonthJob.name, data: {} },
        );
        await maintenance.upsertJobScheduler(
          'community.trending',
          { pattern: TRENDING_PATTERN },
          { name: trendingJob.name, data: {} },
        );
      }
      // A fresh instance (or one that missed the 1st) gets this month's picks now, once.
      const month = monthOf(new Date());
      if ((await this.repository.latestMonth()) !== month)
        await this.queue.enqueue(ofTheMonthJob, { month }, { jobId: `of-the-month-${month}` });
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, 'community rankings jobs not scheduled yet');
    }
  }
}
