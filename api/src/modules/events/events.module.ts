import { Module } from '@nestjs/common';
import { DomainEventsService } from './domain-events.service.js';
import { EventConsumers } from './event-consumers.js';
import { EventDispatcher } from './event-dispatcher.js';
import { EventsRepository } from './events.repository.js';
import { OutboxMetrics } from './outbox-metrics.js';

/** The domain-event outbox and its dispatcher. A leaf: producers and consumers import it. */
@Module({
  providers: [EventsRepository, DomainEventsService, EventConsumers, EventDispatcher, OutboxMetrics],
  exports: [DomainEventsService, EventConsumers],
})
export class EventsModule {}
