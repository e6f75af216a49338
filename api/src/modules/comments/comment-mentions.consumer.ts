import { Injectable } from '@nestjs/common';
import { CommentTexts, type DomainEvent } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { EventConsumers, type AfterCommit } from '../events/event-consumers.js';
import { MailService } from '../mail/mail.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { UsersService } from '../users/users.service.js';

const TYPES = ['CommentAdded', 'CommentEdited'] as const;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? '');

/**
 * Each person a comment @mentions (not its author) gets a notification linking to the thread and
 * an e-mail, both written in the delivery's transaction: a redelivered event adds nothing twice.
 */
@Injectable()
export class CommentMentionsConsumer {
  constructor(
    consumers: EventConsumers,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly users: UsersService,
  ) {
    consumers.register({ name: 'comment-mentions', types: TYPES, handle: (event, tx) => this.handle(event, tx) });
  }

  async handle(event: DomainEvent<(typeof TYPES)[number]>, tx: TransactionClient): Promise<AfterCommit | void> {
    const p = event.payload;
    const people = p.mentionedIds.filter((id) => id !== p.authorId);
    if (!people.length) return;
    const person = await this.users.displayName(p.authorId, tx);
    const link = `/diagrams/${p.fuid}?comment=${p.threadId}`;
    const pushes: (() => void)[] = [];
    const mails: string[] = [];
    // One query at a time on a transaction client.
    for (const id of people) {
      const user = await this.users.findById(id, tx);
      if (!user) continue;
      pushes.push(
        await this.notifications.addInTransaction(
          tx,
          id,
          'info',
          fill(CommentTexts.mentionedNotice, { person, name: p.diagramName, excerpt: p.excerpt }),
          link,
          CommentTexts.mentionedTitle,
        ),
      );
      mails.push(
        await this.mail.record(
          'comment-mention',
          user.email,
          { person, diagramName: p.diagramName, excerpt: p.excerpt, path: link },
          tx,
        ),
      );
    }
    return async () => {
      for (const push of pushes) push();
      await this.mail.dispatch(...mails);
    };
  }
}
