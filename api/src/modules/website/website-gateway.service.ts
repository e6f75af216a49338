import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { IdentityResolver } from '../../core/auth/identity-resolver.js';
import { LOGGER } from '../../core/tokens.js';
import type {
  Collection,
  CommunityExplore,
  CommunityFilter,
  CommunityList,
  CommunityListOptions,
  SearchFilter,
  SuggestionContext,
  WebsiteGateway,
} from '@loopwright/contracts';
import { CommunityService } from '../community/community.service.js';
import { SpotlightService } from '../community/spotlight.service.js';
import { BlogService } from '../content/blog.service.js';
import { ContentCache } from '../content/content-cache.js';
import { ContentService } from '../content/content.service.js';
import { LearnService } from '../content/learn.service.js';
import { PlanCatalogueService } from '../plans/plan-catalogue.service.js';
import { SearchService } from '../search/search.service.js';
import { SocialService } from '../social/social.service.js';
import { classifyOutage } from '../../core/errors/outage.js';

/** Not found (a null) instead of an error, so routes render their own 404. */
async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

/**
 * website.md §8: a community listing, post list or category failure is an empty list (total 0), not
 * an error page; the failure is logged. (A 404 is still a 404: the routes render their not-found page.
 * An outage — the database unreachable — stays an outage: the page answers 503 with Retry-After, so no
 * cache keeps an empty list as the page.)
 */
async function orEmpty<T>(work: Promise<T>, empty: T, logger: Logger, what: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as { status?: number }).status === 404 || classifyOutage(error)) throw error;
    logger.warn({ error: (error as Error).message, what }, 'website list failed: shown empty');
    return empty;
  }
}
const noPage = { list: [], totalCount: 0 };
type SeeAll = Awaited<ReturnType<CommunityService['seeAll']>>;

/**
 * What server-rendered pages read, in-process (published content through the 10 s cache): published on the Express app's locals, from where
 * the React Router handler puts it into every request's load context (api/src/web/).
 */
