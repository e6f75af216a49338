import { Injectable } from '@nestjs/common';
import { MetricsService } from '../../core/metrics/metrics.service.js';
import { EventsRepository } from './events.repository.js';

/** Outbox lag for /metrics: events not yet handled by every consumer and the oldest one's age (the app reports it). */
@Injectable()
export class OutboxMetrics {
  constructor(metrics: MetricsService, events: EventsRepository) {
    if (metrics.role !== 'app') return;
    metrics.addCollector('outbox', async () => {
      const { count, oldestSeconds } = await events.pending();
      metrics.outboxPending.set(count);
      metrics.outboxLag.set(oldestSeconds);
    });
  }
}
