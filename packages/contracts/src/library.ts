import { z } from 'zod';
import { diagramDocumentSchema, fuidParams } from './diagrams.js';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './errors.js';
import { LibraryTexts } from './library-texts.js';

/** Template sections (website.md §2), in the order the lists show them. */
export const TEMPLATE_TYPES = [
  'patterns',
  'framework',
  'deconstructions',
  'webinars',
  'book',
  'tutorials',
  'community',
] as const;
export const TEMPLATE_TYPE_TITLES: Record<(typeof TEMPLATE_TYPES)[number], string> = {
  patterns: 'Patterns',
  framework: 'Framework',
  deconstructions: 'Deconstructions',
  webinars: 'Webinars',
  book: 'Book',
  tutorials: 'Tutorials',
  community: 'Community',
};
export const templateTypeSchema = z.enum(TEMPLATE_TYPES);
const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, LibraryTexts.templateNotFound)
  .max(80);

export const tourStepSchema = z.object({
  title: z.string().trim().min(1).max(120),
  text: z.string().trim().min(1).max(1000),
  /** Element (node or connection) ids the step highlights. */
  nodes: z.array(z.string().min(1).max(200)).max(50).default([]),
});
export const tourSchema = z.object({ steps: z.array(tourStepSchema) });

export const templateSummarySchema = z.object({
  type: templateTypeSchema,
  id: z.string(),
  title: z.string(),
  description: z.string(),
  chart: z.array(z.string()),
  hasTour: z.boolean(),
  /** /templates/{type}/{ID}?name={title} */
  href: z.string(),
  /** A small PNG of the template's diagram (its card picture). */
  thumbnailUrl: z.string(),
  /** The community diagram page (with ?source=templates) when the template was published from a diagram. */
  communityHref: z.string().nullable(),
  createdAt: z.string(),
});
export const templateViewSchema = templateSummarySchema.extend({
  document: diagramDocumentSchema,
  tour: tourSchema.nullable(),
});
export const templateListQuerySchema = z.object({
  type: templateTypeSchema.optional(),
  /** position: catalogue order; newest: the community "new templates" list. */
  sort: z.enum(['position', 'newest']).default('position'),
  count: z.coerce.number().int().min(1).max(200).default(200),
});
export const templateParams = z.object({ type: templateTypeSchema, id: slugSchema });
export const useTemplateBodySchema = z.object({ name: z.string().trim().max(200).optional() });
export const publishTemplateBodySchema = z.object({
  type: templateTypeSchema.default('community'),
  title: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(2000).optional(),
});

export const tourQuerySchema = z.object({
  /** 'templates' asks for a template's tour (id = template ID); otherwise id is a diagram fuid. */
  source: z.enum(['templates', 'diagrams']).optional(),
  id: z.string().max(80).optional(),
});
export const saveTourBodySchema = z.object({ diagramId: z.string().max(80).optional(), steps: z.unknown() });

export const balanceTestBodySchema = z
  .object({
    name: z.string().trim().min(1, 'The test needs a name').max(200),
    /** A pool or register id. */
    nodeId: z.string().min(1).max(200),
    /** 1-based step; null: the end of each run. */
    step: z.number().int().min(1).max(10_000).nullable().default(null),
    // A bound on a pool's or register's value: any finite number a designer would write.
    min: z.number().min(-1e15).max(1e15).nullable().default(null),
    max: z.number().min(-1e15).max(1e15).nullable().default(null),
    /** Percentage of runs that must lie within [min, max]. */
    share: z.number().min(0).max(100).default(100),
    runs: z.number().int().min(1).max(10_000).default(100),
    seed: z.number().int().min(0).max(2_147_483_647).default(0),
  })
  .refine((b) => b.min !== null || b.max !== null, { message: 'Give a minimum, a maximum or both', path: ['min'] })
  .refine((b) => b.min === null || b.max === null || b.min <= b.max, {
    message: 'The minimum cannot be above the maximum',
    path: ['max'],
  });
