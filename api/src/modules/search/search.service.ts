import { Injectable } from '@nestjs/common';
import {
  diagramSlug,
  searchableTerm,
  type DesignerCard,
  type DiagramCard,
  type SearchFilter,
  type SearchResults,
  type Suggestion,
  type SuggestionCategory,
  type SuggestionContext,
} from '@loopwright/contracts';
import { ContentLoaderService } from '../content/content-loader.service.js';
import { CommunityRepository, type CommunityDiagramPageRow, type CommunityDiagramRow } from './community.repository.js';
import { SearchRepository, type ContentHit, type DesignerRow } from './search.repository.js';
import { selectSuggestions } from './select-suggestions.js';

/** What each content kind is called in results and where it lives. */
const KINDS: Record<string, { name: string; url: (slug: string) => string }> = {
  doc: { name: 'Documentation', url: (s) => `/docs/${s}` },
  academy: { name: 'Academy', url: (s) => `/learn/${s}` },
  glossary: { name: 'Glossary', url: (s) => `/glossary/${s}` },
  post: { name: 'Articles', url: (s) => `/articles/${s}` },
  page: {
    name: 'Pages',
    url: (s) =>
      s === 'home'
        ? '/'
        : s === 'academic-research-publications'
          ? '/resources/academic-research-publications'
          : `/${s}`,
  },
  job: { name: 'Careers', url: (s) => `/careers/job/${s}` },
};
const DOCUMENTATION_KINDS = ['doc', 'academy', 'glossary'];

export function toDesignerCard(row: DesignerRow): DesignerCard {
  const firstname = row.first_name ?? '';
  const lastname = row.last_name ?? '';
  const name = `${firstname} ${lastname}`.trim() || row.username;
  return {
    id: row.id,
    username: row.username,
    name,
    firstname,
    lastname,
    avatarUrl: row.avatar_url,
    jobTitle: row.job_title,
    followerCount: row.follower_count,
    publicDiagramCount: row.public_diagram_count,
    about: row.about,
  };
}

export function toDiagramCard(row: CommunityDiagramRow): DiagramCard {
  const ownerName = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.username;
  return {
    fuid: row.fuid,
    name: row.name,
    description: row.description,
    likeCount: row.like_count,
    playCount: row.play_count,
    forkCount: row.fork_count,
    nodeCount: row.node_count,
    last_modified: row.updated_at.toISOString(),
    owner: { username: row.username, name: ownerName },
    url: `/community/${row.username}/${diagramSlug(row.name)}-${row.fuid}`,
    thumbnail: `/share-thumbnail/${row.fuid}/png`,
  };
}

/** Site search and the search bar's suggestions, over content, designers and community diagrams. */
@Injectable()
export class SearchService {
  constructor(
    private readonly repository: SearchRepository,
    private readonly community: CommunityRepository,
    private readonly loader: ContentLoaderService,
  ) {}

  private hitToResult(hit: ContentHit) {
    const kind = KINDS[hit.kind] ?? KINDS.page;
    return {
      id: hit.id,
      title: hit.title,
      excerpt: hit.description,
      url: kind.url(hit.slug),
      kind: hit.kind,
      kindName: kind.name,
    };
  }

  async suggestions(term: string, filter: SearchFilter, context: SuggestionContext, count = 7): Promise<Suggestion[]> {
    const trimmed = searchableTerm(term);
    if (!trimmed) return [];
    await this.loader.ensureLoaded();
    const wants = (c: SuggestionCategory) => filter === 'all' || filter === c;
    const [docs, designers, diagrams] = await Promise.all([
      wants('documentation') ? this.repository.searchContent(trimmed, DOCUMENTATION_KINDS, count) : [],
      wants('designers') ? this.repository.designers(trimmed, 0, count) : [],
      wants('diagrams')
        ? this.community.diagrams({ term: trimmed, sort: 'popular', offset: 0, limit: count }).then((r) => r.rows)
        : [],
    ]);
    const byCategory: Partial<Record<SuggestionCategory, Suggestion[]>> = {
      // Docs keep their title; glossary and academy pages say which they are (a term and a page may share a name).
      documentation: docs.map((h) => ({
        id: h.id,
        title: h.kind === 'doc' ? h.title : `${h.title} (${KINDS[h.kind].name})`,
        category: 'documentation' as const,
        url: this.hitToResult(h).url,
      })),
      designers: designers.map((d) => ({
        id: d.id,
        title: toDesignerCard(d).name,
        category: 'designers' as const,
        url: `/community/${d.username}/profile`,
      })),
      diagrams: diagrams.map((d) => ({
        id: d.fuid,
        title: d.name,
        category: 'diagrams' as const,
        url: toDiagramCard(d).url,
      })),
    };
    return selectSuggestions(byCategory, context, count);
  }

