import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PlaysModule } from '../plays/plays.module.js';
import { SimulationsProcessor } from './simulations.processor.js';

/** Server-side batches (the `simulations` queue). */
@Module({ imports: [PlaysModule, NotificationsModule], providers: [SimulationsProcessor] })
export class SimulationsModule {}
