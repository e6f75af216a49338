import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/** Repeatable (hourly): trials whose 14 days are over go back to Public. Idempotent. */
export const expireTrialsJob = defineJob({
  queue: 'maintenance',
  name: 'plans.expire-trials',
  schema: z.object({}),
  attempts: 3,
});

/** Repeatable (hourly): Academia backlink warnings (7 days before) and reversions (after 30 days). Idempotent. */
export const academiaBacklinksJob = defineJob({
  queue: 'maintenance',
  name: 'plans.academia-backlinks',
  schema: z.object({}),
  attempts: 3,
});

export const PLAN_JOBS_EVERY_MS = 60 * 60_000;
