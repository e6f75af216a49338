import type { Diagram, DiagramInput } from '@loopwright/engine';
import { z } from 'zod';
import { DIAGRAM_TYPE_TAGS, DiagramTexts } from './diagrams-texts.js';
import { defineEndpoint, MAX_PAGE } from './endpoint.js';
import { envelope } from './errors.js';

/**
 * The engine's document (`Diagram` from @loopwright/engine). The API validates it with the engine's
 * own `diagramSchema` and `validate()`, and answers 400 DIAGRAM_INVALID with every problem by
 * element id (details.problems) — so the contract only checks that it is an object.
 */
export const diagramDocumentInputSchema = z
  .custom<DiagramInput>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), {
    message: 'The document must be a diagram object',
  })
  .meta({
    description: 'A Loopwright diagram document (the engine format: version, settings, nodes, connections, variables)',
  });
export const diagramDocumentSchema = z
  .custom<Diagram>((value) => typeof value === 'object' && value !== null)
  .meta({ description: 'A Loopwright diagram document, defaults filled in' });

export const fuidSchema = z.string().regex(/^[A-Za-z0-9]{6,32}$/, 'Diagram not found');
export const fuidParams = z.object({ fuid: fuidSchema });
const uuid = z.string().uuid();

export const linkAccessSchema = z.enum(['none', 'view', 'edit']);
export const shareRoleSchema = z.enum(['viewer', 'editor', 'none']);
/** What the caller may do with a diagram, as decided by the API. */
export const diagramAccessSchema = z.enum(['owner', 'editor', 'viewer']);
export const diagramTypeTagSchema = z.enum(DIAGRAM_TYPE_TAGS);

/** Privacy: every combination of people (shares), link and community is allowed; none of them is "only me". */
export const diagramPrivacySchema = z.object({
  /** Anyone with the link: no access, can view, can edit (editing needs a login). */
  linkAccess: linkAccessSchema,
  /** Public on community: anyone can view it, also without a login, and it is listed on the community. */
  community: z.boolean(),
  /** Derived: at least one person has Viewer or Editor access. */
  specificPeople: z.boolean(),
  /** Derived: 'only-me' when no link, no community and no people. */
  option: z.enum(['only-me', 'specific-people', 'link', 'public', 'combined']),
});

export const userRefSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  isFollowed: z.boolean(),
});
export const tagSchema = z
  .object({ id: z.string(), name: z.string(), textColor: z.string(), backgroundColor: z.string() })
  .meta({ id: 'Tag' });

export const diagramSummarySchema = z
  .object({
    fuid: z.string(),
    name: z.string(),
    description: z.string(),
    owner: userRefSchema.extend({ email: z.string().nullable() }),
    /** The caller's access (anonymous visitors of public or link diagrams are viewers). */
    access: diagramAccessSchema,
    privacy: diagramPrivacySchema,
    /** Saves so far; 0 = never saved (created empty). Send it back as `baseVersion` when saving. */
    version: z.number().int(),
    timeStepsLimit: z.number().int(),
    typeTags: z.array(diagramTypeTagSchema),
    /** The caller's own tags on this diagram. */
    tags: z.array(tagSchema),
    counts: z.object({
      nodes: z.number().int(),
      connections: z.number().int(),
      components: z.number().int(),
      plays: z.number().int(),
      forks: z.number().int(),
    }),
    likeCount: z.number().int(),
    likedByAuthenticatedUser: z.boolean(),
    /** The diagram this one was copied from (forked-from notice); null when it is gone or private to the caller. */
    source: z
      .object({ fuid: z.string(), name: z.string(), owner: z.string().nullable(), available: z.boolean() })
      .nullable(),
    /** `/open-public/{fuid}` while public on community, else null. */
    publicUrl: z.string().nullable(),
    thumbnailUrl: z.string(),
    sizeBytes: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    savedAt: z.string().nullable(),
    deletedAt: z.string().nullable(),
  })
  .meta({ id: 'DiagramSummary' });

export const diagramSchemaOut = diagramSummarySchema
  .extend({
    document: diagramDocumentSchema,
    contributors: z.array(userRefSchema),
    /** The most steps a run of this diagram may have on its workspace's plan (null: unlimited). */
    runStepsLimit: z.number().int().nullable(),
  })
  .meta({ id: 'Diagram' });

export const problemSchema = z.object({
  id: z.string(),
  code: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
  field: z.string().optional(),
});

