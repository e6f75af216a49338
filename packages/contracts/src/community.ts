import { z } from 'zod';
import { defineEndpoint, MAX_PAGE } from './endpoint.js';
import { envelope } from './errors.js';
import { searchResultsSchema } from './search.js';
import { searchFilterSchema } from './search.js';

/**
 * The community's rankings, spotlight, Recent Activity and the spec's `/community/*` API
 * (website.md §3, §7; app.md §3, §7). Every spec path answers `{ success, content }` with plain JSON content.
 */

/** website.md §3: community sort orders. */
export const CommunitySortOrder = { NEWEST: 1, POPULAR: 2, HIGHLIGHTED: 3 } as const;
/** Diagram tabs and sorts (Most Appreciated is the default sort). */
export const diagramTabs = ['newest', 'popular', 'ofTheMonth'] as const;
export type DiagramTab = (typeof diagramTabs)[number];
export const diagramSorts = ['appreciated', 'viewed', 'recent'] as const;
export type DiagramSort = (typeof diagramSorts)[number];
/** Designer tabs and sorts (Recently Active is the default sort). */
export const designerTabs = ['newest', 'popular', 'ofTheMonth'] as const;
export type DesignerTab = (typeof designerTabs)[number];
export const designerSorts = ['active', 'followed', 'viewed'] as const;
export type DesignerSort = (typeof designerSorts)[number];
/** website.md §3: community content categories and see-all filter values. */
export const communityFilters = [
  'designers',
  'diagrams',
  'designersOfTheMonth',
  'designersForHire',
  'newTemplates',
  'tags',
] as const;
export type CommunityFilter = (typeof communityFilters)[number];

export const CommunityTabTexts = {
  diagramTabs: { newest: 'Newest', popular: 'Popular', ofTheMonth: 'Diagrams of the Month' } satisfies Record<
    DiagramTab,
    string
  >,
  designerTabs: { newest: 'Newest', popular: 'Popular', ofTheMonth: 'Designers of the Month' } satisfies Record<
    DesignerTab,
    string
  >,
  diagramSorts: { appreciated: 'Most Appreciated', viewed: 'Most Viewed', recent: 'Most Recent' } satisfies Record<
    DiagramSort,
    string
  >,
  designerSorts: { active: 'Recently Active', followed: 'Most Followed', viewed: 'Most Viewed' } satisfies Record<
    DesignerSort,
    string
  >,
  filters: {
    designers: 'Designers',
    diagrams: 'Diagrams',
    designersOfTheMonth: 'Designers of the Month',
    designersForHire: 'Designers for hire',
    newTemplates: 'New templates',
    tags: 'Tags',
  } satisfies Record<CommunityFilter, string>,
  recentActivity: 'Recent Activity',
  noActivity: 'No activity yet. Follow designers to see what they publish.',
  loadMore: 'Load more',
  spotlightedDiagrams: 'Spotlighted diagrams',
  spotlightedDesigners: 'Spotlighted designers',
} as const;

export const CommunityRules = {
  activityPageSize: 10,
  diagramsPerPage: 16,
  newTemplatesCount: 4,
  /** Designers and diagrams of the month kept per month. */
  ofTheMonthCount: 12,
  /** The of-the-month window: the 30 days before the job runs. */
  ofTheMonthWindowDays: 30,
  /** Trending: the 7 days before the job runs; a subject trends again only after this period. */
  trendingWindowDays: 7,
  maxCount: 100,
} as const;

/** Activity feed event types (website.md §3), plus create-diagram (app.md §3). */
export const activityTypes = [
  'publish-diagram',
  'share-diagram',
  'like-diagram',
  'clone-diagram',
  'create-diagram',
  'update-diagram',
  'follow-user',
  'publish-template',
  'new-trending-diagram',
  'new-trending-user',
  'new-trending-template',
] as const;
export type ActivityType = (typeof activityTypes)[number];

const person = z
  .object({ username: z.string(), name: z.string(), avatarUrl: z.string().nullable() })
  .meta({ id: 'ActivityPerson' });
