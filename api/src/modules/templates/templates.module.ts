import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { ThumbnailsModule } from '../thumbnails/thumbnails.module.js';
import { ToursModule } from '../tours/tours.module.js';
import { TemplatesController } from './templates.controller.js';
import { TemplatesRepository } from './templates.repository.js';
import { TemplatesService } from './templates.service.js';

/** Exports TemplatesService: the community module's "new templates" list calls `newest(4)`. */
@Module({
  imports: [DiagramsModule, EventsModule, ThumbnailsModule, ToursModule],
  controllers: [TemplatesController],
  providers: [TemplatesRepository, TemplatesService],
  exports: [TemplatesService],
})
export class TemplatesModule {}
