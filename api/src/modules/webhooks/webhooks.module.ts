import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { EventsModule } from '../events/events.module.js';
import { WebhookEventsConsumer } from './webhook-events.consumer.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

@Module({
  imports: [DiagramsModule, EventsModule],
  controllers: [WebhooksController],
  providers: [WebhooksRepository, WebhooksService, WebhookEventsConsumer],
})
export class WebhooksModule {}
