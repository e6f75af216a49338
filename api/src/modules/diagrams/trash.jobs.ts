import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/** Repeats every TRASH_PURGE_EVERY_MS: deletes forever the diagrams in any trash for longer than TRASH_RETENTION_DAYS. */
export const trashPurgeJob = defineJob({
  queue: 'maintenance',
  name: 'maintenance.trash-purge',
  schema: z.object({}),
  attempts: 3,
});

/** How often the purge runs (a diagram lives at most this much longer than the retention period). */
export const TRASH_PURGE_EVERY_MS = 60 * 60_000;
