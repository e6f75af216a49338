import { Module } from '@nestjs/common';
import { ContentModule } from '../content/content.module.js';
import { CommunityRepository } from './community.repository.js';
import { SearchController } from './search.controller.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';

@Module({
  imports: [ContentModule],
  controllers: [SearchController],
  providers: [SearchRepository, CommunityRepository, SearchService],
  exports: [SearchService],
})
export class SearchModule {}
