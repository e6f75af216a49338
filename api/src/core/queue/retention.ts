import type { Logger } from 'pino';
import { z } from 'zod';
import { defineJob, type JobDefinition } from './job-definition.js';
import type { JobRegistry } from './job-registry.js';
import type { QueueService } from './queue.service.js';

const DAY_MS = 86_400_000;
/** How often a retention job deletes what is past its days. */
export const RETENTION_EVERY_MS = 6 * 60 * 60_000;

/** A repeatable maintenance job that deletes rows older than a number of days. */
export function defineRetentionJob(name: string): JobDefinition<Record<string, never>> {
  return defineJob({ queue: 'maintenance', name, schema: z.object({}), attempts: 3 });
}

export interface Retention {
  /** Deletes what was created more than the kept days before `now`; answers how many. Idempotent. */
  prune(now?: Date): Promise<number>;
  /** Schedules the job every RETENTION_EVERY_MS (call at bootstrap; not under test). */
  start(): Promise<void>;
}

/**
 * Rows kept for a number of days (the audit log, webhook deliveries): registers the job's handler,
 * which prunes and logs `message` when it deleted anything.
 */
export function retention(
  deps: { registry: JobRegistry; queue: QueueService; logger: Logger },
  options: {
    job: JobDefinition<Record<string, never>>;
    keptDays: () => number;
    deleteBefore: (cutoff: Date) => Promise<number>;
    message: string;
  },
): Retention {
  const prune = (now = new Date()) => options.deleteBefore(new Date(now.getTime() - options.keptDays() * DAY_MS));
  deps.registry.handle(options.job, async () => {
    const deleted = await prune();
    if (deleted) deps.logger.info({ deleted, keptDays: options.keptDays() }, options.message);
  });
  return { prune, start: () => deps.queue.repeatFromStart(options.job, RETENTION_EVERY_MS) };
}
