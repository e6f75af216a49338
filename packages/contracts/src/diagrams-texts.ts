/** The spec's diagram texts, word for word where the spec gives them. */
export const DiagramTexts = {
  notFound: 'Diagram not found',
  copyUnavailable: 'The diagram you are trying to copy is no longer available',
  emptyGraph: 'Cannot autosave an empty graph',
  saveFailed: 'Error saving file',
  versionConflict: 'Someone else saved this diagram after you opened it',
  invalidDocument: 'The diagram has errors and was not saved',
  notSavedPrivacy: 'Please save the diagram before changing its privacy',
  notSavedTags: 'Please save the diagram before selecting tags',
  notSavedPlay: 'Please save the diagram before running it',
  nameFirst: 'Please name the file before sharing it',
  alreadyShared: 'Sharing with an existing person is refused',
  shareSelf: 'You already own this diagram',
  tagExists: 'Tag already exists',
  tagLimit: 'Max number of tags reached',
  formatNotRecognized: 'File format not recognized',
  publicUnavailable: 'This diagram was deleted or is no longer public',
  versionNotFound: 'This version is no longer available',
  playsLoadFailed: 'Failed loading play history items',
  playDeleteFailed: 'Failed deleting play history items',
  playNotFound: 'This play is no longer available',
  /** app.md §8 "Failed initializing … quick plays batch": the server did not take the batch (its cause follows). */
  batchInitFailed: 'Failed initializing quick plays batch',
  batchFailed: 'Failed executing quick plays batch',
  batchStopFailed: 'Failed stopping quick plays batch',
  batchTooLarge: 'Limit reached',
  /** app.md §5: "Multiple run needs at least one element plotted on the chart." */
  nothingPlotted: 'Multiple run needs at least one element plotted on the chart.',
  stepsLimit: 'Limit reached',
  componentsLimit: "You've reached the maximum number of components included in your current subscription plan",
  notificationsFailed: 'Failed to fetch notifications',
  /** app.md §8, Other: Recent Activity could not be read. */
  activityFeedFailed: 'Activity feed retrieval error',
  batchDone: 'Your batch of {runs} runs of "{name}" has finished',
  batchFailedNotice: 'Your batch of {runs} runs of "{name}" failed: {reason}',
  studyDone: 'Your balance study of "{name}" has finished',
  studyFailedNotice: 'Your balance study of "{name}" failed: {reason}',
  sharedWithYou: '{person} shared "{name}" with you',
  notInTrash: 'Only a diagram in the Trash can be deleted forever',
  copiedYours: '{person} made a copy of "{name}"',
  versionDetailsFailed: 'Failed updating diagram version details',
} as const;

/**
 * Technical caps that hold whatever the plan (document size, queue fairness). The plan limits
 * (components per team, run steps, tags, Predictions, version history…) are in the `plans` table
 * and enforced through the plans module's EntitlementsService; versionHistoryDays here is only the
 * fallback for a diagram whose workspace cannot be read.
 */
export const DiagramLimits = {
  /** Version history is kept this many days (the newest version is always kept). */
  versionHistoryDays: 30,
  /** Saves by the same person closer than this together form one burst: one version. */
  versionBurstGapMs: 2 * 60_000,
  /** A burst never spans longer than this: a long session still leaves a version every so often. */
  versionBurstMaxMs: 30 * 60_000,
  /** Runs per server-side batch. */
  batchMaxRuns: 100_000,
  /** Server batches one user may have queued or running at once. */
  batchMaxActivePerUser: 3,
  /** Largest time steps limit a run may use. */
  maxTimeSteps: 10_000,
  /** Nodes plus connections per diagram. */
  maxComponents: 5_000,
  /** Stored document size (bytes of JSON). */
  maxDocumentBytes: 4_000_000,
  /** Tags per workspace (technical cap; the plan's limit is usually lower). */
  maxTags: 500,
  /** Runs kept per interactive/quick play (series points per charted element). */
  maxPlaySeriesPoints: 100_000,
  /** Worker threads one server batch uses. */
  batchThreads: 2,
  /** Runs below this many are better run in the browser; the API accepts any count from 1. */
  suggestedServerBatchFrom: 1_000,
} as const;

export const DIAGRAM_DEFAULT_NAME = 'Untitled';
export const DIAGRAM_TYPE_TAGS = ['dice', 'skill', 'strategy', 'multiplayer'] as const;
/** Share thumbnails: width × height in pixels (1.91:1, the social-card shape). */
export const THUMBNAIL_SIZES = {
  small: { width: 320, height: 168 },
  medium: { width: 640, height: 335 },
  large: { width: 1200, height: 630 },
} as const;
export type ThumbnailSize = keyof typeof THUMBNAIL_SIZES;

/** Error codes of the diagram, sharing, tag, play and notification modules. */
export const DiagramErrorCode = {
  DIAGRAM_NOT_FOUND: 'DIAGRAM_NOT_FOUND',
  DIAGRAM_FORBIDDEN: 'DIAGRAM_FORBIDDEN',
  DIAGRAM_VERSION_CONFLICT: 'DIAGRAM_VERSION_CONFLICT',
  DIAGRAM_EMPTY: 'DIAGRAM_EMPTY',
  DIAGRAM_INVALID: 'DIAGRAM_INVALID',
  DIAGRAM_NOT_SAVED: 'DIAGRAM_NOT_SAVED',
  DIAGRAM_COPY_UNAVAILABLE: 'DIAGRAM_COPY_UNAVAILABLE',
  DIAGRAM_LIMIT_REACHED: 'DIAGRAM_LIMIT_REACHED',
  DIAGRAM_TOO_LARGE: 'DIAGRAM_TOO_LARGE',
  DIAGRAM_FORMAT_NOT_RECOGNIZED: 'DIAGRAM_FORMAT_NOT_RECOGNIZED',
  DIAGRAM_VERSION_NOT_FOUND: 'DIAGRAM_VERSION_NOT_FOUND',
  DIAGRAM_PUBLIC_UNAVAILABLE: 'DIAGRAM_PUBLIC_UNAVAILABLE',
  DIAGRAM_NOT_IN_TRASH: 'DIAGRAM_NOT_IN_TRASH',
  SHARE_NAME_REQUIRED: 'SHARE_NAME_REQUIRED',
  SHARE_ALREADY_EXISTS: 'SHARE_ALREADY_EXISTS',
  SHARE_SELF: 'SHARE_SELF',
  SHARE_NOT_FOUND: 'SHARE_NOT_FOUND',
  TAG_ALREADY_EXISTS: 'TAG_ALREADY_EXISTS',
  TAG_LIMIT_REACHED: 'TAG_LIMIT_REACHED',
  TAG_NOT_FOUND: 'TAG_NOT_FOUND',
  PLAY_NOT_FOUND: 'PLAY_NOT_FOUND',
  PLAY_LIMIT_REACHED: 'PLAY_LIMIT_REACHED',
  PLAY_TOO_LARGE: 'PLAY_TOO_LARGE',
  PLAY_QUEUE_UNAVAILABLE: 'PLAY_QUEUE_UNAVAILABLE',
  PLAY_NOT_RUNNING: 'PLAY_NOT_RUNNING',
  NOTIFICATION_NOT_FOUND: 'NOTIFICATION_NOT_FOUND',
} as const;
