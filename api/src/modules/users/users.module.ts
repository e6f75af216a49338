import { PlansModule } from '../plans/plans.module.js';
import { Module } from '@nestjs/common';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { UsersController } from './users.controller.js';
import { UserFieldsModule } from './user-fields.module.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [WorkspacesModule, PlansModule, UserFieldsModule],
  controllers: [UsersController],
  providers: [UsersService],
  exports: [UsersService, UserFieldsModule],
})
export class UsersModule {}
