import { Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { JobRegistry } from './job-registry.js';
import { runJob } from './job-runner.js';

/** Starts one BullMQ worker per queue that has jobs; each job goes to its one handler. */
export function startWorkers(registry: JobRegistry, options: { redisUrl: string; prefix: string; concurrency?: number }, logger: Logger): Worker[] {
  registry.assertComplete();
  return registry.queues().map((queueName) => {
    const worker = new Worker(
      queueName,
      (job) => runJob(registry, job.name, job.data, { attempt: job.attemptsMade + 1, jobId: String(job.id) }),
      {
        connection: { url: options.redisUrl, maxRetriesPerRequest: null },
        prefix: options.prefix,
        concurrency: options.concurrency ?? 4,
      },
    );
    worker.on('completed', (job) => logger.info({ queue: queueName, job: job.name, jobId: job.id }, 'job completed'));
    worker.on('failed', (job, error) =>
      logger.warn({ queue: queueName, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, error: error.message }, 'job failed'),
    );
    worker.on('error', (error) => logger.error({ queue: queueName, error: error.message }, 'worker error'));
    return worker;
  });
}
