import { z } from 'zod';
import { defineEndpoint, MAX_PAGE } from './endpoint.js';

/** The product name, also the spec's default author name. */
export { PRODUCT_NAME } from './constants.js';

export const contentKinds = [
  'page',
  'doc',
  'doc_chapter',
  'academy',
  'academy_chapter',
  'glossary',
  'post',
  'post_category',
  'author',
  'job',
] as const;
export const contentKindSchema = z.enum(contentKinds);
export type ContentKind = z.infer<typeof contentKindSchema>;
export const contentStatusSchema = z.enum(['publish', 'draft']);

/** Docs and the academy share one shape; `learn` is the academy's path segment. */
export const collectionSchema = z.enum(['docs', 'learn']);
export type Collection = z.infer<typeof collectionSchema>;

const looseRecord = z.record(z.string(), z.unknown());

export const chapterPageRefSchema = z.object({ id: z.string(), slug: z.string(), title: z.string() });
export const chapterSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    count: z.number().int(),
    pagesCount: z.number().int(),
    icon: z.string(),
    pages: z.array(chapterPageRefSchema),
  })
  .meta({ id: 'Chapter' });
export type Chapter = z.infer<typeof chapterSchema>;

export const chapterCategorySchema = z
  .object({ id: z.string(), name: z.string(), slug: z.string(), count: z.number().int() })
  .meta({ id: 'ChapterCategory' });

const navLinkSchema = z.object({ slug: z.string(), title: z.string(), chapter: z.string() });
export const learnPageSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    slug: z.string(),
    content: z.string(),
    category: z.object({ slug: z.string(), title: z.string() }),
    link: z.string(),
    parent: z.object({ id: z.string(), slug: z.string(), title: z.string(), chapter: z.string() }).nullable(),
    nav: z.object({ prev: navLinkSchema.nullable(), next: navLinkSchema.nullable() }),
    yoast_meta_description: z.string(),
    status: contentStatusSchema,
  })
  .meta({ id: 'LearnPage' });
export type LearnPage = z.infer<typeof learnPageSchema>;
export const learnPostRefSchema = z
  .object({ id: z.string(), slug: z.string(), title: z.string(), category: z.string() })
  .meta({ id: 'LearnPostRef' });

export const headMetadataSchema = z.object({
  title: z.string(),
  description: z.string(),
  image: z.string().optional(),
});

export const postCategorySchema = z
  .object({ id: z.string(), slug: z.string(), name: z.string(), description: z.string(), count: z.number().int() })
  .meta({ id: 'PostCategory' });
export type PostCategory = z.infer<typeof postCategorySchema>;

export const postAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  link: z.string(),
  slug: z.string(),
  avatar_urls: z.record(z.string(), z.string()),
  jobTitle: z.string(),
  bio: z.string(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

export const postSchema = z
  .object({
    ID: z.string(),
    slug: z.string(),
    title: z.string(),
    acf: looseRecord,
    metadata: headMetadataSchema,
    excerpt: z.string(),
    date: z.string(),
    displayDate: z.string(),
    tags: z.array(z.object({ name: z.string(), slug: z.string() })),
    content: z.string(),
    featured_media: z.string(),
    featuredMediaAlt: z.string(),
    thumbnail: z.string(),
    category: postCategorySchema.nullable(),
    author: postAuthorSchema,
    status: contentStatusSchema,
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof postSchema>;

export const postListSchema = z
  .object({ posts: z.array(postSchema), totalPosts: z.number().int() })
  .meta({ id: 'PostList' });
export type PostList = z.infer<typeof postListSchema>;
export const authorPostListSchema = postListSchema
  .extend({ author: postAuthorSchema.extend({ metadata: headMetadataSchema, html: z.string() }) })
  .meta({ id: 'AuthorPostList' });
export type AuthorPostList = z.infer<typeof authorPostListSchema>;

/** A page block: `type` plus its fields, keys camelCased, markdown fields rendered to HTML. */
export const pageBlockSchema = z.object({ type: z.string() }).catchall(z.unknown());
export type PageBlock = { type: string } & Record<string, unknown>;
export const pageSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    content: z.string(),
    layout: z.string(),
    metadata: headMetadataSchema,
    acf: z.object({ blocks: z.array(pageBlockSchema) }),
    status: contentStatusSchema,
  })
  .meta({ id: 'Page' });
export type Page = z.infer<typeof pageSchema>;

export const glossaryTermSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    content: z.string(),
    related: z.array(z.object({ slug: z.string(), title: z.string() })),
    docs: z.array(z.object({ slug: z.string(), title: z.string() })),
    /** Always empty here: the glossary page lists public diagrams that name the term through community search. */
    relatedDiagrams: z.array(looseRecord),
  })
  .meta({ id: 'GlossaryTerm' });
