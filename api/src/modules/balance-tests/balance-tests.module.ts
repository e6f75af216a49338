import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { EventsModule } from '../events/events.module.js';
import { BalanceTestsController } from './balance-tests.controller.js';
import { BalanceTestsRepository } from './balance-tests.repository.js';
import { BalanceTestsService } from './balance-tests.service.js';

@Module({
  imports: [DiagramsModule, EventsModule],
  controllers: [BalanceTestsController],
  providers: [BalanceTestsRepository, BalanceTestsService],
})
export class BalanceTestsModule {}