@Injectable()
export class WebsiteGatewayService implements WebsiteGateway, OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly content: ContentService,
    private readonly learn: LearnService,
    private readonly blog: BlogService,
    private readonly searchService: SearchService,
    private readonly cache: ContentCache,
    private readonly identity: IdentityResolver,
    private readonly social: SocialService,
    private readonly plans: PlanCatalogueService,
    private readonly community: CommunityService,
    private readonly spotlight: SpotlightService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async pricing() {
    return { plans: await this.plans.list(true), billingEnabled: this.plans.billingEnabled };
  }

  onModuleInit(): void {
    const express = this.adapterHost.httpAdapter?.getInstance?.<{ locals?: Record<string, unknown> }>();
    if (express?.locals) express.locals.websiteGateway = this;
  }

  menus() {
    return this.cache.get('menus', () => this.content.menus());
  }
  cta() {
    return this.cache.get('cta', () => this.content.cta());
  }
  page(slug: string, preview: boolean) {
    if (preview) return this.content.page(slug, true);
    return this.cache.get(`page:${slug}`, () => this.content.page(slug, false));
  }
  chapters(collection: Collection) {
    return this.cache.get(`chapters:${collection}`, async () => (await orNull(this.learn.chapters(collection))) ?? []);
  }
  learnPage(collection: Collection, slug: string, preview: boolean) {
    if (preview) return this.learn.page(collection, slug, true);
    return this.cache.get(`learn:${collection}:${slug}`, () => this.learn.page(collection, slug, false));
  }
  posts(perPage: number, page: number, categorySlug?: string) {
    return orEmpty(
      this.cache.get(`posts:${perPage}:${page}:${categorySlug ?? ''}`, () =>
        this.blog.posts(perPage, page, categorySlug),
      ),
      { posts: [], totalPosts: 0 },
      this.logger,
      'posts',
    );
  }
  postsByAuthor(slug: string, perPage: number, page: number) {
    return this.cache.get(`author:${slug}:${perPage}:${page}`, () => this.blog.postsByAuthor(slug, perPage, page));
  }
  categories() {
    return orEmpty(
      this.cache.get('categories', () => this.blog.categories()),
      [],
      this.logger,
      'categories',
    );
  }
  post(slug: string, preview: boolean) {
    if (preview) return this.blog.post(slug, true);
    return this.cache.get(`post:${slug}`, () => this.blog.post(slug, false));
  }
  glossary() {
    return this.cache.get('glossary', () => this.content.glossary());
  }
  glossaryTerm(slug: string) {
    return this.cache.get(`glossary:${slug}`, () => this.content.glossaryTerm(slug));
  }
  jobs() {
    return this.cache.get('jobs', () => this.content.jobs());
  }
  job(slug: string) {
    return this.cache.get(`job:${slug}`, () => this.content.job(slug));
  }
  partners() {
    return this.cache.get('partners', () => this.content.partners());
  }
  socialPosts(ids: string[]) {
    return this.cache.get(`social:${ids.join('+')}`, () => this.content.socialPosts(ids));
  }
  search(term: string, filter: 'all' | 'documentation') {
    return this.searchService.search(term, filter);
  }
  suggestions(term: string, filter: SearchFilter, context: SuggestionContext) {
    return this.searchService.suggestions(term, filter, context);
  }
  designers(query: { term?: string; page: number; count: number }) {
    return this.searchService.designers(query);
  }
  designer(username: string) {
    return this.searchService.designer(username);
  }
  diagrams(query: { term?: string; owner?: string; sort: 'newest' | 'popular'; page: number; count: number }) {
    return this.searchService.diagrams(query);
  }
  diagram(fuid: string) {
    return this.searchService.diagram(fuid);
  }
  sitemapPaths() {
    return this.content.sitemapPaths();
  }
  async likedDiagrams(username: string, page: { page: number; count: number }) {
    const { fuids, total } = await this.social.likedFuids(username, page);
    return { list: await this.searchService.diagramCards(fuids), totalCount: total };
  }
  async connections(username: string, which: 'following' | 'followers', page: { page: number; count: number }) {
    const { usernames, total } = await this.social.connectionPage(username, which, page);
    return { list: await this.searchService.designerCards(usernames), totalCount: total };
  }

  /** Read for no viewer: the pages are shared by every reader (the page cache), and each reader's likes and follows come from /community/social-state. */
  async communityExplore(): Promise<CommunityExplore> {
    const viewer = null;
    const first = { page: 1, count: 8 };
    const empty = <T>(work: Promise<T>, fallback: T, what: string) => orEmpty(work, fallback, this.logger, what);
    const [spotlight, forHire, templates, dNewest, dPopular, dMonth, uNewest, uPopular, uMonth] = await Promise.all([
      empty(this.spotlight.list(viewer), { diagrams: [], designers: [] }, 'spotlight'),
      empty(
        this.community.seeAll('designersForHire', {
          viewerId: viewer,
          diagramSort: 'appreciated',
          designerSort: 'active',
          page: 1,
          count: 4,
        }) as Promise<SeeAll>,
        noPage as SeeAll,
        'designersForHire',
      ),
      empty(this.community.newTemplates(viewer), noPage, 'newTemplates'),
      empty(this.community.diagramTab('newest', viewer, first), noPage, 'diagrams newest'),
      empty(this.community.diagramTab('popular', viewer, first), noPage, 'diagrams popular'),
      empty(this.community.diagramTab('ofTheMonth', viewer, first), noPage, 'diagrams of the month'),
      empty(this.community.designerTab('newest', viewer, first), noPage, 'designers newest'),
      empty(this.community.designerTab('popular', viewer, first), noPage, 'designers popular'),
      empty(this.community.designerTab('ofTheMonth', viewer, first), noPage, 'designers of the month'),
    ]);
    return {
      spotlightDiagrams: spotlight.diagrams.slice(0, 8),
      spotlightDesigners: spotlight.designers.slice(0, 8),
      designersForHire: forHire.list as CommunityExplore['designersForHire'],
      newTemplates: templates.list,
      diagramTabs: { newest: dNewest.list, popular: dPopular.list, ofTheMonth: dMonth.list },
      designerTabs: { newest: uNewest.list, popular: uPopular.list, ofTheMonth: uMonth.list },
    };
  }

  blogSpotlights(count: number) {
    return orEmpty(
      this.cache.get('blog-spotlights', async () => (await this.spotlight.list(null)).diagrams),
      [],
      this.logger,
      'blog spotlights',
    ).then((list) => list.slice(0, count));
  }

  async communityList(filter: CommunityFilter, options: CommunityListOptions): Promise<CommunityList> {
    const viewerId = null;
    if (filter === 'tags')
      return {
        kind: 'tags',
        ...(await orEmpty(this.community.tags(options.term, options), noPage, this.logger, filter)),
      };
    const result = await orEmpty(
      this.community.seeAll(filter, { viewerId, ...options }) as Promise<SeeAll>,
      noPage as SeeAll,
      this.logger,
      filter,
    );
    return filter === 'diagrams' || filter === 'newTemplates'
      ? ({ kind: 'diagrams', ...result } as CommunityList)
      : ({ kind: 'designers', ...result } as CommunityList);
  }

  async viewerRole(request: unknown): Promise<string | null> {
    const caller = await this.identity.resolve(request as Request).catch(() => null);
    return caller?.role ?? null;
  }
}
