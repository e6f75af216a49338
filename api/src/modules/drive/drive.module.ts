import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { DriveController } from './drive.controller.js';
import { DriveRepository } from './drive.repository.js';
import { DriveService } from './drive.service.js';

/** Google Drive import and export of diagrams (offered when Google OAuth is configured). */
@Module({ imports: [DiagramsModule], controllers: [DriveController], providers: [DriveRepository, DriveService] })
export class DriveModule {}
