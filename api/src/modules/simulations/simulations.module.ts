import { Module } from '@nestjs/common';
import { PlaysModule } from '../plays/plays.module.js';
import { SimulationsProcessor } from './simulations.processor.js';

/** Server-side batches (the `simulations` queue). */
@Module({ imports: [PlaysModule], providers: [SimulationsProcessor] })
export class SimulationsModule {}
