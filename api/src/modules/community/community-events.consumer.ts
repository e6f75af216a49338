import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { EventConsumers } from '../events/event-consumers.js';
import { CommunityRepository } from './community.repository.js';

const TYPES = ['TemplatePublished', 'TemplateWithdrawn'] as const;

/** Keeps the "new templates" list: a diagram published as a template is listed until it is withdrawn (both idempotent). */
@Injectable()
export class CommunityEventsConsumer {
  constructor(
    consumers: EventConsumers,
    private readonly repository: CommunityRepository,
  ) {
    consumers.register({ name: 'community-templates', types: TYPES, handle: (event, tx) => this.handle(event, tx) });
  }

  async handle(event: DomainEvent<(typeof TYPES)[number]>, tx: TransactionClient): Promise<void> {
    if (event.type === 'TemplateWithdrawn') return this.repository.forgetTemplate(tx, event.payload.diagramId);
    const p = event.payload;
    await this.repository.recordTemplate(tx, p.diagramId, p.publishedById, p.templateType, new Date());
  }
}