export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;
export const glossaryIndexItemSchema = glossaryTermSchema.pick({
  id: true,
  slug: true,
  title: true,
  description: true,
});
export type GlossaryIndexItem = z.infer<typeof glossaryIndexItemSchema>;

export const jobSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    location: z.string(),
    type: z.string(),
    department: z.string(),
    date: z.string(),
    displayDate: z.string(),
    description: z.string(),
    content: z.string(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

export const partnerSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    url: z.string(),
    kind: z.string(),
    description: z.string(),
    logo: z.string().optional(),
  })
  .meta({ id: 'Partner' });
export type Partner = z.infer<typeof partnerSchema>;

export const menuChildSchema = z.object({ name: z.string(), title: z.string(), slug: z.string(), isNew: z.boolean() });
export const menuItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    highlighted: z.boolean(),
    acf: z.object({ isNew: z.boolean() }),
    children: z.array(menuChildSchema),
  })
  .meta({ id: 'MenuItem' });
export type MenuItem = z.infer<typeof menuItemSchema>;
export const buttonLinkSchema = z.object({ title: z.string(), url: z.string(), target: z.string().optional() });
export type ButtonLink = z.infer<typeof buttonLinkSchema>;
export const menusSchema = z
  .object({
    rootMenuItems: z.array(menuItemSchema),
    footerMenuItems: z.array(menuItemSchema),
    policies: z.array(z.object({ name: z.string(), slug: z.string() })),
    social: z.array(z.object({ name: z.string(), icon: z.string(), url: z.string() })),
    promo: z.object({ title: z.string(), text: z.string(), image: z.string(), button: buttonLinkSchema }).nullable(),
    investorsText: z.string(),
  })
  .meta({ id: 'Menus' });
export type Menus = z.infer<typeof menusSchema>;

export const ctaSchema = z
  .object({
    cta_description: z.string(),
    cta_action: z.array(z.object({ button_link: buttonLinkSchema, dialog_type: z.string(), dialog_id: z.string() })),
    image: z
      .object({
        url: z.string(),
        alt: z.string(),
        sizes: z.object({ thumbnail_width: z.number(), thumbnail_height: z.number() }),
      })
      .nullable(),
  })
  .meta({ id: 'CallToAction' });
export type CallToAction = z.infer<typeof ctaSchema>;

export const socialPostSchema = z
  .object({
    details: z.object({
      id: z.string(),
      content: z.string(),
      metrics: z.record(z.string(), z.number()),
      media: z.array(looseRecord),
    }),
    author: z.object({
      id: z.string(),
      name: z.string(),
      username: z.string(),
      url: z.string(),
      profile_image_url: z.string(),
      public_metrics: z.record(z.string(), z.number()),
    }),
  })
  .meta({ id: 'SocialPost' });
export type SocialPost = z.infer<typeof socialPostSchema>;

export const previewQuerySchema = z.object({ preview: z.string().optional() });
const slugParams = z.object({ slug: z.string().min(1) });
const collectionParams = z.object({ collection: collectionSchema });
const pagingParams = z.object({
  perPage: z.coerce.number().int().min(1).max(100),
  page: z.coerce.number().int().min(1).max(MAX_PAGE),
});
const notFound = { 404: null };
const tag = 'content';

