import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { FlowProducer, Queue, UnrecoverableError, type FlowJobNode } from 'bullmq';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, LOGGER } from '../tokens.js';
import { QueueUnavailableError } from '../errors/outage.js';
import type { JobDefinition, QueueName } from './job-definition.js';
import { JobRegistry } from './job-registry.js';
import { runJob } from './job-runner.js';

export interface EnqueueOptions {
  /** Makes enqueueing idempotent: a second job with the same id is ignored. */
  jobId?: string;
  delayMs?: number;
}

export type QueueMode = 'redis' | 'in-process';

/** One job of a flow: its definition, payload and (idempotent) job id. */
export interface FlowJob<P = unknown> {
  definition: JobDefinition<P>;
  payload: P;
  jobId: string;
}

/**
 * Enqueues jobs on BullMQ when REDIS_URL is set; otherwise runs them in this process through
 * the same handlers (development only), with the same validation and retries.
 */
@Injectable()
export class QueueService implements OnModuleDestroy {
  readonly mode: QueueMode;
  private readonly queues = new Map<QueueName, Queue>();
  private flows: FlowProducer | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Aborted on shutdown: in-process retries stop waiting; what they had not sent stays in its outbox. */
  private readonly closing = new AbortController();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly registry: JobRegistry,
  ) {
    this.mode = config.REDIS_URL ? 'redis' : 'in-process';
    // Queue depth is the same seen from every process: the app reports it, workers do not repeat it.
    if (this.mode === 'redis' && registry.metrics?.role === 'app') {
      const metrics = registry.metrics;
      metrics.addCollector('queue depth', async () => {
        await Promise.all(
          registry.queues().map(async (name) => {
            const counts = await withTimeout(ENQUEUE_TIMEOUT_MS, this.queue(name).getJobCounts(...QUEUE_STATES));
            for (const state of QUEUE_STATES) metrics.queueJobs.set({ queue: name, state }, counts[state] ?? 0);
          }),
        );
      });
    }
  }

  async enqueue<P>(definition: JobDefinition<P>, payload: P, options: EnqueueOptions = {}): Promise<void> {
    const data = definition.schema.parse(payload);
    if (this.mode === 'redis') {
      // BullMQ waits for a connection that may never come; a caller must not hang on Redis.
      await withTimeout(
        ENQUEUE_TIMEOUT_MS,
        this.queue(definition.queue).add(definition.name, data, {
          jobId: options.jobId,
          delay: options.delayMs,
          attempts: definition.attempts ?? 5,
          backoff: { type: 'exponential', delay: definition.backoffMs ?? 2_000 },
          removeOnComplete: { count: 1_000 },
          removeOnFail: { count: 5_000 },
        }),
      ).catch((error: Error) => {
        throw new QueueUnavailableError(`Redis is not reachable: ${error.message}`, { cause: error });
      });
      return;
    }
    this.track(this.runInProcess(definition, data, options));
  }

  /**
   * A parent job that runs once every child job has completed (a BullMQ flow, added in one
   * operation). A child that fails for good fails its parent. Job ids make adding the same flow
   * twice harmless. In-process mode: the children one after the other, then the parent.
   */
  async enqueueFlow(parent: FlowJob, children: FlowJob[]): Promise<void> {
    const options = (job: FlowJob) => ({
      jobId: job.jobId,
      attempts: job.definition.attempts ?? 5,
      backoff: { type: 'exponential', delay: job.definition.backoffMs ?? 2_000 },
      removeOnComplete: { count: 1_000 },
      removeOnFail: { count: 5_000 },
    });
    const data = (job: FlowJob) => job.definition.schema.parse(job.payload);
    if (this.mode === 'in-process') {
      const [p, c] = [{ ...parent, payload: data(parent) }, children.map((job) => ({ ...job, payload: data(job) }))];
      this.track(
        (async () => {
          for (const child of c) await this.runInProcess(child.definition, child.payload, { jobId: child.jobId });
          await this.runInProcess(p.definition, p.payload, { jobId: p.jobId });
        })(),
      );
      return;
    }
    if (!this.flows) {
      this.flows = new FlowProducer({
        connection: { url: this.config.REDIS_URL, enableOfflineQueue: false, maxRetriesPerRequest: 1 },
        prefix: this.config.REDIS_PREFIX,
      });
      this.flows.on('error', (error) => this.logger.warn({ error: error.message }, 'flow connection error'));
    }
    await withTimeout(
      ENQUEUE_TIMEOUT_MS * 4,
      this.flows.add({
        name: parent.definition.name,
        queueName: parent.definition.queue,
        data: data(parent),
        opts: options(parent),
        children: children.map((child): FlowJobNode => ({
          name: child.definition.name,
          queueName: child.definition.queue,
          data: data(child),
          opts: { ...options(child), failParentOnFailure: true },
        })),
      }),
    ).catch((error: Error) => {
      throw new QueueUnavailableError(`Redis is not reachable: ${error.message}`, { cause: error });
    });
  }

  /**
   * A maintenance job every `everyMs`, scheduled by each process at start (see repeat: one scheduler
   * however many call it). Not under tests, which run the handler themselves; Redis being down is
   * logged, and the next start schedules it.
   */
  async repeatFromStart(definition: JobDefinition<Record<string, never>>, everyMs: number): Promise<void> {
    if (this.config.NODE_ENV === 'test') return;
    await this.repeat(definition, {}, everyMs).catch((error: Error) =>
      this.logger.warn({ job: definition.name, error: error.message }, 'could not schedule a repeatable job'),
    );
  }

  /**
   * A repeatable job: one BullMQ job scheduler per job name (upserted, so every process may call
   * this at start without making duplicates), producing a job every `everyMs`. In-process mode: a
   * timer. Returns a stop function (stops the timer; a Redis scheduler stays).
   */
  async repeat<P>(definition: JobDefinition<P>, payload: P, everyMs: number): Promise<() => void> {
    const data = definition.schema.parse(payload);
    if (this.mode === 'redis') {
      await withTimeout(
        ENQUEUE_TIMEOUT_MS,
        this.queue(definition.queue).upsertJobScheduler(
          definition.name,
          { every: everyMs },
          {
            name: definition.name,
            data,
            opts: {
              attempts: definition.attempts ?? 5,
              backoff: { type: 'exponential', delay: definition.backoffMs ?? 2_000 },
              removeOnComplete: { count: 100 },
              removeOnFail: { count: 500 },
            },
          },
        ),
      ).catch((error: Error) => {
        throw new QueueUnavailableError(`Redis is not reachable: ${error.message}`, { cause: error });
      });
      return () => undefined;
    }
    const timer = setInterval(
      () => this.track(this.runInProcess(definition, data, { jobId: `${definition.name}-${Date.now()}` })),
      everyMs,
    );
    timer.unref();
    this.timers.add(timer);
    return () => {
      clearInterval(timer);
      this.timers.delete(timer);
    };
  }

  /** Redis (or the in-process runner) answers; used by readiness. */
  async ping(): Promise<void> {
    if (this.mode === 'in-process') return;
    await withTimeout(ENQUEUE_TIMEOUT_MS, this.queue('maintenance').getJobCounts('waiting'));
  }

  /** Resolves when in-process jobs started so far have finished (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  async onModuleDestroy(): Promise<void> {
    this.closing.abort();
    for (const timer of this.timers) clearInterval(timer);
    await this.drain();
    // A queue that never reached Redis would wait for it forever on close().
    await Promise.all([...this.queues.values()].map((q) => withTimeout(2_000, q.close()).catch(() => q.disconnect())));
    if (this.flows) await withTimeout(2_000, this.flows.close()).catch(() => this.flows?.disconnect());
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: { url: this.config.REDIS_URL, enableOfflineQueue: false, maxRetriesPerRequest: 1 },
        prefix: this.config.REDIS_PREFIX,
      });
      queue.on('error', (error) => this.logger.warn({ queue: name, error: error.message }, 'queue connection error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async runInProcess<P>(definition: JobDefinition<P>, data: P, options: EnqueueOptions): Promise<void> {
    const attempts = definition.attempts ?? 5;
    if (options.delayMs) await sleep(options.delayMs, this.closing.signal);
    for (let attempt = 1; attempt <= attempts && !this.closing.signal.aborted; attempt++) {
      try {
        await runJob(this.registry, definition.name, data, { attempt, jobId: options.jobId ?? `local-${Date.now()}` });
        return;
      } catch (error) {
        const permanent = error instanceof UnrecoverableError || attempt === attempts;
        this.logger.warn(
          { job: definition.name, attempt, error: (error as Error).message, permanent },
          'in-process job failed',
        );
        if (permanent) return;
        await sleep((definition.backoffMs ?? 2_000) * 2 ** (attempt - 1), this.closing.signal);
      }
    }
  }
}

const ENQUEUE_TIMEOUT_MS = 3_000;
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'failed'] as const;

function withTimeout<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