export const diagramDetailsSchema = z.object({
  author: userRefSchema,
  createdAt: z.string(),
  lastChange: z.string(),
  lastChangeBy: userRefSchema.nullable(),
  sizeBytes: z.number().int(),
  componentCount: z.number().int(),
  /** Shown to the owner and editors; null for viewers. */
  fileToken: z.string().nullable(),
  version: z.number().int(),
});

/** What the author says about a version (`loopwright-sim push -m`): shown in the version history. */
export const versionMessageSchema = z.string().trim().min(1).max(500);

export const createDiagramBodySchema = z.object({
  name: z.string().trim().max(200).optional(),
  description: z.string().trim().max(5000).optional(),
  /** Omitted or empty: the diagram starts empty (version 0, not saved yet). */
  document: diagramDocumentInputSchema.optional(),
  /** A workspace the caller is an active member of (a team's); omitted: their personal workspace. */
  workspaceId: z.string().uuid().optional(),
  /** The first version's message (with a document). */
  message: versionMessageSchema.optional(),
});

export const listDiagramsQuerySchema = z.object({
  /** My Diagrams, Shared with me, my deleted diagrams (restorable), or the Team folder (my team's diagrams). */
  scope: z.enum(['mine', 'shared', 'trash', 'team']).default('mine'),
  sort: z.enum(['updated', 'created', 'name']).default('updated'),
  order: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** One of the caller's tag ids. */
  tag: uuid.optional(),
  q: z.string().trim().max(200).optional(),
});

export const saveDocumentBodySchema = z.object({
  /** The version the client's document was based on (from get, create or the last save). */
  baseVersion: z.int32().min(0),
  document: diagramDocumentInputSchema,
  /** True for autosave (the default); an explicit save answers the same way. */
  autosave: z.boolean().optional(),
  /** This version's message: the save starts its own version-history entry, which later saves do not extend. */
  message: versionMessageSchema.optional(),
});
export const saveResultSchema = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  /** The version-history entry this save went into (a burst of saves shares one entry). */
  revisionId: z.string(),
  /** Engine warnings (disabled nodes) — saved anyway. */
  warnings: z.array(problemSchema),
  typeTags: z.array(diagramTypeTagSchema),
});
/** details of a 409 DIAGRAM_VERSION_CONFLICT: offer force mine (resend with baseVersion = currentVersion), reload, or save a copy. */
export const versionConflictDetailsSchema = z.object({
  currentVersion: z.number().int(),
  savedAt: z.string().nullable(),
  savedBy: userRefSchema.nullable(),
});

export const updateDiagramBodySchema = z.object({
  name: z.string().trim().min(1, 'The name cannot be empty').max(200).optional(),
  description: z.string().trim().max(5000).optional(),
});
export const copyDiagramBodySchema = z.object({ name: z.string().trim().min(1).max(200).optional() });

export const revisionSchema = z.object({
  id: z.string(),
  /** The diagram version this entry holds (the last save of its burst). */
  version: z.number().int(),
  firstVersion: z.number().int(),
  saves: z.number().int(),
  author: userRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set when this version was made by restoring an older one. */
  restoredFrom: z.object({ id: z.string(), version: z.number().int() }).nullable(),
  /** What the author said about this version; null: nothing. */
  message: z.string().nullable(),
});
export const revisionWithDocumentSchema = revisionSchema.extend({ document: diagramDocumentSchema });
export const revisionParams = z.object({ fuid: fuidSchema, versionId: uuid });

export const diagramPrivacyBodySchema = z.object({
  linkAccess: linkAccessSchema.optional(),
  community: z.boolean().optional(),
});

export const shareSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: shareRoleSchema,
  /** The account with this e-mail, once there is one. */
  user: userRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const createShareBodySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please insert a valid email address' })),
  role: shareRoleSchema.default('viewer'),
});
export const updateShareBodySchema = z.object({ role: shareRoleSchema });
export const shareParams = z.object({ fuid: fuidSchema, shareId: uuid });

export const importBodySchema = z.object({
  /** Our JSON export (or a bare document), a Machinations XML file (<graph>) or a machinations.io mxGraph file. */
  text: z.string().min(1, DiagramTexts.formatNotRecognized).max(4_500_000),
  name: z.string().trim().max(200).optional(),
});
/** Our JSON file: what GET /export/json answers and POST /import takes back, losslessly. */
export const diagramFileSchema = z.object({
  format: z.literal('loopwright'),
  formatVersion: z.literal(1),
  name: z.string(),
  description: z.string(),
  document: diagramDocumentSchema,
  exportedAt: z.string(),
  source: z.object({ fuid: z.string(), version: z.number().int() }),
});
export const exportPngQuerySchema = z.object({ scale: z.coerce.number().min(0.25).max(4).default(1) });

