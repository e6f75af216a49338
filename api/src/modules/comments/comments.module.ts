import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { EventsModule } from '../events/events.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { CommentMentionsConsumer } from './comment-mentions.consumer.js';
import { CommentsController } from './comments.controller.js';
import { CommentsRepository } from './comments.repository.js';
import { CommentsService } from './comments.service.js';

@Module({
  imports: [DiagramsModule, EventsModule, NotificationsModule, MailModule, UsersModule],
  controllers: [CommentsController],
  providers: [CommentsRepository, CommentsService, CommentMentionsConsumer],
})
export class CommentsModule {}
