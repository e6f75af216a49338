import { z } from 'zod';
import { fuidParams, fuidSchema, userRefSchema } from './diagrams.js';
import { DiagramLimits } from './diagrams-texts.js';
import { defineEndpoint, MAX_PAGE } from './endpoint.js';
import { envelope } from './errors.js';

export const playKindSchema = z.enum(['quick', 'interactive', 'multiple', 'study']);
export const playStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);

/** A simulated value: any finite double (JSON cannot carry more; stored as JSONB). */
const simulationValue = z.number().min(-Number.MAX_VALUE).max(Number.MAX_VALUE);

/** Per-step statistics of one charted element over a batch (the engine's SeriesSummary). */
export const seriesSummarySchema = z.object({
  name: z.string().optional(),
  mean: z.array(simulationValue),
  median: z.array(simulationValue),
  min: z.array(simulationValue),
  max: z.array(simulationValue),
  /** Percentile → per-step values, e.g. { "5": [...], "95": [...] }. */
  percentiles: z.record(z.string(), z.array(simulationValue)),
});
export const batchStatsSchema = z.object({
  runs: z.int32().min(0),
  completed: z.int32().min(0),
  meanSteps: simulationValue,
  steps: z.int32().min(0),
  summary: z.record(z.string(), seriesSummarySchema),
});

/**
 * A balance study as the play history keeps it: what was asked (levers, goals or metric, method,
 * budget or samples; the play's seed, runs and diagram version complete it) and a summary of the
 * answer, so that any result can be reproduced.
 */
export const studyRecordSchema = z
  .object({
    type: z.enum(['solve', 'sensitivity', 'sweep']),
    levers: z
      .array(
        z.object({
          name: z.string().min(1).max(200),
          min: simulationValue,
          max: simulationValue,
          integer: z.boolean().optional(),
          log: z.boolean().optional(),
        }),
      )
      .min(1)
      .max(32),
    goals: z.array(z.string().max(500)).max(50).default([]),
    objective: z.object({ sense: z.enum(['minimize', 'maximize']), expression: z.string().max(500) }).optional(),
    metric: z.string().max(500).optional(),
    method: z.string().max(20).optional(),
    budget: z.int32().min(1).optional(),
    samples: z.int32().min(1).optional(),
    /** The answer: lever values, goals met, evaluations, verification; or indices; or the sweep's points. */
    result: z.record(z.string(), z.unknown()),
    /**
     * The whole answer the charts are drawn from (the engine's StudyOutcome: solve with its fans
     * and candidates, sensitivity with its tornado, sweep with every point), so a stored study's
     * charts open again from the play history.
     */
    outcome: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'StudyRecord' });