  async search(term: string, filter: 'all' | 'documentation'): Promise<SearchResults> {
    const trimmed = searchableTerm(term);
    if (!trimmed) return { term: term.trim(), results: [], total: 0 };
    await this.loader.ensureLoaded();
    const kinds = filter === 'documentation' ? ['doc'] : Object.keys(KINDS);
    const [hits, total] = await Promise.all([
      this.repository.searchContent(trimmed, kinds, 50),
      this.repository.countContent(trimmed, kinds),
    ]);
    const results = hits.map((h) => this.hitToResult(h));
    if (filter === 'all') {
      const designers = await this.repository.designers(trimmed, 0, 10);
      results.push(
        ...designers.map((d) => ({
          id: d.id,
          title: toDesignerCard(d).name,
          excerpt: d.job_title ?? `@${d.username}`,
          url: `/community/${d.username}/profile`,
          kind: 'designer',
          kindName: 'Designers',
        })),
      );
      return { term: trimmed, results, total: total + designers.length };
    }
    return { term: trimmed, results, total };
  }

  async designers(query: { term?: string; page: number; count: number }) {
    const term = query.term ? (searchableTerm(query.term) ?? undefined) : undefined;
    const offset = (query.page - 1) * query.count;
    const [rows, totalCount] = await Promise.all([
      this.repository.designers(term, offset, query.count),
      this.repository.countDesigners(term),
    ]);
    return { list: rows.map(toDesignerCard), totalCount };
  }

  async designer(username: string): Promise<DesignerCard | null> {
    return (await this.designerCards([username]))[0] ?? null;
  }

  /** Cards of these public designers, in the order asked (one query; unknown or private ones left out). */
  async designerCards(usernames: string[]): Promise<DesignerCard[]> {
    const rows = new Map((await this.repository.designersByUsername(usernames)).map((r) => [r.username, r]));
    return usernames.flatMap((u) => {
      const row = rows.get(u);
      return row ? [toDesignerCard(row)] : [];
    });
  }

  async diagrams(query: { term?: string; owner?: string; sort: 'newest' | 'popular'; page: number; count: number }) {
    const term = query.term ? (searchableTerm(query.term) ?? undefined) : undefined;
    const { rows, total } = await this.community.diagrams({
      term,
      owner: query.owner,
      sort: query.sort,
      offset: (query.page - 1) * query.count,
      limit: query.count,
    });
    return { list: rows.map(toDiagramCard), totalCount: total };
  }

  async diagram(fuid: string): Promise<DiagramCard | null> {
    return (await this.diagramCards([fuid]))[0] ?? null;
  }

  /** Cards of these public diagrams, in the order asked (one query; unknown, private or deleted ones left out). */
  async diagramCards(fuids: string[]): Promise<DiagramCard[]> {
    const valid = fuids.filter((fuid) => /^[A-Za-z0-9]{16}$/.test(fuid));
    const rows = new Map((await this.community.diagramsByFuid(valid)).map((r) => [r.fuid, r]));
    return valid.flatMap((fuid) => {
      const row = rows.get(fuid);
      return row ? [withForkedFrom(row)] : [];
    });
  }
}

/** A diagram's card with where it was forked from: a link while the source is public; a private source is named only as "a private diagram". */
function withForkedFrom(row: CommunityDiagramPageRow): DiagramCard {
  const forkedFrom = !row.source_fuid
    ? null
    : row.source_public && row.source_username
      ? {
          name: row.source_name ?? '',
          url: `/community/${row.source_username}/${diagramSlug(row.source_name ?? '')}-${row.source_fuid}`,
        }
      : { name: row.source_deleted ? '' : 'a private diagram', url: null };
  return { ...toDiagramCard(row), forkedFrom };
}