export const balanceTestResultSchema = z.object({
  id: z.string(),
  diagramVersion: z.number().int(),
  passed: z.boolean(),
  observedShare: z.number(),
  runs: z.number().int(),
  origin: z.string(),
  createdAt: z.string(),
});
export const balanceTestSchema = z.object({
  id: z.string(),
  diagram: z.object({ fuid: z.string(), name: z.string(), version: z.number().int() }),
  name: z.string(),
  nodeId: z.string(),
  step: z.number().int().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  share: z.number(),
  runs: z.number().int(),
  seed: z.number().int(),
  /** A sentence: "pool Gold after 100 steps is between 50 and 200 in at least 95% of 1,000 runs, seed 42". */
  summary: z.string(),
  createdAt: z.string(),
  /** Newest first. */
  history: z.array(balanceTestResultSchema),
});
export const balanceTestParams = z.object({ id: z.string().uuid() });

export const libraryVisibilitySchema = z.enum(['private', 'team', 'public']);
export const libraryContentSchema = z.object({
  nodes: z.array(z.record(z.string(), z.unknown())).max(10_000),
  connections: z.array(z.record(z.string(), z.unknown())).max(10_000).default([]),
});
export const libraryItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  visibility: libraryVisibilitySchema,
  position: z.number().int(),
  componentCount: z.number().int(),
  mine: z.boolean(),
  content: libraryContentSchema,
  createdAt: z.string(),
});
export const createLibraryItemBodySchema = z.object({
  name: z.string().trim().min(1, 'The item needs a name').max(120),
  visibility: libraryVisibilitySchema.default('private'),
  content: libraryContentSchema,
});
export const updateLibraryItemBodySchema = z.object({
  name: z.string().trim().min(1, 'The item needs a name').max(120).optional(),
  visibility: libraryVisibilitySchema.optional(),
  position: z.number().int().min(0).max(100_000).optional(),
});
export const libraryOrderBodySchema = z.object({ ids: z.array(z.string().uuid()).max(1000) });
export const libraryItemParams = z.object({ id: z.string().uuid() });
export const libraryLimitsSchema = z.object({
  items: z.number().int(),
  used: z.number().int(),
  componentsPerItem: z.number().int(),
});

/** Global Settings: editor preferences, per user. */
export const editorPreferencesSchema = z.object({
  grid: z.boolean().default(true),
  snap: z.boolean().default(true),
  defaultTimeSteps: z.number().int().min(1).max(10_000).default(100),
  numberFormat: z.enum(['plain', 'grouped', 'compact']).default('plain'),
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  reducedMotion: z.boolean().default(false),
});
export const DEFAULT_EDITOR_PREFERENCES = editorPreferencesSchema.parse({});
/** The Global Settings form: the time steps field is text. */
export const editorPreferencesFormSchema = editorPreferencesSchema.extend({
  defaultTimeSteps: z.coerce
    .number()
    .int('Enter a whole number')
    .min(1, 'At least 1 step')
    .max(10_000, 'At most 10,000 steps'),
});

