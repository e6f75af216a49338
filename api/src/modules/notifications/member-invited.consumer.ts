import { Injectable } from '@nestjs/common';
import { TeamTexts, type DomainEvent } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { EventConsumers, type AfterCommit } from '../events/event-consumers.js';
import { UsersService } from '../users/users.service.js';
import { NotificationsService } from './notifications.service.js';

const TYPES = ['MemberInvited', 'MemberRemoved'] as const;

/**
 * A team invitation for someone who has an account: a notification linking to the invitation
 * (accept or decline there). People without an account get only the e-mail. A removed member is
 * told they left the team.
 */
@Injectable()
export class MemberInvitedConsumer {
  constructor(
    consumers: EventConsumers,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
  ) {
    consumers.register({ name: 'notifications-teams', types: TYPES, handle: (event, tx) => this.handle(event, tx) });
  }

  async handle(event: DomainEvent<(typeof TYPES)[number]>, tx: TransactionClient): Promise<AfterCommit | void> {
    if (event.type === 'MemberRemoved') {
      const removed = event.payload;
      const message = TeamTexts.removedNotice.replace('{team}', removed.workspaceName);
      return this.notifications.addInTransaction(tx, removed.userId, 'warning', message, '/diagrams');
    }
    const p = event.payload;
    const invitee = await this.users.findByEmail(p.email, tx);
    if (!invitee) return;
    const person = await this.users.displayName(p.invitedById, tx);
    const message = TeamTexts.invitedNotice.replace('{person}', person).replace('{team}', p.workspaceName);
    return this.notifications.addInTransaction(
      tx,
      invitee.id,
      'info',
      message,
      p.invitationId ? `/invitations/${p.invitationId}` : '/invitations',
    );
  }
}
