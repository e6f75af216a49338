import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../core/tokens.js';
import {
  CommunityRules,
  diagramSlug,
  isAlphanumeric,
  searchableTerm,
  type CommunityDesigner,
  type CommunityDiagram,
  type CommunityFilter,
  type CommunityTag,
  type DesignerSort,
  type DesignerTab,
  type DiagramSort,
  type DiagramTab,
} from '@loopwright/contracts';
import {
  CommunityRepository,
  type DesignerOrder,
  type DesignerQuery,
  type DiagramOrder,
  type DiagramQuery,
  type RankedDesignerRow,
  type RankedDiagramRow,
} from './community.repository.js';

/** A diagram file key: 16 characters that pass the spec's alphanumeric check. */
const isFuid = (key: string) => key.length === 16 && isAlphanumeric(key);
const displayName = (first: string | null, last: string | null, username: string) =>
  `${first ?? ''} ${last ?? ''}`.trim() || username;

export function toCommunityDiagram(
  row: RankedDiagramRow,
  contributors: CommunityDiagram['contributors'] = [],
): CommunityDiagram {
  const name = row.name;
  const source = row.is_template ? 'templates' : 'files';
  return {
    fuid: row.fuid,
    uid: row.id,
    name,
    title: name,
    description: row.description,
    owner: {
      username: row.username,
      name: displayName(row.first_name, row.last_name, row.username),
      isFollowed: row.owner_followed,
      avatarUrl: row.avatar_url,
    },
    likeCount: row.like_count,
    likedByAuthenticatedUser: row.liked,
    viewCount: row.view_count,
    playCount: row.play_count,
    forkCount: row.fork_count,
    nodeCount: row.node_count,
    last_modified: row.updated_at.toISOString(),
    source,
    url: `/community/${row.username}/${diagramSlug(name)}-${row.fuid}${source === 'templates' ? '?source=templates' : ''}`,
    thumbnail: `/share-thumbnail/${row.fuid}/png`,
    contributors,
    details: { nodeCount: row.node_count, tags: row.tags, spotlighted: row.spotlighted },
  };
}

export function toCommunityDesigner(row: RankedDesignerRow, viewerId: string | null): CommunityDesigner {
  const firstname = row.first_name ?? '';
  const lastname = row.last_name ?? '';
  return {
    id: row.id,
    username: row.username,
    name: displayName(row.first_name, row.last_name, row.username),
    firstname,
    lastname,
    email: viewerId === row.id ? row.email : null,
    avatarUrl: row.avatar_url,
    jobTitle: row.job_title,
    about: row.about,
    starred: row.spotlighted,
    forHire: row.available_for_hire,
    isFollowed: row.is_followed,
    followerCount: row.follower_count,
    publicDiagramCount: row.public_diagram_count,
    diagramLikeCount: row.diagram_like_count,
    viewCount: row.view_count,
    lastSeen: row.last_active?.toISOString() ?? null,
    created: row.created_at.toISOString(),
  };
}

const diagramSortOrder: Record<DiagramSort, DiagramOrder> = {
  appreciated: 'appreciated',
  viewed: 'viewed',
  recent: 'recent',
};
const diagramTabOrder: Record<DiagramTab, DiagramOrder> = {
  newest: 'recent',
  popular: 'appreciated',
  ofTheMonth: 'ofTheMonth',
};
const designerSortOrder: Record<DesignerSort, DesignerOrder> = {
  active: 'active',
  followed: 'followed',
  viewed: 'viewed',
};
const designerTabOrder: Record<DesignerTab, DesignerOrder> = {
  newest: 'created',
  popular: 'likes',
  ofTheMonth: 'ofTheMonth',
};

export interface ListPage {
  page: number;
  count: number;
}

/**
 * Rankings and lists of the community: explore tabs (Newest, Popular, of the Month), see-all sorts
 * (diagrams: Most Appreciated, Most Viewed, Most Recent; designers: Recently Active, Most Followed,
 * Most Viewed) and every see-all filter. What the SSR pages and the spec's /community API read.
 */
