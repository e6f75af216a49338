import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { SharingController } from './sharing.controller.js';
import { SharingRepository } from './sharing.repository.js';
import { SharingService } from './sharing.service.js';

@Module({ imports: [DiagramsModule], controllers: [SharingController], providers: [SharingRepository, SharingService] })
export class SharingModule {}
