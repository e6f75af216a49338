import { Injectable } from '@nestjs/common';
import type { DomainEvent, DomainEventType } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';

/** Runs once the consumer's transaction committed: live pushes, handing mail to its queue. */
export type AfterCommit = () => Promise<void> | void;

export interface EventConsumer<T extends DomainEventType = DomainEventType> {
  /** Stable: it keys the delivery records. */
  name: string;
  types: readonly T[];
  /**
   * Database effects go through `tx`, the transaction that also records the delivery, so an event
   * delivered twice changes nothing twice. Return what must happen after commit.
   */
  handle(event: DomainEvent<T>, tx: TransactionClient, context: { eventId: string }): Promise<AfterCommit | void>;
}

/** Who consumes which event. Consumers register from their own module's constructor (like job handlers). */
@Injectable()
export class EventConsumers {
  private readonly consumers: EventConsumer[] = [];

  register<T extends DomainEventType>(consumer: EventConsumer<T>): void {
    if (this.consumers.some((c) => c.name === consumer.name))
      throw new Error(`event consumer ${consumer.name} registered twice`);
    this.consumers.push(consumer);
  }

  of(type: DomainEventType): EventConsumer[] {
    return this.consumers.filter((c) => (c.types as readonly string[]).includes(type));
  }
}
