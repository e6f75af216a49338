import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { EventConsumers, type AfterCommit } from '../events/event-consumers.js';
import { UsersService } from '../users/users.service.js';
import { MailService } from './mail.service.js';

const TYPES = ['DiagramShared'] as const;

/**
 * The e-mails that follow from domain events: the mail_log row is written in the delivery's
 * transaction (so a redelivered event writes no second message) and handed to the mail queue after commit.
 */
@Injectable()
export class MailEventsConsumer {
  constructor(
    consumers: EventConsumers,
    private readonly mail: MailService,
    private readonly users: UsersService,
  ) {
    consumers.register({ name: 'mail', types: TYPES, handle: (event, tx) => this.handle(event, tx) });
  }

  async handle(event: DomainEvent<(typeof TYPES)[number]>, tx: TransactionClient): Promise<AfterCommit> {
    const p = event.payload;
    const [person, invitee] = await Promise.all([
      this.users.displayName(p.sharedById, tx),
      this.users.findByEmail(p.email, tx),
    ]);
    // No account yet (or never confirmed): the e-mail's link signs them up and then opens the diagram.
    const hasAccount = !!invitee?.emailConfirmedAt;
    const id = await this.mail.record(
      'diagram-shared',
      p.email,
      { person, diagramName: p.diagramName, fuid: p.fuid, role: p.role, hasAccount, email: p.email },
      tx,
    );
    return () => this.mail.dispatch(id);
  }
}
