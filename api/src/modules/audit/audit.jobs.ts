import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/** Repeats every AUDIT_PRUNE_EVERY_MS: deletes the audit log's entries older than AUDIT_LOG_DAYS. */
export const auditPruneJob = defineJob({
  queue: 'maintenance',
  name: 'maintenance.audit-prune',
  schema: z.object({}),
  attempts: 3,
});

export const AUDIT_PRUNE_EVERY_MS = 6 * 60 * 60_000;
