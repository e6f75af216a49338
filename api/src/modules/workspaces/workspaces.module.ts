import { Module } from '@nestjs/common';
import { WorkspacesRepository } from './workspaces.repository.js';
import { WorkspacesService } from './workspaces.service.js';

/** Who owns things: personal workspaces now, teams later. A leaf: it depends on no feature module. */
@Module({ providers: [WorkspacesRepository, WorkspacesService], exports: [WorkspacesService] })
export class WorkspacesModule {}
