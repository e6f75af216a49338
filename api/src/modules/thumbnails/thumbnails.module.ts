import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { ThumbnailsController } from './thumbnails.controller.js';
import { ThumbnailsRepository } from './thumbnails.repository.js';
import { ThumbnailsService } from './thumbnails.service.js';

@Module({
  imports: [DiagramsModule],
  controllers: [ThumbnailsController],
  providers: [ThumbnailsRepository, ThumbnailsService],
  exports: [ThumbnailsService],
})
export class ThumbnailsModule {}
