import { Body, Controller, Header, Inject, Param, Query, Req } from '@nestjs/common';
import { communityEndpoints as endpoints, contentEndpoints, ErrorCode } from '@loopwright/contracts';
import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { RequireRole } from '../../core/auth/roles.decorator.js';
import { deriveKey } from '../../core/crypto/keys.js';
import { AppError } from '../../core/errors/app-error.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { APP_CONFIG } from '../../core/tokens.js';
import { SearchService } from '../search/search.service.js';
import { CommunityViewsService, visitorOf } from './community-views.service.js';
import { CommunityService } from './community.service.js';
import { RankingsJobsService } from './rankings-jobs.service.js';
import { SpotlightService } from './spotlight.service.js';

type E = typeof endpoints;
const ok = <T>(content: T) => ({ success: true as const, content });
const viewer = (caller: Caller | undefined) => caller?.userId ?? null;

/**
 * The spec's community API (website.md §7), `{ success, content }`, public but caller-aware: a
 * session or the user API key makes likedByAuthenticatedUser / isFollowed the caller's.
 */
@Controller()
export class CommunityController {
  private readonly userHashKey: Buffer;

  constructor(
    private readonly community: CommunityService,
    private readonly views: CommunityViewsService,
    private readonly spotlight: SpotlightService,
    private readonly jobs: RankingsJobsService,
    private readonly search: SearchService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // The same key and formula as the user_hash of /oauth2/userinfo (users/user-view.ts).
    this.userHashKey = deriveKey(config.APP_SECRET, 'user-hash');
  }

  @Endpoint(endpoints.diagrams)
  async diagrams(@CurrentCaller() caller: Caller | undefined, @Query() q: Input<E['diagrams']['query']>) {
    const templates = q.source === 'templates';
    const order =
      q.sortBy === 'likeCount'
        ? 'appreciated'
        : q.sortBy === 'viewCount'
          ? 'viewed'
          : q.sortBy === 'highlighted'
            ? 'highlighted'
            : q.sortBy === 'ofTheMonth'
              ? 'ofTheMonth'
              : templates
                ? 'template'
                : 'recent';
    const result = await this.community.diagrams({
      viewerId: viewer(caller),
      fuids: q.fileKeys.length ? q.fileKeys : undefined,
      owner: q.username && !q.getLikedDiagrams ? q.username : undefined,
      likedBy: q.username && q.getLikedDiagrams ? q.username : undefined,
      templatesOnly: templates,
      excludeFuid: q.currentDiagramKey,
      tag: q.tag,
      term: q.query,
      order,
      direction: q.sortOrder,
      page: q.page,
      count: q.count,
    });
    if (q.additionalInfo)
      for (const item of result.list) item.contributors = await this.community.contributors(item.fuid);
    return ok(result);
  }

  @Endpoint(endpoints.diagramCard)
  async diagramCard(@CurrentCaller() caller: Caller | undefined, @Query() q: Input<E['diagramCard']['query']>) {
    return ok(await this.community.card(q.fileKey, viewer(caller)));
  }

  @Endpoint(endpoints.diagramsDataNoCache)
  @Header('Cache-Control', 'no-store')
  async diagramsData(
    @CurrentCaller() caller: Caller | undefined,
    @Query() q: Input<E['diagramsDataNoCache']['query']>,
  ) {
    if (!q.fileKeys.length) return ok([]);
    const { list } = await this.community.diagrams({
      viewerId: viewer(caller),
      fuids: q.fileKeys.slice(0, 100),
      order: 'recent',
      direction: 'desc',
      page: 1,
      count: 100,
    });
    return ok(
      list.map((d) => ({
        fuid: d.fuid,
        likeCount: d.likeCount,
        likedByAuthenticatedUser: d.likedByAuthenticatedUser,
        viewCount: d.viewCount,
        owner: { username: d.owner.username, isFollowed: d.owner.isFollowed },
      })),
    );
  }

  @Endpoint(endpoints.diagramContributors)
  async contributors(@Query() q: Input<E['diagramContributors']['query']>) {
    return ok({ diagramContributors: await this.community.contributors(q.fileKey) });
  }

  @Endpoint(endpoints.diagramSearch)
  async diagramSearch(@CurrentCaller() caller: Caller | undefined, @Query() q: Input<E['diagramSearch']['query']>) {
    if (q.query.trim().length < 3) return ok({ list: [], totalCount: 0 }); // website.md §5: at least 3 characters
    return ok(
      await this.community.diagrams({
        viewerId: viewer(caller),
        term: q.query,
        order: 'appreciated',
        direction: 'desc',
        page: q.page,
        count: q.count,
      }),
    );
  }

