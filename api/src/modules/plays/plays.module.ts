import { PlansModule } from '../plans/plans.module.js';
import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { EventsModule } from '../events/events.module.js';
import { PlayBatchesService } from './play-batches.service.js';
import { PlayBlocksRepository } from './play-blocks.repository.js';
import { PlaysController } from './plays.controller.js';
import { PlaysRepository } from './plays.repository.js';
import { PlaysService } from './plays.service.js';

@Module({
  imports: [DiagramsModule, EventsModule, PlansModule],
  controllers: [PlaysController],
  providers: [PlaysRepository, PlayBlocksRepository, PlaysService, PlayBatchesService],
  exports: [PlaysService, PlayBatchesService],
})
export class PlaysModule {}
