import { Injectable } from '@nestjs/common';
import { DiagramTexts, ProposalTexts, SocialTexts, WebhookTexts, type DomainEvent } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { EventConsumers, type AfterCommit } from '../events/event-consumers.js';
import { UsersService } from '../users/users.service.js';
import { NotificationsService } from './notifications.service.js';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key] ?? ''));
const TYPES = [
  'BatchFinished',
  'DiagramShared',
  'DiagramCopied',
  'DiagramLiked',
  'UserFollowed',
  'ProposalOpened',
  'ProposalDecided',
  'WebhookDisabled',
] as const;

/** Turns domain events into notifications (stored, then pushed live to the user's sockets). */
@Injectable()
export class NotificationEventsConsumer {
  constructor(
    consumers: EventConsumers,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
  ) {
    consumers.register({ name: 'notifications', types: TYPES, handle: (event, tx) => this.handle(event, tx) });
  }

  async handle(event: DomainEvent<(typeof TYPES)[number]>, tx: TransactionClient): Promise<AfterCommit | void> {
    switch (event.type) {
      case 'BatchFinished': {
        const p = event.payload;
        if (!p.authorId) return;
        const link = `/diagrams/${p.fuid}?play=${p.playId}`;
        const study = p.kind === 'study';
        return p.status === 'done'
          ? this.notifications.addInTransaction(
              tx,
              p.authorId,
              'info',
              fill(study ? DiagramTexts.studyDone : DiagramTexts.batchDone, { runs: p.runs, name: p.diagramName }),
              link,
              study ? 'Balance study finished' : 'Batch finished',
            )
          : this.notifications.addInTransaction(
              tx,
              p.authorId,
              'error',
              fill(study ? DiagramTexts.studyFailedNotice : DiagramTexts.batchFailedNotice, {
                runs: p.runs,
                name: p.diagramName,
                reason: DiagramTexts.batchFailed,
              }),
              link,
              study ? 'Balance study failed' : 'Batch failed',
            );
      }
      case 'WebhookDisabled': {
        const p = event.payload;
        return this.notifications.addInTransaction(
          tx,
          p.ownerId,
          'warning',
          fill(WebhookTexts.disabledNotification, { url: p.url, failures: p.failures }),
          '/settings/webhooks',
          WebhookTexts.disabledNotificationTitle,
        );
      }
      case 'DiagramShared': {
        const p = event.payload;
        const invitee = await this.users.findByEmail(p.email, tx);
        if (!invitee) return; // no account yet: the e-mail invites them
        const person = await this.users.displayName(p.sharedById, tx);
        return this.notifications.addInTransaction(
          tx,
          invitee.id,
          'info',
          fill(DiagramTexts.sharedWithYou, { person, name: p.diagramName }),
          `/diagrams/${p.fuid}`,
          'Diagram shared',
        );
      }
      case 'DiagramCopied': {
        const p = event.payload;
        if (!p.sourceOwnerId || p.sourceOwnerId === p.copiedById) return; // your own duplicates are no news
        const person = await this.users.displayName(p.copiedById, tx);
        return this.notifications.addInTransaction(
          tx,
          p.sourceOwnerId,
          'info',
          fill(DiagramTexts.copiedYours, { person, name: p.diagramName }),
          `/diagrams/${p.fuid}`,
          'Diagram copied',
        );
      }
      case 'DiagramLiked': {
        const p = event.payload;
        if (p.likedById === p.ownerId) return; // liking your own diagram tells you nothing
        const person = await this.users.displayName(p.likedById, tx);
        return this.notifications.addInTransaction(
          tx,
          p.ownerId,
          'info',
          fill(SocialTexts.likedNotice, { person, name: p.diagramName }),
          `/diagrams/${p.fuid}`,
        );
      }
      case 'UserFollowed': {
        const p = event.payload;
        // One query at a time on a transaction client.
        const person = await this.users.displayName(p.followerId, tx);
        const follower = await this.users.findById(p.followerId, tx);
        return this.notifications.addInTransaction(
          tx,
          p.followedId,
          'info',
          fill(SocialTexts.followedNotice, { person }),
          follower?.username ? `/community/${follower.username}/profile` : undefined,
        );
      }
      case 'ProposalOpened': {
        const p = event.payload;
        if (p.proposerId === p.sourceOwnerId) return; // a copy of your own diagram: you know
        const person = await this.users.displayName(p.proposerId, tx);
        return this.notifications.addInTransaction(
          tx,
          p.sourceOwnerId,
          'info',
          fill(ProposalTexts.received, { person, name: p.diagramName }),
          `/diagrams/${p.fuid}?proposal=${p.proposalId}`,
          'Changes proposed',
        );
      }
      case 'ProposalDecided': {
        const p = event.payload;
        if (p.proposerId === p.decidedById) return;
        const person = await this.users.displayName(p.decidedById, tx);
        return this.notifications.addInTransaction(
          tx,
          p.proposerId,
          p.accepted ? 'info' : 'warning',
          fill(p.accepted ? ProposalTexts.accepted : ProposalTexts.declined, { person, name: p.diagramName }),
          p.accepted ? `/diagrams/${p.fuid}` : `/diagrams/${p.copyFuid}`,
          p.accepted ? 'Changes accepted' : 'Changes declined',
        );
      }
    }
  }
}
