import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { ToursController } from './tours.controller.js';
import { ToursRepository } from './tours.repository.js';
import { ToursService } from './tours.service.js';

@Module({
  imports: [DiagramsModule],
  controllers: [ToursController],
  providers: [ToursRepository, ToursService],
  exports: [ToursService],
})
export class ToursModule {}
