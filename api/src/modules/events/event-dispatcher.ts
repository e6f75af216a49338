import { Inject, Injectable } from '@nestjs/common';
import { parseDomainEvent } from '@loopwright/contracts';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { LOGGER } from '../../core/tokens.js';
import { EventConsumers } from './event-consumers.js';
import { deliverEventJob } from './events.jobs.js';
import { EventsRepository } from './events.repository.js';

/**
 * `events.deliver`: hands one event to each of its consumers, each in its own transaction that
 * also records the delivery. A consumer that fails makes the job retry; the ones that succeeded
 * are skipped next time (at least once overall, once per consumer in effect).
 */
@Injectable()
export class EventDispatcher {
  constructor(
    private readonly events: EventsRepository,
    private readonly consumers: EventConsumers,
    @Inject(LOGGER) private readonly logger: Logger,
    registry: JobRegistry,
  ) {
    registry.handle(deliverEventJob, (payload) => this.deliver(payload.eventId));
  }

  async deliver(eventId: string): Promise<void> {
    const row = await this.events.find(eventId);
    if (!row) throw new UnrecoverableError(`domain_events ${eventId} does not exist`);
    if (row.dispatchedAt) return;
    let event;
    try {
      event = parseDomainEvent(row.type, row.payload);
    } catch (error) {
      throw new UnrecoverableError(`domain_events ${eventId}: ${(error as Error).message}`);
    }
    const failures: string[] = [];
    for (const consumer of this.consumers.of(event.type)) {
      try {
        const afterCommit = await this.events.transaction(async (tx) =>
          (await this.events.claimDelivery(tx, eventId, consumer.name))
            ? consumer.handle(event, tx, { eventId })
            : undefined,
        );
        await afterCommit?.();
      } catch (error) {
        failures.push(consumer.name);
        this.logger.warn(
          { eventId, type: event.type, consumer: consumer.name, error: (error as Error).message },
          'event consumer failed; the delivery will be retried',
        );
      }
    }
    if (failures.length) throw new Error(`event ${eventId} (${event.type}) not delivered to ${failures.join(', ')}`);
    await this.events.markDispatched(eventId);
  }
}
