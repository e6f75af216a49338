import type {
  AuthorPostList,
  CallToAction,
  Chapter,
  Collection,
  GlossaryIndexItem,
  GlossaryTerm,
  Job,
  LearnPage,
  Menus,
  Page,
  Partner,
  Post,
  PostCategory,
  PostList,
  SocialPost,
} from './content.js';
import type { SearchFilter, SearchResults, Suggestion, SuggestionContext } from './search.js';
import type {
  CommunityDesigner,
  CommunityDiagram,
  CommunityFilter,
  CommunityTag,
  DesignerSort,
  DiagramSort,
} from './community.js';

export const layouts = ['base', 'blog', 'community', 'docs', 'landing', 'main', 'resources', 'default'] as const;
export type LayoutName = (typeof layouts)[number];

export const WebsiteRules = {
  postsPerPage: 9,
  navigationScrollThresholdPx: 60,
  hashScrollOffsetPx: 120,
  hashScrollTries: 50,
  hashScrollIntervalMs: 100,
  chunkReloadGuardMs: 60_000,
  footerMobileBelowPx: 768,
  communityDiagramsPerPage: 16,
} as const;

export const ConsentRules = {
  storageKey: 'cookie_preferences',
  /** Mirrors the choice for the server (tracking): "analytics:1,chat:0". */
  cookie: 'lw_consent',
  expiryMonths: 6,
} as const;
export const optionalConsentCategories = [
  {
    key: 'analytics',
    name: 'Analytics',
    value: 'Anonymous statistics and heat maps that show us how the site is used.',
  },
  { key: 'chat', name: 'Support chat', value: 'The chat widget, so you can talk to a person from any page.' },
] as const;
export type ConsentCategory = (typeof optionalConsentCategories)[number]['key'];

export const CommunityTexts = {
  noDiagrams: 'No diagrams yet',
  noDesigners: 'No designers found',
  notFound: 'This page is missing or under maintenance',
  backToExplore: 'Back to Explore',
  backToAllDesigners: 'Back to all designers',
} as const;

export interface DesignerCard {
  id: string;
  username: string;
  name: string;
  firstname: string;
  lastname: string;
  avatarUrl: string | null;
  jobTitle: string | null;
  followerCount: number;
  publicDiagramCount: number;
  about: string | null;
}

/** A community diagram as cards and the diagram page show it. */
export interface DiagramCard {
  fuid: string;
  name: string;
  description: string;
  likeCount: number;
  playCount: number;
  forkCount: number;
  nodeCount: number;
  last_modified: string;
  owner: { username: string; name: string };
  /** /community/{owner}/{name-slug}-{fuid} */
  url: string;
  thumbnail: string;
  /**
   * The diagram page's forked-from notice (only the single-diagram answer fills it): the source's
   * name and page while it is public on community; url null when it was deleted or is not public.
   */
  forkedFrom?: { name: string; url: string | null } | null;
}

/** website.md §5 slug building: whitespace becomes hyphens, characters other than letters, digits and hyphens are removed, result lowercased. */
export function slugify(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}-]/gu, '')
    .toLowerCase();
}

/** website.md §5: an alphanumeric check accepts letters and digits only. */
export function isAlphanumeric(value: string): boolean {
  return /^[A-Za-z0-9]+$/.test(value);
}

/** The name part of a diagram page's path (/community/{owner}/{slug}-{fuid}): the spec's slug, at most 80 characters. */
export function diagramSlug(name: string): string {
  return slugify(name).slice(0, 80) || 'diagram';
}

/**
 * This instance's settings that pages show: the canonical origin (APP_URL when it is set; otherwise pages use
 * the address a request came to) and the third-party script addresses, each loaded only when consented.
 */
export interface SiteSettings {
  appUrl?: string;
  thirdParty: { tagManagerUrl?: string; analyticsUrl?: string; heatmapUrl?: string; chatWidgetUrl?: string };
}