/** The spec's content backend (`/wp-json/...`), served by our own content module. */
export const contentEndpoints = {
  chapters: defineEndpoint({
    method: 'GET',
    path: '/wp-json/:collection/chapters',
    summary: 'Docs or academy chapters with their pages',
    tag,
    public: true,
    params: collectionParams,
    responses: { 200: z.array(chapterSchema), ...notFound },
  }),
  chapterCategory: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/:taxonomy',
    summary: 'A docs (doc-category) or academy (academy-category) chapter by slug',
    tag,
    public: true,
    params: z.object({ taxonomy: z.enum(['doc-category', 'academy-category']) }),
    query: z.object({ slug: z.string().default('') }),
    responses: { 200: z.array(chapterCategorySchema) },
  }),
  pageBySlug: defineEndpoint({
    method: 'GET',
    path: '/wp-json/:collection/slug/:slug',
    summary: 'A docs or academy page by slug (an object in preview mode)',
    tag,
    public: true,
    params: collectionParams.extend({ slug: z.string() }),
    query: previewQuerySchema,
    responses: { 200: z.union([z.array(learnPageSchema), learnPageSchema]) },
  }),
  postRef: defineEndpoint({
    method: 'GET',
    path: '/wp-json/:collection/post/:parentId',
    summary: 'A docs or academy page by id (parent look-up)',
    tag,
    public: true,
    params: collectionParams.extend({ parentId: z.string() }),
    responses: { 200: learnPostRefSchema, ...notFound },
  }),
  docsSearch: defineEndpoint({
    method: 'GET',
    path: '/wp-json/docs/search/:term',
    summary: 'Search the documentation',
    tag,
    public: true,
    params: z.object({ term: z.string() }),
    responses: {
      200: z.array(
        learnPageSchema.pick({ id: true, slug: true, title: true, yoast_meta_description: true, category: true }),
      ),
    },
  }),
  posts: defineEndpoint({
    method: 'GET',
    path: '/wp-json/posts/:perPage/:page',
    summary: 'Published posts, newest first',
    tag,
    public: true,
    params: pagingParams,
    responses: { 200: postListSchema },
  }),
  postsInCategory: defineEndpoint({
    method: 'GET',
    path: '/wp-json/posts/:perPage/:page/:categoryId',
    summary: 'Published posts of a category',
    tag,
    public: true,
    params: pagingParams.extend({ categoryId: z.string() }),
    responses: { 200: postListSchema },
  }),
  postsByAuthor: defineEndpoint({
    method: 'GET',
    path: '/wp-json/posts/author/:slug/:perPage/:page',
    summary: 'An author and their published posts',
    tag,
    public: true,
    params: pagingParams.extend({ slug: z.string() }),
    responses: { 200: authorPostListSchema, ...notFound },
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/wp-json/post-categories',
    summary: 'Post categories with their counts',
    tag,
    public: true,
    responses: { 200: z.array(postCategorySchema) },
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/wp-json/page/:slug',
    summary: 'A page with its blocks',
    tag,
    public: true,
    params: slugParams,
    query: previewQuerySchema,
    responses: { 200: pageSchema, ...notFound },
  }),
  post: defineEndpoint({
    method: 'GET',
    path: '/wp-json/post/:slug',
    summary: 'A post by slug',
    tag,
    public: true,
    params: slugParams,
    query: previewQuerySchema,
    responses: { 200: postSchema, ...notFound },
  }),
  menus: defineEndpoint({
    method: 'GET',
    path: '/wp-json/menus',
    summary: 'Header and footer menus',
    tag,
    public: true,
    responses: { 200: menusSchema },
  }),
  cta: defineEndpoint({
    method: 'GET',
    path: '/wp-json/acf/options/cta',
    summary: 'The site-wide call-to-action',
    tag,
    public: true,
    responses: { 200: ctaSchema },
  }),
  glossary: defineEndpoint({
    method: 'GET',
    path: '/wp-json/glossary',
    summary: 'Glossary terms, alphabetically',
    tag,
    public: true,
    responses: { 200: z.array(glossaryIndexItemSchema) },
  }),
  glossaryTerm: defineEndpoint({
    method: 'GET',
    path: '/wp-json/glossary/:slug',
    summary: 'A glossary term with related terms, docs and diagrams',
    tag,
    public: true,
    params: slugParams,
    responses: { 200: glossaryTermSchema, ...notFound },
  }),
  jobs: defineEndpoint({
    method: 'GET',
    path: '/wp-json/careers',
    summary: 'Open job postings',
    tag,
    public: true,
    responses: { 200: z.array(jobSchema) },
  }),
  job: defineEndpoint({
    method: 'GET',
    path: '/wp-json/careers/:slug',
    summary: 'A job posting',
    tag,
    public: true,
    params: slugParams,
    responses: { 200: jobSchema, ...notFound },
  }),
  partners: defineEndpoint({
    method: 'GET',
    path: '/wp-json/partners',
    summary: 'Partners in display order',
    tag,
    public: true,
    responses: { 200: z.array(partnerSchema) },
  }),
  featured: defineEndpoint({
    method: 'GET',
    path: '/wp-json/community/featured',
    summary: 'Spotlighted usernames and diagram file keys (comma-separated)',
    tag,
    public: true,
    responses: { 200: z.object({ usernames: z.string(), fileKeys: z.string() }) },
  }),
  tweets: defineEndpoint({
    method: 'GET',
    path: '/system/tweets/:ids',
    summary: 'Social posts by ids joined by +; the bundled sample posts when none can be fetched',
    tag,
    public: true,
    params: z.object({ ids: z.string() }),
    responses: { 200: z.array(socialPostSchema) },
  }),
  saveEntry: defineEndpoint({
    method: 'PUT',
    path: '/content/entries/:kind/:slug',
    summary: 'Create or replace one content entry (admins)',
    tag,
    params: z.object({ kind: contentKindSchema, slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/) }),
    body: z.object({
      title: z.string().min(1),
      description: z.string().default(''),
      status: contentStatusSchema.default('publish'),
      body: z.string().default(''),
      data: looseRecord.default({}),
    }),
    responses: { 200: z.object({ id: z.string(), kind: contentKindSchema, slug: z.string() }), 401: null, 403: null },
  }),
  deleteEntry: defineEndpoint({
    method: 'DELETE',
    path: '/content/entries/:kind/:slug',
    summary: 'Delete one content entry (admins)',
    tag,
    params: z.object({ kind: contentKindSchema, slug: z.string() }),
    responses: { 204: null, 401: null, 403: null, 404: null },
  }),
};
