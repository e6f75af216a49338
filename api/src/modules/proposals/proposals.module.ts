import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { EventsModule } from '../events/events.module.js';
import { ProposalsController } from './proposals.controller.js';
import { ProposalsRepository } from './proposals.repository.js';
import { ProposalsService } from './proposals.service.js';

@Module({
  imports: [DiagramsModule, EventsModule],
  controllers: [ProposalsController],
  providers: [ProposalsRepository, ProposalsService],
})
export class ProposalsModule {}
