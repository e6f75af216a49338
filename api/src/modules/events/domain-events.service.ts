import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { domainEventSchemas, type DomainEvent } from '@loopwright/contracts';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { deliverEventJob } from './events.jobs.js';
import { EventsRepository } from './events.repository.js';
import { startOutboxRelay } from '../../core/queue/outbox-relay.js';

export type Emit = (event: DomainEvent) => Promise<void>;

/**
 * Producers report what happened here. The domain_events row is the outbox: written in the
 * transaction of the change, handed to the `events` queue after commit, and re-handed by the relay
 * when the queue was down or the process died — so an event is never lost, and never sent for a
 * change that rolled back.
 */
@Injectable()
export class DomainEventsService implements OnApplicationBootstrap, OnModuleDestroy {
  private stopRelay?: () => void;

  constructor(
    private readonly events: EventsRepository,
    private readonly queue: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Runs `work` in a transaction; events it emits are written in it and dispatched after commit. */
  async transaction<T>(work: (tx: TransactionClient, emit: Emit) => Promise<T>): Promise<T> {
    const ids: string[] = [];
    const result = await this.events.transaction((tx) =>
      work(tx, async (event) => void ids.push(await this.record(event, tx))),
    );
    await this.dispatch(...ids);
    return result;
  }

  /** Writes the outbox row inside `tx`. Call `dispatch` with the id after commit. */
  async record(event: DomainEvent, tx: TransactionClient): Promise<string> {
    const payload = domainEventSchemas[event.type].parse(event.payload);
    return this.events.create(event.type, payload, tx);
  }

  /** Hands recorded events to the queue; failures are left to the relay. */
  async dispatch(...ids: string[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.queue.enqueue(deliverEventJob, { eventId: id }, { jobId: `event-${id}` });
        await this.events.markEnqueued(id);
      } catch (error) {
        this.logger.warn(
          { eventId: id, error: (error as Error).message },
          'event not handed to the queue yet; the relay will retry',
        );
      }
    }
  }

  /** Re-hands undelivered rows the queue never got. */
  async relayStranded(olderThanMs = 60_000): Promise<number> {
    const stranded = await this.events.findStranded(new Date(Date.now() - olderThanMs));
    await this.dispatch(...stranded.map((row) => row.id));
    return stranded.length;
  }

  onApplicationBootstrap(): void {
    if (this.config.NODE_ENV === 'test') return;
    this.stopRelay = startOutboxRelay('event', () => this.relayStranded(), this.logger);
  }

  onModuleDestroy(): void {
    this.stopRelay?.();
  }
}