  @Endpoint(endpoints.diagramSearchTag)
  async diagramSearchTag(
    @CurrentCaller() caller: Caller | undefined,
    @Query() q: Input<E['diagramSearchTag']['query']>,
  ) {
    return ok(
      await this.community.diagrams({
        viewerId: viewer(caller),
        tag: q.tag,
        order: 'appreciated',
        direction: 'desc',
        page: q.page,
        count: q.count,
      }),
    );
  }

  @Endpoint(endpoints.tags)
  async tags(@Query() q: Input<E['tags']['query']>) {
    return ok(await this.community.tags(q.query, { page: q.page, count: q.count }));
  }

  @Endpoint(endpoints.userSearch)
  async userSearch(@CurrentCaller() caller: Caller | undefined, @Query() q: Input<E['userSearch']['query']>) {
    const order =
      q.filter === 'designersOfTheMonth'
        ? 'ofTheMonth'
        : (
            {
              diagramLikeCount: 'likes',
              created: 'created',
              lastActive: 'active',
              followerCount: 'followed',
              viewCount: 'viewed',
            } as const
          )[q.sortBy];
    const result = await this.community.designers({
      viewerId: viewer(caller),
      term: q.query,
      forHire: q.filter === 'designersForHire',
      ofTheMonth: q.filter === 'designersOfTheMonth',
      usernames: q.username ? [q.username] : undefined,
      excludeEmpty: q.excludeEmptyProfiles,
      order,
      direction: q.sortOrder,
      page: q.page,
      count: q.count,
    });
    if (!q.getLastSeen) for (const d of result.list) d.lastSeen = null;
    return ok(q.allUsersCount ? { ...result, allUsersCount: await this.community.allDesignersCount() } : result);
  }

  @Endpoint(endpoints.users)
  async users(@CurrentCaller() caller: Caller | undefined, @Query() q: Input<E['users']['query']>) {
    if (!q.usernames.length) return ok({ list: [] });
    const { list } = await this.community.designers({
      viewerId: viewer(caller),
      usernames: q.usernames.slice(0, 100),
      excludeEmpty: q.excludeEmptyProfiles,
      order: 'active',
      direction: 'desc',
      page: 1,
      count: 100,
    });
    return ok({ list });
  }

  @Endpoint(endpoints.search)
  async searchAll(@Query() q: Input<E['search']['query']>) {
    return ok(await this.search.search(q.query, q.filter));
  }

  @Endpoint(endpoints.suggestions)
  async suggestions(@Query() q: Input<E['suggestions']['query']>) {
    const list = await this.search.suggestions(q.query, q.filter, 'community', q.count);
    return ok(list.map((s) => ({ category: s.category, id: s.id, title: s.title, url: s.url })));
  }

  @Endpoint(endpoints.recordView)
  async recordView(
    @CurrentCaller() caller: Caller | undefined,
    @Body() body: Input<E['recordView']['body']>,
    @Req() request: Request,
  ) {
    const visitor = visitorOf(request, viewer(caller));
    const counted =
      'fuid' in body
        ? await this.views.diagramViewed(body.fuid, visitor)
        : await this.views.profileViewed(body.username, visitor);
    return ok({ counted });
  }

  @Endpoint(endpoints.intercomIdentifier)
  intercomIdentifier(@CurrentCaller() caller: Caller, @Param() params: Input<E['intercomIdentifier']['params']>) {
    if (caller.userId !== params.userId && caller.role !== 'admin') throw new AppError(ErrorCode.AUTH_FORBIDDEN);
    return ok({ user_hash: createHmac('sha256', this.userHashKey).update(params.userId).digest('hex') });
  }

  // ---- spotlight (admin) and the spec's featured answer ----

  @Endpoint(contentEndpoints.featured)
  featured() {
    return this.spotlight.featured();
  }

  @Endpoint(endpoints.spotlights)
  @RequireRole('admin')
  async spotlights(@CurrentCaller() caller: Caller) {
    return ok(await this.spotlight.list(caller.userId));
  }

  @Endpoint(endpoints.addSpotlight)
  @RequireRole('admin')
  async addSpotlight(@CurrentCaller() caller: Caller, @Body() body: Input<E['addSpotlight']['body']>) {
    return ok({ added: await this.spotlight.add(body, caller.userId) });
  }

  @Endpoint(endpoints.removeSpotlight)
  @RequireRole('admin')
  async removeSpotlight(@CurrentCaller() caller: Caller, @Param() params: Input<E['removeSpotlight']['params']>) {
    return ok({ removed: await this.spotlight.remove(params.kind, params.key, caller.userId) });
  }

  @Endpoint(endpoints.runOfTheMonth)
  @RequireRole('admin')
  async runOfTheMonth() {
    return ok(await this.jobs.computeOfTheMonth());
  }
}