/** What server-rendered routes read, in-process, through the React Router load context. */
export interface WebsiteGateway {
  /** The pricing page's plans (active ones of the catalogue) and whether billing is on (plans issue). */
  pricing(): Promise<{ plans: import('./plans.js').PlanView[]; billingEnabled: boolean }>;
  menus(): Promise<Menus>;
  cta(): Promise<CallToAction>;
  page(slug: string, preview: boolean): Promise<Page | null>;
  chapters(collection: Collection): Promise<Chapter[]>;
  learnPage(collection: Collection, slug: string, preview: boolean): Promise<LearnPage | null>;
  posts(perPage: number, page: number, categorySlug?: string): Promise<PostList>;
  postsByAuthor(slug: string, perPage: number, page: number): Promise<AuthorPostList | null>;
  categories(): Promise<PostCategory[]>;
  post(slug: string, preview: boolean): Promise<Post | null>;
  glossary(): Promise<GlossaryIndexItem[]>;
  glossaryTerm(slug: string): Promise<GlossaryTerm | null>;
  jobs(): Promise<Job[]>;
  job(slug: string): Promise<Job | null>;
  partners(): Promise<Partner[]>;
  socialPosts(ids: string[]): Promise<SocialPost[]>;
  search(term: string, filter: 'all' | 'documentation'): Promise<SearchResults>;
  suggestions(term: string, filter: SearchFilter, context: SuggestionContext): Promise<Suggestion[]>;
  designers(query: {
    term?: string;
    page: number;
    count: number;
  }): Promise<{ list: DesignerCard[]; totalCount: number }>;
  designer(username: string): Promise<DesignerCard | null>;
  diagrams(query: {
    term?: string;
    owner?: string;
    sort: 'newest' | 'popular';
    page: number;
    count: number;
  }): Promise<{ list: DiagramCard[]; totalCount: number }>;
  diagram(fuid: string): Promise<DiagramCard | null>;
  sitemapPaths(): Promise<string[]>;
  /** Profile tabs (social): public diagrams the designer likes; whom they follow and who follows them. */
  likedDiagrams(
    username: string,
    page: { page: number; count: number },
  ): Promise<{ list: DiagramCard[]; totalCount: number }>;
  connections(
    username: string,
    which: 'following' | 'followers',
    page: { page: number; count: number },
  ): Promise<{ list: DesignerCard[]; totalCount: number }>;
  /** Community explore: spotlight, for hire, new templates and each tab's first cards, as every reader sees them (their likes and follows come from the client). */
  communityExplore(): Promise<CommunityExplore>;
  /** The blog's spotlights (website.md §3 blog store "spotLights"): a few spotlighted community diagrams; empty when none or on failure. */
  blogSpotlights(count: number): Promise<CommunityDiagram[]>;
  /** A community see-all filter's page, sorted, as every reader sees it. */
  communityList(filter: CommunityFilter, options: CommunityListOptions): Promise<CommunityList>;
  /** The role of whoever sent this (Express) request, when signed in; asked only for previews. */
  viewerRole(request: unknown): Promise<string | null>;
}

/** What the community landing shows (explore). */
export interface CommunityExplore {
  spotlightDiagrams: CommunityDiagram[];
  spotlightDesigners: CommunityDesigner[];
  designersForHire: CommunityDesigner[];
  newTemplates: CommunityDiagram[];
  diagramTabs: { newest: CommunityDiagram[]; popular: CommunityDiagram[]; ofTheMonth: CommunityDiagram[] };
  designerTabs: { newest: CommunityDesigner[]; popular: CommunityDesigner[]; ofTheMonth: CommunityDesigner[] };
}
export interface CommunityListOptions {
  term?: string;
  diagramSort: DiagramSort;
  designerSort: DesignerSort;
  tag?: string;
  page: number;
  count: number;
}
export type CommunityList =
  | { kind: 'diagrams'; list: CommunityDiagram[]; totalCount: number }
  | { kind: 'designers'; list: CommunityDesigner[]; totalCount: number }
  | { kind: 'tags'; list: CommunityTag[]; totalCount: number };
