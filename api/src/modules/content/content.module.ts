import { Module } from '@nestjs/common';
import { BlogService } from './blog.service.js';
import { ContentCache } from './content-cache.js';
import { ContentLoaderService } from './content-loader.service.js';
import { ContentController } from './content.controller.js';
import { ContentRepository } from './content.repository.js';
import { ContentService } from './content.service.js';
import { LearnService } from './learn.service.js';

@Module({
  controllers: [ContentController],
  providers: [ContentCache, ContentRepository, ContentLoaderService, ContentService, LearnService, BlogService],
  exports: [ContentCache, ContentLoaderService, ContentService, LearnService, BlogService],
})
export class ContentModule {}
