import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { EventsModule } from '../events/events.module.js';
import { WebhookEventsConsumer } from './webhook-events.consumer.js';
import { WebhooksAdminController } from './webhooks-admin.controller.js';
import { WebhooksAdminService } from './webhooks-admin.service.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

@Module({
  imports: [AuditModule, DiagramsModule, EventsModule],
  controllers: [WebhooksController, WebhooksAdminController],
  providers: [WebhooksRepository, WebhooksService, WebhooksAdminService, WebhookEventsConsumer],
})
export class WebhooksModule {}
