import { Module } from '@nestjs/common';
import { SharesRepository } from './shares.repository.js';
import { SharesService } from './shares.service.js';

/** The diagram_shares records. A leaf, so the access service can read them without a cycle. */
@Module({ providers: [SharesRepository, SharesService], exports: [SharesService] })
export class SharesModule {}
