import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { SharesModule } from '../shares/shares.module.js';
import { UsersModule } from '../users/users.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { DiagramAccessService } from './diagram-access.service.js';
import { DiagramCompareService } from './diagram-compare.service.js';
import { DiagramFilesService } from './diagram-files.service.js';
import { DiagramSaveService } from './diagram-save.service.js';
import { DiagramVersionsController } from './diagram-versions.controller.js';
import { DiagramViewsService } from './diagram-views.service.js';
import { DiagramsController } from './diagrams.controller.js';
import { DiagramsRepository } from './diagrams.repository.js';
import { DiagramsService } from './diagrams.service.js';
import { TrashService } from './trash.service.js';
import { DiagramCountersService } from './diagram-counters.service.js';
import { LiveDocuments } from './live-documents.js';

@Module({
  imports: [WorkspacesModule, SharesModule, UsersModule, EventsModule, PlansModule],
  controllers: [DiagramsController, DiagramVersionsController],
  providers: [
    DiagramsRepository,
    DiagramAccessService,
    DiagramCountersService,
    DiagramSaveService,
    DiagramCompareService,
    DiagramViewsService,
    DiagramsService,
    DiagramFilesService,
    TrashService,
    LiveDocuments,
  ],
  exports: [
    LiveDocuments,
    DiagramAccessService,
    DiagramCountersService,
    DiagramsService,
    DiagramViewsService,
    DiagramFilesService,
    DiagramSaveService,
  ],
})
export class DiagramsModule {}
