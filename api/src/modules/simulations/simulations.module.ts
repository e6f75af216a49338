import { Module } from '@nestjs/common';
import { PlaysModule } from '../plays/plays.module.js';
import { BatchAnnouncer } from './batch-announcer.js';
import { BatchRecovery } from './batch-recovery.service.js';
import { SimulationThreads } from './block-threads.provider.js';
import { BlocksProcessor } from './blocks.processor.js';
import { SimulationsProcessor } from './simulations.processor.js';

/** Server-side batches: split into blocks (the `blocks` queue) and merged (the `simulations` queue). */
@Module({
  imports: [PlaysModule],
  providers: [SimulationsProcessor, BlocksProcessor, SimulationThreads, BatchAnnouncer, BatchRecovery],
  exports: [BatchRecovery],
})
export class SimulationsModule {}
