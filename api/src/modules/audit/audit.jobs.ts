import { defineRetentionJob } from '../../core/queue/retention.js';

/** Repeats every RETENTION_EVERY_MS: deletes the audit log's entries older than AUDIT_LOG_DAYS. */
export const auditPruneJob = defineRetentionJob('maintenance.audit-prune');
