import { Injectable } from '@nestjs/common';
import { RealtimeEvents, type DomainEvent } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { EventConsumers, type AfterCommit } from '../events/event-consumers.js';
import { RealtimePublisher } from '../realtime/realtime.publisher.js';
import { UsersService } from '../users/users.service.js';
import { ActivityRepository, type NewActivity } from './activity.repository.js';

const TYPES = [
  'DiagramPublished',
  'DiagramShared',
  'DiagramLiked',
  'DiagramCopied',
  'DiagramCreated',
  'DiagramUpdated',
  'UserFollowed',
  'TemplatePublished',
  'CommunityTrending',
] as const;
type Handled = DomainEvent<(typeof TYPES)[number]>;

/** Turns domain events into Recent Activity items (one per event; a redelivery adds nothing). */
@Injectable()
export class ActivityEventsConsumer {
  constructor(
    consumers: EventConsumers,
    private readonly repository: ActivityRepository,
    private readonly users: UsersService,
    private readonly realtime: RealtimePublisher,
  ) {
    consumers.register({
      name: 'activity',
      types: TYPES,
      handle: (event, tx, context) => this.handle(event, tx, context.eventId),
    });
  }

  /** After commit, the readers who see the item as new get a live nudge (trending items, which everyone sees, do not). */
  async handle(event: Handled, tx: TransactionClient, eventId: string): Promise<AfterCommit | void> {
    const activity = await this.toActivity(event, tx);
    if (!activity || !(await this.repository.insert(tx, { ...activity, eventId })) || !activity.actorId) return;
    const audience = await this.repository.audience(tx, activity);
    return () => this.realtime.toUsers(audience, RealtimeEvents.activity, {});
  }

  private async toActivity(event: Handled, tx: TransactionClient): Promise<Omit<NewActivity, 'eventId'> | null> {
    switch (event.type) {
      case 'DiagramPublished':
        return {
          type: 'publish-diagram',
          actorId: event.payload.ownerId,
          subjectUserId: null,
          diagramId: event.payload.diagramId,
        };
      case 'DiagramShared': {
        const invitee = await this.users.findByEmail(event.payload.email, tx);
        return {
          type: 'share-diagram',
          actorId: event.payload.sharedById,
          subjectUserId: invitee?.id ?? null,
          diagramId: event.payload.diagramId,
        };
      }
      case 'DiagramLiked': {
        const p = event.payload;
        return {
          type: 'like-diagram',
          actorId: p.likedById,
          subjectUserId: p.ownerId === p.likedById ? null : p.ownerId,
          diagramId: p.diagramId,
        };
      }
      case 'DiagramCopied': {
        const p = event.payload;
        return {
          type: 'clone-diagram',
          actorId: p.copiedById,
          subjectUserId: p.sourceOwnerId === p.copiedById ? null : p.sourceOwnerId,
          diagramId: p.diagramId,
        };
      }
      case 'DiagramCreated':
        return {
          type: 'create-diagram',
          actorId: event.payload.ownerId,
          subjectUserId: null,
          diagramId: event.payload.diagramId,
        };
      case 'DiagramUpdated': {
        const p = event.payload;
        return {
          type: 'update-diagram',
          actorId: p.updatedById,
          subjectUserId: await this.repository.diagramOwnerOtherThan(tx, p.diagramId, p.updatedById),
          diagramId: p.diagramId,
        };
      }
      case 'UserFollowed':
        return {
          type: 'follow-user',
          actorId: event.payload.followerId,
          subjectUserId: event.payload.followedId,
          diagramId: null,
        };
      case 'TemplatePublished':
        return {
          type: 'publish-template',
          actorId: event.payload.publishedById,
          subjectUserId: null,
          diagramId: event.payload.diagramId,
        };
      case 'CommunityTrending': {
        const p = event.payload;
        if (p.kind === 'user')
          return { type: 'new-trending-user', actorId: null, subjectUserId: p.subjectId, diagramId: null };
        return {
          type: p.kind === 'template' ? 'new-trending-template' : 'new-trending-diagram',
          actorId: null,
          subjectUserId: await this.repository.diagramOwnerOtherThan(tx, p.subjectId, null),
          diagramId: p.subjectId,
        };
      }
    }
  }
}
