import { Injectable } from '@nestjs/common';
import {
  domainEventSchemas,
  type DomainEvent,
  type DomainEventType,
  type WebhookEventType,
} from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { EventConsumers, type AfterCommit } from '../events/event-consumers.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Which domain event is which webhook event. CommentAdded is the comments module's; it is listed
 * here by name and wired as soon as the contracts have it (every event here carries the diagram's fuid).
 */
const EVENTS: Record<string, WebhookEventType> = {
  BatchFinished: 'batch.finished',
  BalanceTestFailed: 'balance_test.failed',
  DiagramPublished: 'diagram.published',
  DiagramUpdated: 'diagram.version_saved',
  CommentAdded: 'comment.added',
};
const TYPES = Object.keys(EVENTS).filter((type) => type in domainEventSchemas) as DomainEventType[];

@Injectable()
export class WebhookEventsConsumer {
  constructor(
    consumers: EventConsumers,
    private readonly webhooks: WebhooksService,
    private readonly diagrams: DiagramsService,
  ) {
    consumers.register({
      name: 'webhooks',
      types: TYPES,
      handle: (event, tx, context) => this.handle(event, tx, context.eventId),
    });
  }

  async handle(event: DomainEvent, tx: TransactionClient, eventId: string): Promise<AfterCommit | void> {
    const payload = event.payload as Record<string, unknown>;
    const fuid = typeof payload.fuid === 'string' ? payload.fuid : null;
    const workspaceId = fuid ? await this.diagrams.workspaceIdOfFuid(fuid, tx) : null;
    if (!workspaceId) return;
    const ids = await this.webhooks.record(tx, workspaceId, EVENTS[event.type], eventId, payload);
    if (ids.length) return () => this.webhooks.dispatch(ids);
  }
}