const messageSchema = z.object({ message: z.string() });
const diagramEnvelope = envelope(z.object({ diagram: diagramSchemaOut }));
const summaryEnvelope = envelope(z.object({ diagram: diagramSummarySchema }));
const messageEnvelope = envelope(messageSchema);

const tag = 'diagrams';
export const diagramEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/diagrams',
    summary: 'Create a diagram (name defaults to Untitled)',
    tag,
    body: createDiagramBodySchema,
    responses: { 201: diagramEnvelope },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/diagrams',
    summary: 'My Diagrams, Shared with me or deleted diagrams, sorted and paged',
    tag,
    query: listDiagramsQuerySchema,
    responses: {
      200: envelope(
        z.object({
          items: z.array(diagramSummarySchema),
          total: z.number().int(),
          page: z.number().int(),
          pageSize: z.number().int(),
          /** Days a diagram stays in the trash before it is deleted forever (deletedAt + this = when). */
          trashRetentionDays: z.number().int(),
        }),
      ),
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid',
    summary: 'A diagram with its document (public and link diagrams need no login)',
    tag,
    public: true,
    params: fuidParams,
    responses: { 200: diagramEnvelope },
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/diagrams/:fuid/document',
    summary:
      'Save the document: what changed since baseVersion is applied to the live (co-edited) document as one change; 409 with the current version only when baseVersion is no longer known',
    tag,
    params: fuidParams,
    body: saveDocumentBodySchema,
    responses: { 200: envelope(saveResultSchema) },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/diagrams/:fuid',
    summary: 'Rename or describe a diagram',
    tag,
    params: fuidParams,
    body: updateDiagramBodySchema,
    responses: { 200: summaryEnvelope },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/diagrams/:fuid',
    summary: 'Delete a diagram (restorable from scope=trash)',
    tag,
    params: fuidParams,
    responses: { 200: messageEnvelope },
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/restore',
    summary: 'Restore a deleted diagram',
    tag,
    params: fuidParams,
    responses: { 200: summaryEnvelope },
  }),
  deleteForever: defineEndpoint({
    method: 'DELETE',
    path: '/diagrams/:fuid/forever',
    summary: 'Delete a diagram in the trash forever (its versions, plays, shares and tags go with it)',
    tag,
    params: fuidParams,
    responses: { 200: messageEnvelope },
  }),
  emptyTrash: defineEndpoint({
    method: 'POST',
    path: '/diagrams/trash/empty',
    summary: 'Delete every diagram in my trash forever',
    tag,
    responses: { 200: envelope(z.object({ deleted: z.number().int() })) },
  }),
  copy: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/copies',
    summary: 'Duplicate / Make a copy / fork: a new diagram of mine from one I can view',
    tag,
    params: fuidParams,
    body: copyDiagramBodySchema,
    responses: { 201: diagramEnvelope },
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/details',
    summary: 'Document details: author, creation date, last change, size, component count, file token',
    tag,
    public: true,
    params: fuidParams,
    responses: { 200: envelope(diagramDetailsSchema) },
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/diagrams/import',
    summary: 'Create a diagram from our JSON or either Machinations XML format',
    tag,
    body: importBodySchema,
    responses: {
      201: envelope(
        z.object({
          diagram: diagramSchemaOut,
          format: z.string(),
          warnings: z.array(z.object({ id: z.string(), message: z.string() })),
        }),
      ),
    },
  }),
  exportJson: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/export/json',
    summary: 'Our JSON file (lossless; import takes it back)',
    tag,
    public: true,
    params: fuidParams,
    responses: { 200: diagramFileSchema },
  }),
  exportSvg: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/export/svg',
    summary: 'The diagram as SVG',
    tag,
    public: true,
    params: fuidParams,
    produces: 'image/svg+xml',
    responses: { 200: z.string() },
  }),
  exportPng: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/export/png',
    summary: 'The diagram as PNG',
    tag,
    public: true,
    params: fuidParams,
    query: exportPngQuerySchema,
    produces: 'image/png',
    responses: { 200: z.string() },
  }),
};

const versions = 'diagram versions';
export const diagramVersionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/versions',
    summary: 'Version history, newest first, with author and time',
    tag: versions,
    params: fuidParams,
    responses: {
      200: envelope(z.object({ items: z.array(revisionSchema), retentionDays: z.number().int().nullable() })),
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/versions/:versionId',
    summary: 'One version with its document',
    tag: versions,
    params: revisionParams,
    responses: { 200: envelope(z.object({ version: revisionWithDocumentSchema })) },
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/versions/:versionId/restore',
    summary: 'Restore a version: saved as a new version; other editors are told in real time',
    tag: versions,
    params: revisionParams,
    responses: { 200: envelope(saveResultSchema) },
  }),
};