/** A stored run: quick (one run), interactive (stepped by the user), multiple (a batch) or a balance study. */
export const playSchema = z
  .object({
    id: z.string(),
    fuid: z.string(),
    kind: playKindSchema,
    status: playStatusSchema,
    name: z.string().nullable(),
    /** The diagram version that was run. */
    diagramVersion: z.number().int(),
    seed: z.number().int(),
    runs: z.number().int(),
    /** Runs finished so far (server batches report progress here). */
    completedRuns: z.number().int(),
    /** Time steps: of the run (quick, interactive) or the most any run took (multiple). */
    steps: z.number().int(),
    totalSteps: z.number().int(),
    /** End reason → number of runs ('limit', an end condition's name, or 'user'). */
    endReasons: z.record(z.string(), z.number().int()),
    author: userRefSchema.nullable(),
    /** Server batch or a play the client ran and stored. */
    server: z.boolean(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Play' });
export const playWithValuesSchema = playSchema.extend({
  /** Charted series of a quick or interactive run: element id → value per step. */
  series: z.record(z.string(), z.array(z.number())).nullable(),
  /** Batch statistics of a multiple run. */
  stats: batchStatsSchema.nullable(),
  /** A balance study's settings and answer. */
  study: studyRecordSchema.nullable(),
});

export const createPlayBodySchema = z.object({
  kind: playKindSchema,
  name: z.string().trim().max(200).optional(),
  diagramVersion: z.int32().min(0),
  seed: z.int32(),
  runs: z.int32().min(1).default(1),
  steps: z.int32().min(0),
  totalSteps: z.int32().min(0).optional(),
  endReasons: z.record(z.string(), z.int32().min(0)).default({}),
  series: z.record(z.string(), z.array(simulationValue)).optional(),
  stats: batchStatsSchema.optional(),
  /** kind study: what the study asked and found. */
  study: studyRecordSchema.optional(),
});
export const listPlaysQuerySchema = z.object({
  kind: playKindSchema.optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const playParams = z.object({ fuid: fuidSchema, playId: z.string().uuid() });
export const batchBodySchema = z.object({
  runs: z.number().int().min(1).max(DiagramLimits.batchMaxRuns),
  seed: z.int32().optional(),
  /** Time steps per run; default the document's stepsLimit. */
  steps: z.number().int().min(1).max(DiagramLimits.maxTimeSteps).optional(),
  percentiles: z.array(z.number().min(0).max(100)).max(10).optional(),
  name: z.string().trim().max(200).optional(),
});

const studyLeverSchema = z.object({
  name: z.string().min(1).max(200),
  min: simulationValue,
  max: simulationValue,
  integer: z.boolean().optional(),
  log: z.boolean().optional(),
});
/** A balance study to run on the server queue (cut into blocks of evaluations; see docs/balance.md). */
export const studyBodySchema = z.object({
  kind: z.enum(['solve', 'sensitivity', 'sweep']),
  levers: z.array(studyLeverSchema).min(1).max(16),
  /** solve: assertions that must hold, e.g. `p90(Gold, 30) <= 500`. */
  goals: z.array(z.string().min(1).max(500)).max(50).default([]),
  objective: z.object({ sense: z.enum(['minimize', 'maximize']), expression: z.string().min(1).max(500) }).optional(),
  /** solve: most candidates. */
  budget: z.number().int().min(1).max(10_000).default(300),
  /** sensitivity, sweep: a statistic expression, e.g. `p90(Gold, 30)`. */
  metric: z.string().max(500).default(''),
  method: z.enum(['sobol', 'morris', 'grid', 'lhs']).optional(),
  samples: z.number().int().min(1).max(100_000).default(64),
  /** Runs per evaluation (the same seeds for every one). */
  runs: z.number().int().min(1).max(DiagramLimits.batchMaxRuns).default(100),
  /** First seed; default the diagram's seed, else 0. */
  seed: z.int32().optional(),
  name: z.string().trim().max(200).optional(),
});

const tag = 'plays';
export const playEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/plays',
    summary: 'Play history of a diagram, newest first',
    tag,
    params: fuidParams,
    query: listPlaysQuerySchema,
    responses: {
      200: envelope(
        z.object({
          items: z.array(playSchema),
          total: z.number().int(),
          page: z.number().int(),
          pageSize: z.number().int(),
        }),
      ),
    },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/plays',
    summary: 'Store a quick, interactive or multiple run, or a balance study, the client made',
    tag,
    params: fuidParams,
    body: createPlayBodySchema,
    responses: { 201: envelope(z.object({ play: playWithValuesSchema })) },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/plays/:playId',
    summary: 'Open a play with its series or statistics',
    tag,
    params: playParams,
    responses: { 200: envelope(z.object({ play: playWithValuesSchema })) },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/diagrams/:fuid/plays/:playId',
    summary: 'Delete a play',
    tag,
    params: playParams,
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/plays/:playId/cancel',
    summary: 'Stop a queued or running server batch (what ran so far is dropped)',
    tag,
    params: playParams,
    responses: { 200: envelope(z.object({ play: playSchema })) },
  }),
  batch: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/batches',
    summary:
      'Run a multiple run on the server (queued; progress on the play and over Socket.IO; a notification when done)',
    tag,
    params: fuidParams,
    body: batchBodySchema,
    responses: { 202: envelope(z.object({ play: playSchema })) },
  }),
  study: defineEndpoint({
    method: 'POST',
    path: '/diagrams/:fuid/studies',
    summary:
      'Run a balance study (solve, sensitivity or sweep) on the server queue, cut into blocks of evaluations; progress over Socket.IO, cancel as a batch, the answer kept in the play history',
    tag,
    params: fuidParams,
    body: studyBodySchema,
    responses: {
      202: envelope(
        z.object({
          play: playSchema,
          /** Evaluations the study will make (a solve: at most its budget): the progress events' total. */
          evaluations: z.number().int(),
        }),
      ),
    },
  }),
};

export type Play = z.infer<typeof playSchema>;
export type PlayWithValues = z.infer<typeof playWithValuesSchema>;
export type BatchStats = z.infer<typeof batchStatsSchema>;
export type StudyRecord = z.infer<typeof studyRecordSchema>;
export type StudyBody = z.infer<typeof studyBodySchema>;