/** Lists are shared by every reader for PAGE_CACHE_SECONDS (as long as the visitors' page cache); each reader's flags and counts are read fresh. */
const SHARED_LIST_MAX = 500;

@Injectable()
export class CommunityService {
  private readonly shared = new Map<string, { at: number; value: Promise<unknown> }>();

  private readonly sharedTtlMs: number;

  constructor(
    private readonly repository: CommunityRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.sharedTtlMs = config.PAGE_CACHE_SECONDS * 1000;
  }

  private sharedList<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.sharedTtlMs <= 0) return load();
    const hit = this.shared.get(key);
    if (hit && Date.now() - hit.at < this.sharedTtlMs) return hit.value as Promise<T>;
    if (this.shared.size >= SHARED_LIST_MAX) this.shared.clear();
    const value = load();
    value.catch(() => this.shared.delete(key));
    this.shared.set(key, { at: Date.now(), value });
    return value;
  }

  /**
   * A list page as every reader sees it (shared for a few seconds), then the reader's own view:
   * likedByAuthenticatedUser, isFollowed and the like counts read fresh by id.
   */
  async sharedDiagrams(
    query: Omit<DiagramQuery, 'offset' | 'limit' | 'term' | 'viewerId'> & ListPage & { term?: string },
    viewerId: string | null,
  ) {
    const base = await this.sharedList(`d:${JSON.stringify(query)}`, () => this.diagrams({ ...query, viewerId: null }));
    const overlay = await this.repository.diagramOverlay(
      viewerId,
      base.list.map((d) => d.uid),
    );
    const byId = new Map(overlay.map((o) => [o.id, o]));
    const list = base.list.map((d) => {
      const o = byId.get(d.uid);
      return o
        ? {
            ...d,
            likeCount: o.like_count,
            viewCount: o.view_count,
            likedByAuthenticatedUser: o.liked,
            owner: { ...d.owner, isFollowed: o.owner_followed },
          }
        : d;
    });
    return { list, totalCount: base.totalCount };
  }

  async sharedDesigners(
    query: Omit<DesignerQuery, 'offset' | 'limit' | 'term' | 'viewerId'> & ListPage & { term?: string },
    viewerId: string | null,
  ) {
    // The website's designer lists leave out empty profiles (website.md §5; C26): a designer shows
    // with a public diagram, or when they offer themselves for hire.
    const listed = { ...query, excludeEmpty: query.excludeEmpty ?? !query.forHire };
    const base = await this.sharedList(`u:${JSON.stringify(listed)}`, () =>
      this.designers({ ...listed, viewerId: null }),
    );
    const overlay = await this.repository.designerOverlay(
      viewerId,
      base.list.map((d) => d.id),
    );
    const byId = new Map(overlay.map((o) => [o.id, o]));
    const list = base.list.map((d) => {
      const o = byId.get(d.id);
      return o ? { ...d, followerCount: o.follower_count, isFollowed: o.is_followed } : d;
    });
    return { list, totalCount: base.totalCount };
  }

  private term(raw: string | undefined): string | undefined {
    return raw ? (searchableTerm(raw) ?? undefined) : undefined;
  }

  async diagrams(
    query: Omit<DiagramQuery, 'offset' | 'limit' | 'term'> & ListPage & { term?: string },
  ): Promise<{ list: CommunityDiagram[]; totalCount: number }> {
    const { page, count, ...rest } = query;
    if (query.fuids && query.fuids.some((f) => !isFuid(f))) return { list: [], totalCount: 0 }; // website.md §5: "Invalid file fuid" → empty list
    const { rows, total } = await this.repository.diagrams({
      ...rest,
      term: this.term(query.term),
      offset: (page - 1) * count,
      limit: count,
    });
    return { list: rows.map((r) => toCommunityDiagram(r)), totalCount: total };
  }

  diagramTab(tab: DiagramTab, viewerId: string | null, page: ListPage) {
    return this.sharedDiagrams({ order: diagramTabOrder[tab], direction: 'desc', ...page }, viewerId);
  }

  diagramSeeAll(sort: DiagramSort, viewerId: string | null, page: ListPage, term?: string) {
    return this.diagrams({ viewerId, term, order: diagramSortOrder[sort], direction: 'desc', ...page });
  }

  async designers(
    query: Omit<DesignerQuery, 'offset' | 'limit' | 'term'> & ListPage & { term?: string },
  ): Promise<{ list: CommunityDesigner[]; totalCount: number }> {
    const { page, count, ...rest } = query;
    const { rows, total } = await this.repository.designers({
      ...rest,
      term: this.term(query.term),
      offset: (page - 1) * count,
      limit: count,
    });
    return { list: rows.map((r) => toCommunityDesigner(r, query.viewerId ?? null)), totalCount: total };
  }

  designerTab(tab: DesignerTab, viewerId: string | null, page: ListPage) {
    return this.sharedDesigners({ order: designerTabOrder[tab], direction: 'desc', ...page }, viewerId);
  }

  /** A see-all filter: designers, designersForHire, designersOfTheMonth, diagrams, newTemplates (tags: see `tags`). */
  seeAll(
    filter: Exclude<CommunityFilter, 'tags'>,
    options: {
      viewerId: string | null;
      term?: string;
      diagramSort: DiagramSort;
      designerSort: DesignerSort;
      tag?: string;
    } & ListPage,
  ) {
    const { viewerId, term, page, count } = options;
    switch (filter) {
      case 'designers':
        return this.sharedDesigners(
          { term, order: designerSortOrder[options.designerSort], direction: 'desc', page, count },
          viewerId,
        );
      case 'designersForHire':
        return this.sharedDesigners(
          { term, forHire: true, order: designerSortOrder[options.designerSort], direction: 'desc', page, count },
          viewerId,
        );
      case 'designersOfTheMonth':
        return this.sharedDesigners({ term, order: 'ofTheMonth', direction: 'asc', page, count }, viewerId);
      case 'newTemplates':
        return this.sharedDiagrams(
          { term, templatesOnly: true, order: 'template', direction: 'desc', page, count },
          viewerId,
        );
      case 'diagrams':
        return this.sharedDiagrams(
          { term, tag: options.tag, order: diagramSortOrder[options.diagramSort], direction: 'desc', page, count },
          viewerId,
        );
    }
  }

  async tags(term: string | undefined, page: ListPage): Promise<{ list: CommunityTag[]; totalCount: number }> {
    const { rows, total } = await this.repository.tags(
      term?.trim() || undefined,
      (page.page - 1) * page.count,
      page.count,
    );
    return { list: rows.map((r) => ({ name: r.name, diagramCount: r.diagram_count })), totalCount: total };
  }

  async card(fuid: string, viewerId: string | null): Promise<CommunityDiagram | null> {
    if (!isFuid(fuid)) return null;
    const [{ list }, contributors] = await Promise.all([
      this.diagrams({ viewerId, fuids: [fuid], order: 'recent', direction: 'desc', page: 1, count: 1 }),
      this.contributors(fuid),
    ]);
    return list[0] ? { ...list[0], contributors } : null;
  }

  async contributors(fuid: string): Promise<CommunityDiagram['contributors']> {
    if (!isFuid(fuid)) return [];
    const rows = await this.repository.contributors(fuid);
    return rows.map((r) => ({
      username: r.username,
      name: displayName(r.first_name, r.last_name, r.username),
      avatarUrl: r.avatar_url,
    }));
  }

  async allDesignersCount(): Promise<number> {
    return this.repository.countAllDesigners();
  }

  newTemplates(viewerId: string | null) {
    return this.sharedDiagrams(
      { templatesOnly: true, order: 'template', direction: 'desc', page: 1, count: CommunityRules.newTemplatesCount },
      viewerId,
    );
  }

  publicDiagram(fuid: string) {
    return isFuid(fuid) ? this.repository.publicDiagram(fuid) : Promise.resolve(null);
  }

  publicDesigner(username: string) {
    return this.repository.publicDesigner(username);
  }
}