export const activityItemSchema = z
  .object({
    id: z.string(),
    type: z.enum(activityTypes),
    /** Not yet seen by the reader (their own actions are never new). */
    isNew: z.boolean(),
    /** The current-user variant: the reader did it ("You liked …"). */
    byCurrentUser: z.boolean(),
    /** The reader is the one acted on ("… followed you", "… liked your diagram"). */
    aboutCurrentUser: z.boolean(),
    actor: person.nullable(),
    user: person.nullable(),
    diagram: z.object({ fuid: z.string(), name: z.string(), url: z.string() }).nullable(),
    text: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const activityFeedSchema = z
  .object({
    list: z.array(activityItemSchema),
    page: z.number().int(),
    lastPage: z.number().int(),
    recordsPerPage: z.number().int(),
    totalCount: z.number().int(),
    hasNew: z.boolean(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'ActivityFeed' });
export type ActivityFeed = z.infer<typeof activityFeedSchema>;

const page = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);
const count = (d: number) => z.coerce.number().int().min(1).max(CommunityRules.maxCount).default(d);
const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');
/** Arrays in query strings are comma-joined (website.md §7). */
const commaList = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

export const activityFeedQuerySchema = z.object({
  count: count(CommunityRules.activityPageSize),
  page,
  username: z.string().max(100).optional(),
});
export const markActivityBodySchema = z.object({
  username: z.string().max(100).optional(),
  activityIds: z
    .union([z.array(z.string()).max(500), z.string().max(20_000)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',').filter(Boolean))),
});

export const communityOwnerSchema = z.object({
  username: z.string(),
  name: z.string(),
  isFollowed: z.boolean(),
  avatarUrl: z.string().nullable(),
});
export const contributorSchema = z
  .object({ username: z.string(), name: z.string(), avatarUrl: z.string().nullable() })
  .meta({ id: 'DiagramContributor' });
export const communityDiagramSchema = z
  .object({
    fuid: z.string(),
    uid: z.string(),
    name: z.string(),
    title: z.string(),
    description: z.string(),
    owner: communityOwnerSchema,
    likeCount: z.number().int(),
    likedByAuthenticatedUser: z.boolean(),
    viewCount: z.number().int(),
    playCount: z.number().int(),
    forkCount: z.number().int(),
    last_modified: z.string(),
    source: z.enum(['files', 'templates']),
    url: z.string(),
    thumbnail: z.string(),
    contributors: z.array(contributorSchema),
    details: z.object({ nodeCount: z.number().int(), tags: z.array(z.string()), spotlighted: z.boolean() }),
    nodeCount: z.number().int(),
  })
  .meta({ id: 'CommunityDiagram' });
export type CommunityDiagram = z.infer<typeof communityDiagramSchema>;
export const communityDesignerSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    /** Only to the designer themselves; others never see a designer's e-mail. */
    email: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    jobTitle: z.string().nullable(),
    about: z.string().nullable(),
    starred: z.boolean(),
    forHire: z.boolean(),
    isFollowed: z.boolean(),
    followerCount: z.number().int(),
    publicDiagramCount: z.number().int(),
    diagramLikeCount: z.number().int(),
    viewCount: z.number().int(),
    lastSeen: z.string().nullable(),
    created: z.string(),
  })
  .meta({ id: 'CommunityDesigner' });
export type CommunityDesigner = z.infer<typeof communityDesignerSchema>;
export const communityTagSchema = z
  .object({ name: z.string(), diagramCount: z.number().int() })
  .meta({ id: 'CommunityTag' });
export type CommunityTag = z.infer<typeof communityTagSchema>;

const diagramList = z.object({ list: z.array(communityDiagramSchema), totalCount: z.number().int() });
const designerList = z.object({
  list: z.array(communityDesignerSchema),
  totalCount: z.number().int(),
  allUsersCount: z.number().int().optional(),
});

