import { Module } from '@nestjs/common';
import { UserFieldsService } from './user-fields.service.js';
import { UsersRepository } from './users.repository.js';

/** The users table's leaf module: imports nothing, so plans (which UsersModule needs) can use it too. */
@Module({
  providers: [UsersRepository, UserFieldsService],
  exports: [UsersRepository, UserFieldsService],
})
export class UserFieldsModule {}