const tag = 'library';
export const templateEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/templates',
    summary: 'Templates by section (catalogue order) or newest first (community "new templates")',
    tag,
    public: true,
    query: templateListQuerySchema,
    responses: {
      200: envelope(
        z.object({
          items: z.array(templateSummarySchema),
          sections: z.array(z.object({ type: templateTypeSchema, title: z.string(), count: z.number().int() })),
        }),
      ),
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/templates/:type/:id',
    summary: 'One template with its document and tour (read-only)',
    tag,
    public: true,
    params: templateParams,
    responses: { 200: envelope(z.object({ template: templateViewSchema })) },
  }),
  thumbnail: defineEndpoint({
    method: 'GET',
    path: '/templates/:type/:id/thumbnail',
    summary: "The template's thumbnail: a small PNG of its diagram",
    tag,
    public: true,
    params: templateParams,
    produces: 'image/png',
    responses: { 200: z.string() },
  }),
  use: defineEndpoint({
    method: 'POST',
    path: '/templates/:type/:id/copies',
    summary: 'Use this template: a copy (with its tour) in my workspace',
    tag,
    params: templateParams,
    body: useTemplateBodySchema,
    responses: { 201: envelope(z.object({ diagram: z.object({ fuid: z.string(), name: z.string() }) })) },
  }),
  publish: defineEndpoint({
    method: 'PUT',
    path: '/diagrams/:fuid/template',
    summary: 'Admins: publish a diagram as a template (again: update it)',
    tag,
    params: fuidParams,
    body: publishTemplateBodySchema,
    responses: { 200: envelope(z.object({ template: templateSummarySchema })) },
  }),
  unpublish: defineEndpoint({
    method: 'DELETE',
    path: '/diagrams/:fuid/template',
    summary: 'Admins: withdraw a published template',
    tag,
    params: fuidParams,
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
};
export const tourEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/tours',
    summary: 'The tour of a diagram (id = fuid) or of a template (source=templates, id = template ID)',
    tag,
    public: true,
    query: tourQuerySchema,
    responses: { 200: envelope(z.object({ tour: tourSchema })) },
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/tours',
    summary: 'Replace the tour of a diagram I can edit',
    tag,
    body: saveTourBodySchema,
    responses: { 200: envelope(z.object({ tour: tourSchema })) },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/tours',
    summary: 'Delete the tour of a diagram I can edit',
    tag,
    query: tourQuerySchema,
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
};
export const balanceTestEndpoints = {
  listAll: defineEndpoint({
    method: 'GET',
    path: '/balance-tests',
    summary: 'The Tests list: balance tests on diagrams I can see, with their history',
    tag,
    responses: { 200: envelope(z.object({ items: z.array(balanceTestSchema) })) },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/balance-tests',
    summary: 'Balance tests of one diagram',
    tag,
    params: fuidParams,
    responses: { 200: envelope(z.object({ items: z.array(balanceTestSchema) })) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/balance-tests',
    summary: 'Save a balance test on a diagram I can edit',
    tag,
    params: fuidParams,
    body: balanceTestBodySchema,
    responses: { 201: envelope(z.object({ test: balanceTestSchema })) },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/balance-tests/:id',
    summary: 'Delete a balance test',
    tag,
    params: balanceTestParams,
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/balance-tests/:id/runs',
    summary: 'Run a balance test on the saved diagram (deterministic under its seed); the result joins its history',
    tag,
    params: balanceTestParams,
    body: z.object({ origin: z.enum(['editor', 'list']).default('list') }),
    responses: { 201: envelope(z.object({ test: balanceTestSchema, result: balanceTestResultSchema })) },
  }),
};
export const libraryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/library',
    summary: "Library items I can use (mine, my teams', public) and my limits",
    tag,
    responses: { 200: envelope(z.object({ items: z.array(libraryItemSchema), limits: libraryLimitsSchema })) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/library',
    summary: 'Save a selection as a library item (plan limits apply)',
    tag,
    body: createLibraryItemBodySchema,
    responses: { 201: envelope(z.object({ item: libraryItemSchema })) },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/library/:id',
    summary: 'Rename, change visibility or move a library item',
    tag,
    params: libraryItemParams,
    body: updateLibraryItemBodySchema,
    responses: { 200: envelope(z.object({ item: libraryItemSchema })) },
  }),
  reorder: defineEndpoint({
    method: 'PUT',
    path: '/library/order',
    summary: 'Reorder my library items',
    tag,
    body: libraryOrderBodySchema,
    responses: { 200: envelope(z.object({ items: z.array(libraryItemSchema) })) },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/library/:id',
    summary: 'Delete a library item',
    tag,
    params: libraryItemParams,
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
};
export const preferenceEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/users/me/preferences',
    summary: 'Global Settings: my editor preferences',
    tag,
    responses: { 200: envelope(z.object({ preferences: editorPreferencesSchema })) },
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/users/me/preferences',
    summary: 'Save my editor preferences',
    tag,
    body: editorPreferencesSchema.partial(),
    responses: { 200: envelope(z.object({ preferences: editorPreferencesSchema })) },
  }),
  regenerateToken: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/file-token',
    summary: "A new diagram (file) token ('diagram token cannot be changed' on failure)",
    tag,
    params: fuidParams,
    responses: { 200: envelope(z.object({ fileToken: z.string() })) },
  }),
};

export type TemplateSummary = z.infer<typeof templateSummarySchema>;
export type TemplateView = z.infer<typeof templateViewSchema>;
export type TourStep = z.infer<typeof tourStepSchema>;
export type BalanceTestView = z.infer<typeof balanceTestSchema>;
export type LibraryItemView = z.infer<typeof libraryItemSchema>;
export type EditorPreferences = z.infer<typeof editorPreferencesSchema>;
