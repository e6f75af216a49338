import { Module } from '@nestjs/common';
import { DiagramsModule } from '../diagrams/diagrams.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { LibraryController } from './library.controller.js';
import { LibraryRepository } from './library.repository.js';
import { LibraryService } from './library.service.js';
import { PreferencesService } from './preferences.service.js';

/** Library items (plan limits through EntitlementsService), Global Settings preferences and the diagram token. */
@Module({
  imports: [DiagramsModule, PlansModule],
  controllers: [LibraryController],
  providers: [LibraryRepository, LibraryService, PreferencesService],
})
export class LibraryModule {}