const sharing = 'sharing';
export const sharingEndpoints = {
  privacy: defineEndpoint({
    method: 'PUT',
    path: '/diagrams/:fuid/privacy',
    summary: 'Set link access and community visibility (owner; the diagram must be saved)',
    tag: sharing,
    params: fuidParams,
    body: diagramPrivacyBodySchema,
    responses: { 200: envelope(z.object({ privacy: diagramPrivacySchema })) },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/shares',
    summary: 'People the diagram is shared with',
    tag: sharing,
    params: fuidParams,
    responses: { 200: envelope(z.object({ shares: z.array(shareSchema) })) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/shares',
    summary: 'Share with a person by e-mail as Viewer, Editor or No access (the file must be named first)',
    tag: sharing,
    params: fuidParams,
    body: createShareBodySchema,
    responses: { 201: envelope(z.object({ share: shareSchema })) },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/diagrams/:fuid/shares/:shareId',
    summary: "Change a person's permission",
    tag: sharing,
    params: shareParams,
    body: updateShareBodySchema,
    responses: { 200: envelope(z.object({ share: shareSchema })) },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/diagrams/:fuid/shares/:shareId',
    summary: 'Stop sharing with a person',
    tag: sharing,
    params: shareParams,
    responses: { 200: messageEnvelope },
  }),
};

/** Routes served outside /api (not in the OpenAPI document). */
export const diagramWebRoutes = {
  /** PNG thumbnail; size small (default), medium or large; respects privacy; cached until the diagram changes. */
  shareThumbnail: '/share-thumbnail/:id/:size/png',
  shareThumbnailDefault: '/share-thumbnail/:id/png',
  /** 302 to /community/{owner}/{slug}-{fuid} while public; 404 page otherwise. */
  openPublic: '/open-public/:fuid',
} as const;

/**
 * Socket.IO (path /socket.io, same origin, session cookie or `auth: { token: <API key> }`).
 * Client → server: `diagram:join` { fuid } (ack { ok, access, version } or { ok: false, code }), `diagram:leave` { fuid }.
 * Server → client (room of the diagram): saved, reverted, deleted, access-changed.
 * Server → client (the user's own room): play progress, play finished, notifications, my tags on a diagram.
 */
export const RealtimeEvents = {
  join: 'diagram:join',
  leave: 'diagram:leave',
  /** { fuid, version, savedAt, savedBy: { id } } — ignore your own saves (same user id and the version you got back). */
  saved: 'diagram:saved',
  /** { fuid, version, restoredFrom: { id, version }, by: { id } } — offer a reload. */
  reverted: 'diagram:reverted',
  /** { fuid } */
  deleted: 'diagram:deleted',
  /** { fuid } — privacy or shares changed: every socket was taken out of the room; emit `diagram:join` again (access is checked anew). */
  accessChanged: 'diagram:access-changed',
  /** CommentThreadChanged (comments contract): a thread was added, replied to, resolved, reopened, edited or deleted. */
  comments: 'comments:changed',
  /** { playId, fuid, completed, total } */
  playProgress: 'play:progress',
  /** { playId, fuid, status } */
  playFinished: 'play:finished',
  /** a notification (see notifications contract) */
  notification: 'notification:new',
  /** { fuid, tags } — my tags on a diagram changed (in another of my tabs): show these. */
  tags: 'diagram:tags',
  /** {} — Recent Activity has new items for this user (someone they follow acted, or someone acted on them): read the first page again. */
  activity: 'activity:new',
} as const;

export type DiagramSummary = z.infer<typeof diagramSummarySchema>;
export type DiagramView = z.infer<typeof diagramSchemaOut>;
export type DiagramPrivacy = z.infer<typeof diagramPrivacySchema>;
export type DiagramAccess = z.infer<typeof diagramAccessSchema>;
export type SaveResult = z.infer<typeof saveResultSchema>;
export type VersionConflictDetails = z.infer<typeof versionConflictDetailsSchema>;
export type Share = z.infer<typeof shareSchema>;
export type Revision = z.infer<typeof revisionSchema>;
export type DiagramFile = z.infer<typeof diagramFileSchema>;
export type DiagramProblem = z.infer<typeof problemSchema>;
