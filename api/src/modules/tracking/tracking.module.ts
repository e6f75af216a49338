import { Module } from '@nestjs/common';
import { TrackingController } from './tracking.controller.js';
import { TrackingRepository } from './tracking.repository.js';
import { TrackingService } from './tracking.service.js';

@Module({ controllers: [TrackingController], providers: [TrackingRepository, TrackingService] })
export class TrackingModule {}