export const communityDiagramsQuerySchema = z.object({
  fileKeys: commaList,
  username: z.string().max(100).optional(),
  getLikedDiagrams: flag,
  count: count(CommunityRules.diagramsPerPage),
  page,
  /** last_modified (Most Recent), likeCount (Most Appreciated), viewCount (Most Viewed), highlighted (spotlight first), ofTheMonth. */
  sortBy: z.enum(['last_modified', 'likeCount', 'viewCount', 'highlighted', 'ofTheMonth']).default('likeCount'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  authenticatedUser: z.string().optional(),
  source: z.enum(['files', 'templates']).default('files'),
  diagramView: z.string().optional(),
  additionalInfo: flag,
  currentDiagramKey: z.string().max(40).optional(),
  tag: z.string().max(100).optional(),
  query: z.string().max(200).optional(),
});
export const userSearchQuerySchema = z.object({
  query: z.string().max(200).optional(),
  excludeEmptyProfiles: flag,
  page,
  count: count(CommunityRules.diagramsPerPage),
  authenticatedUser: z.string().optional(),
  filter: z.enum(['designers', 'designersForHire', 'designersOfTheMonth']).default('designers'),
  username: z.string().max(100).optional(),
  /** diagramLikeCount and created are the spec's; lastActive (Recently Active), followerCount (Most Followed), viewCount (Most Viewed). */
  sortBy: z.enum(['diagramLikeCount', 'created', 'lastActive', 'followerCount', 'viewCount']).default('lastActive'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  excludePopularTeams: flag,
  getLastSeen: flag,
  allUsersCount: flag,
});

export const spotlightDiagramBodySchema = z.object({
  fuid: z.string().trim().min(1, 'Enter a file key or the diagram page address').max(300),
});
export const spotlightDesignerBodySchema = z.object({
  username: z.string().trim().min(1, 'Enter a username').max(100),
});

const tag = 'community';
const spec = { tag, public: true } as const;
export const communityEndpoints = {
  diagrams: defineEndpoint({
    ...spec,
    method: 'GET',
    path: '/community/diagrams',
    summary: 'Community diagrams (or templates): by file keys, owner, liked by a user, tag or text; sorted',
    query: communityDiagramsQuerySchema,
    responses: { 200: envelope(diagramList) },
  }),
  diagramCard: defineEndpoint({
    ...spec,
    method: 'GET',
    path: '/community/diagram-card',
    summary: 'One public diagram card',
    query: z.object({ fileKey: z.string().max(40) }),
    responses: { 200: envelope(communityDiagramSchema.nullable()) },
  }),
  diagramsDataNoCache: defineEndpoint({
    ...spec,
    method: 'GET',
    path: '/community/diagrams-data-nocache',
    summary: 'Live like counts and flags for diagram cards (never cached)',
    query: z.object({ fileKeys: commaList }),
    responses: {
      200: envelope(
        z.array(
          z.object({
            fuid: z.string(),
            likeCount: z.number().int(),
            likedByAuthenticatedUser: z.boolean(),
            viewCount: z.number().int(),
            owner: z.object({ username: z.string(), isFollowed: z.boolean() }),
          }),
        ),
      ),
    },
  }),
  diagramContributors: defineEndpoint({
    ...spec,
    method: 'GET',
    path: '/community/diagram-contributors',
    summary: 'Who edited a public diagram',
    query: z.object({ fileKey: z.string().max(40), ownerUsername: z.string().max(100).optional() }),
    responses: { 200: envelope(z.object({ diagramContributors: z.array(contributorSchema) })) },
  }),
  diagramSearch: defineEndpoint({
    ...spec,
    method: 'GET',
    path: '/community/diagram-search',
    summary: 'Search public diagrams by name and description',
    query: z.object({ query: z.string().max(200).default(''), page, count: count(CommunityRules.diagramsPerPage) }),
    responses: { 200: envelope(diagramList) },
  }),
  diagramSearchTag: defineEndpoint({
    ...spec,
    method: 'GET',
    path: '/community/diagram-search-tag',
    summary: 'Public diagrams with a tag (by name)',
    query: z.object({ tag: z.string().max(100), page, count: count(CommunityRules.diagramsPerPage) }),
    responses: { 200: envelope(diagramList) },
  }),
  tags: defineEndpoint({
    ...spec,
    method: 'GET',
    path: '/community/tags',
    summary: 'Tags used on public diagrams, most used first',
    query: z.object({ query: z.string().max(100).optional(), page, count: count(40) }),
    responses: { 200: envelope(z.object({ list: z.array(communityTagSchema), totalCount: z.number().int() })) },
  }),
  userSearch: defineEndpoint({
    ...spec,
    method: 'GET',
    path: '/community/user-search',
    summary: 'Designers: all, for hire or of the month; searched and sorted',
    query: userSearchQuerySchema,
    responses: { 200: envelope(designerList) },
  }),
  users: defineEndpoint({
    ...spec,
    method: 'GET',
    path: '/community/users',
    summary: 'Designer cards by username',
    query: z.object({ usernames: commaList, isProfileView: flag, excludePrivate: flag, excludeEmptyProfiles: flag }),
    responses: { 200: envelope(z.object({ list: z.array(communityDesignerSchema) })) },
  }),
  search: defineEndpoint({
    ...spec,
    method: 'GET',
    path: '/community/search',
    summary: 'Site search (all or documentation)',
    query: z.object({
      query: z.string().max(200).default(''),
      filter: z.enum(['all', 'documentation']).default('all'),
    }),
    responses: { 200: envelope(searchResultsSchema) },
  }),
  suggestions: defineEndpoint({
    ...spec,
    method: 'GET',
    path: '/community/suggestions',
    summary: 'Search suggestions: up to 7, one per category first',
    query: z.object({
      query: z.string().max(200).default(''),
      filter: searchFilterSchema.default('all'),
      count: z.coerce.number().int().min(1).max(20).default(7),
    }),
    responses: {
      200: envelope(z.array(z.object({ category: z.string(), id: z.string(), title: z.string(), url: z.string() }))),
    },
  }),
  activityFeed: defineEndpoint({
    tag,
    method: 'GET',
    path: '/community/user/get-activity-feed',
    summary: 'Recent Activity: pages of 10, newest first',
    query: activityFeedQuerySchema,
    responses: { 200: envelope(activityFeedSchema) },
  }),
  markActivity: defineEndpoint({
    tag,
    method: 'POST',
    path: '/community/user/mark-activity',
    summary: 'Mark activity items as viewed',
    body: markActivityBodySchema,
    responses: { 200: envelope(z.object({ marked: z.number().int() })) },
  }),
  intercomIdentifier: defineEndpoint({
    tag,
    method: 'GET',
    path: '/intercom/identifier/:userId',
    summary: "The chat widget's identity verification hash for a user (yourself)",
    params: z.object({ userId: z.string().uuid() }),
    responses: { 200: envelope(z.object({ user_hash: z.string() })) },
  }),
  recordView: defineEndpoint({
    ...spec,
    method: 'POST',
    path: '/community/views',
    summary: 'Count a view of a public diagram or profile (one per visitor per day; not the owner, not bots)',
    body: z.union([z.object({ fuid: z.string().max(40) }), z.object({ username: z.string().max(100) })]),
    responses: { 200: envelope(z.object({ counted: z.boolean() })) },
  }),
  // admin: spotlight
  spotlights: defineEndpoint({
    tag,
    method: 'GET',
    path: '/community/spotlights',
    summary: 'Spotlighted diagrams and designers (admin)',
    responses: {
      200: envelope(
        z.object({ diagrams: z.array(communityDiagramSchema), designers: z.array(communityDesignerSchema) }),
      ),
    },
  }),
  addSpotlight: defineEndpoint({
    tag,
    method: 'POST',
    path: '/community/spotlights',
    summary: 'Spotlight a public diagram (by file key or its community URL) or a designer (admin)',
    body: z.union([spotlightDiagramBodySchema, spotlightDesignerBodySchema]),
    responses: { 201: envelope(z.object({ added: z.boolean() })) },
  }),
  removeSpotlight: defineEndpoint({
    tag,
    method: 'DELETE',
    path: '/community/spotlights/:kind/:key',
    summary: 'Take a diagram (file key) or designer (username) out of the spotlight (admin)',
    params: z.object({ kind: z.enum(['diagram', 'designer']), key: z.string().max(100) }),
    responses: { 200: envelope(z.object({ removed: z.boolean() })) },
  }),
  runOfTheMonth: defineEndpoint({
    tag,
    method: 'POST',
    path: '/community/of-the-month/run',
    summary: 'Recompute designers and diagrams of the month now (admin)',
    responses: {
      200: envelope(z.object({ month: z.string(), designers: z.number().int(), diagrams: z.number().int() })),
    },
  }),
};
