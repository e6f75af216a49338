import { Body, Controller, HttpCode, Param, Query, Req } from '@nestjs/common';
import { contentEndpoints, type Collection, type ContentKind, type ErrorCode } from '@loopwright/contracts';
import type { Request } from 'express';
import { AppError } from '../../core/errors/app-error.js';
import { Endpoint } from '../../core/http/endpoint.decorator.js';
import { BlogService } from './blog.service.js';
import { ContentService } from './content.service.js';
import { LearnService } from './learn.service.js';
import { RequireRole } from '../../core/auth/roles.decorator.js';
import { canPreview } from './viewer.js';

const found = <T>(value: T | null, code: ErrorCode): T => {
  if (value === null) throw new AppError(code);
  return value;
};

/** The spec's content backend (`/api/wp-json/...`) and the admins' content editing. */
@Controller()
export class ContentController {
  constructor(
    private readonly learn: LearnService,
    private readonly blog: BlogService,
    private readonly content: ContentService,
  ) {}

  @Endpoint(contentEndpoints.chapters)
  chapters(@Param('collection') collection: Collection) {
    return this.learn.chapters(collection);
  }

  @Endpoint(contentEndpoints.chapterCategory)
  chapterCategory(@Param('taxonomy') taxonomy: string, @Query('slug') slug: string) {
    return this.learn.category(taxonomy === 'doc-category' ? 'docs' : 'learn', slug);
  }

  @Endpoint(contentEndpoints.pageBySlug)
  async learnPage(@Param('collection') collection: Collection, @Param('slug') slug: string, @Query('preview') preview: string | undefined, @Req() request: Request) {
    const page = await this.learn.page(collection, slug, canPreview(request, preview));
    // A list normally, an object in preview mode (as the spec's backend answers).
    if (preview !== undefined) return found(page, 'PAGE_NOT_FOUND');
    return page ? [page] : [];
  }

  @Endpoint(contentEndpoints.postRef)
  postRef(@Param('collection') collection: Collection, @Param('parentId') parentId: string) {
    return this.learn.postRef(collection, parentId);
  }

  @Endpoint(contentEndpoints.posts)
  posts(@Param() params: { perPage: number; page: number }) {
    return this.blog.posts(params.perPage, params.page);
  }

  @Endpoint(contentEndpoints.postsInCategory)
  postsInCategory(@Param() params: { perPage: number; page: number; categoryId: string }) {
    return this.blog.posts(params.perPage, params.page, params.categoryId);
  }

  @Endpoint(contentEndpoints.postsByAuthor)
  async postsByAuthor(@Param() params: { slug: string; perPage: number; page: number }) {
    return found(await this.blog.postsByAuthor(params.slug, params.perPage, params.page), 'NOT_FOUND');
  }

  @Endpoint(contentEndpoints.categories)
  categories() {
    return this.blog.categories();
  }

  @Endpoint(contentEndpoints.page)
  async page(@Param('slug') slug: string, @Query('preview') preview: string | undefined, @Req() request: Request) {
    return found(await this.content.page(slug, canPreview(request, preview)), 'PAGE_NOT_FOUND');
  }

  @Endpoint(contentEndpoints.post)
  async post(@Param('slug') slug: string, @Query('preview') preview: string | undefined, @Req() request: Request) {
    return found(await this.blog.post(slug, canPreview(request, preview)), 'POST_NOT_FOUND');
  }

  @Endpoint(contentEndpoints.menus)
  menus() {
    return this.content.menus();
  }

  @Endpoint(contentEndpoints.cta)
  cta() {
    return this.content.cta();
  }

  @Endpoint(contentEndpoints.glossary)
  glossary() {
    return this.content.glossary();
  }

  @Endpoint(contentEndpoints.glossaryTerm)
  async glossaryTerm(@Param('slug') slug: string) {
    return found(await this.content.glossaryTerm(slug), 'PAGE_NOT_FOUND');
  }

  @Endpoint(contentEndpoints.jobs)
  jobs() {
    return this.content.jobs();
  }

  @Endpoint(contentEndpoints.job)
  async job(@Param('slug') slug: string) {
    return found(await this.content.job(slug), 'PAGE_NOT_FOUND');
  }

  @Endpoint(contentEndpoints.partners)
  partners() {
    return this.content.partners();
  }

  // /wp-json/community/featured is answered by the community module (spotlight.controller.ts).

  @Endpoint(contentEndpoints.tweets)
  tweets(@Param('ids') ids: string) {
    return this.content.socialPosts(ids.split(/[+ ]/).filter(Boolean));
  }

  @Endpoint(contentEndpoints.saveEntry)
  @RequireRole('admin')
  saveEntry(@Param() params: { kind: ContentKind; slug: string }, @Body() body: { title: string; description: string; status: string; body: string; data: Record<string, unknown> }) {
    return this.content.saveEntry(params.kind, params.slug, body);
  }

  @Endpoint(contentEndpoints.deleteEntry)
  @RequireRole('admin')
  @HttpCode(204)
  async deleteEntry(@Param() params: { kind: ContentKind; slug: string }) {
    await this.content.deleteEntry(params.kind, params.slug);
  }
}
