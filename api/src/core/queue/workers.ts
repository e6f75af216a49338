import { Queue, QueueEvents, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { QueueName } from './job-definition.js';
import type { JobRegistry } from './job-registry.js';
import { runJob } from './job-runner.js';

/**
 * A worker holds a lock on its job and renews it every LOCK_MS / 2; when the process dies the lock
 * lapses and any live worker's stall check (every STALL_CHECK_MS) hands the job back to the queue:
 * a killed worker's job is picked up again within LOCK_MS + STALL_CHECK_MS = 15 s. A job whose
 * worker dies twice is failed (BullMQ's stalled limit) and its `onAbandoned` handler runs.
 */
export const LOCK_MS = 10_000;
export const STALL_CHECK_MS = 5_000;
const MAX_STALLED = 1;

export interface RunningWorkers {
  queues: string[];
  /** Lets current jobs finish for up to `drainMs`, then hands the rest back (their locks lapse and another worker resumes them). */
  close(drainMs: number): Promise<void>;
}

/** Starts one BullMQ worker per queue that has jobs (4 jobs at a time unless `concurrency` says otherwise); each job goes to its one handler. */
export function startWorkers(
  registry: JobRegistry,
  options: { redisUrl: string; prefix: string; concurrency?: Partial<Record<QueueName, number>> },
  logger: Logger,
): RunningWorkers {
  registry.assertComplete();
  const connection = { url: options.redisUrl, maxRetriesPerRequest: null };
  const parts = registry.queues().map((queueName) => {
    const worker = new Worker(
      queueName,
      (job) => runJob(registry, job.name, job.data, { attempt: job.attemptsMade + 1, jobId: String(job.id) }),
      {
        connection,
        prefix: options.prefix,
        concurrency: options.concurrency?.[queueName] ?? 4,
        lockDuration: LOCK_MS,
        stalledInterval: STALL_CHECK_MS,
        maxStalledCount: MAX_STALLED,
      },
    );
    worker.on('completed', (job) => logger.info({ queue: queueName, job: job.name, jobId: job.id }, 'job completed'));
    worker.on('failed', (job, error) =>
      logger.warn(
        { queue: queueName, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, error: error.message },
        'job failed',
      ),
    );
    worker.on('stalled', (jobId) =>
      logger.warn({ queue: queueName, jobId }, 'job stalled (its worker stopped); handed back to the queue to resume'),
    );
    worker.on('error', (error) => logger.error({ queue: queueName, error: error.message }, 'worker error'));
    const queue = new Queue(queueName, { connection, prefix: options.prefix });
    queue.on('error', () => undefined);
    const events = new QueueEvents(queueName, { connection, prefix: options.prefix });
    events.on('error', () => undefined);
    events.on('failed', ({ jobId, failedReason }) => {
      if (!/stalled/i.test(failedReason)) return;
      void (async () => {
        const job = await queue.getJob(jobId);
        const handler = job && registry.abandonedHandler(job.name);
        if (handler) await handler(job.data);
        logger.error(
          { queue: queueName, jobId, job: job?.name },
          'job given up: its worker stopped twice while running it',
        );
      })().catch((error: Error) =>
        logger.error({ queue: queueName, jobId, error: error.message }, 'could not record an abandoned job'),
      );
    });
    return { worker, queue, events };
  });
  return {
    queues: registry.queues(),
    async close(drainMs: number) {
      await Promise.all(
        parts.map(async ({ worker, queue, events }) => {
          let timer: NodeJS.Timeout | undefined;
          const finished = worker.close().then(() => true);
          const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), drainMs)));
          if (!(await Promise.race([finished, late]))) {
            logger.warn(
              { queue: worker.name },
              'jobs still running at the end of the drain time: handing them back to the queue',
            );
            await worker.close(true);
          }
          clearTimeout(timer);
          await Promise.all([events.close(), queue.close()]);
        }),
      );
    },
  };
}
