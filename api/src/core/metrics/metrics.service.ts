import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { PROCESS_ROLE, type ProcessRole } from '../tokens.js';

/** Reads a value when Prometheus scrapes (a database or Redis query); a failing source is skipped for that scrape. */
export type ScrapeCollector = () => Promise<void> | void;

/**
 * The process's Prometheus registry (prom-client) and every Loopwright metric family. One per
 * process: the app serves it at `/metrics`, the worker on its own port (core/metrics/metrics-http.ts).
 * Modules record into the families below; values that are read rather than counted (queue depth,
 * pool use, outbox lag, live documents) are filled by collectors run at scrape time.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'loopwright_http_request_duration_seconds',
    help: 'HTTP requests by route pattern (not the raw URL), method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'loopwright_job_duration_seconds',
    help: 'Background jobs run by this process, by queue, job name and outcome (completed or failed)',
    labelNames: ['queue', 'job_name', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'loopwright_job_failures_total',
    help: 'Failed job attempts (each retry counts), by queue and job name',
    labelNames: ['queue', 'job_name'] as const,
    registers: [this.registry],
  });

  readonly queueJobs = new Gauge({
    name: 'loopwright_queue_jobs',
    help: 'Jobs in each BullMQ queue by state (waiting, active, delayed, failed…); reported by the app',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });

  readonly batchRuns = new Counter({
    name: 'loopwright_batch_runs_total',
    help: 'Simulation runs of server batches completed by this process (rate() gives runs per second)',
    registers: [this.registry],
  });

  readonly liveDocuments = new Gauge({
    name: 'loopwright_live_documents',
    help: 'Documents open for live co-editing in this process',
    registers: [this.registry],
  });

  readonly databasePool = new Gauge({
    name: 'loopwright_db_pool_connections',
    help: 'Database connections of this process: total open, idle, in use, clients waiting for one, and the maximum',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  readonly outboxPending = new Gauge({
    name: 'loopwright_outbox_pending_events',
    help: 'Domain events written but not yet handled by every consumer; reported by the app',
    registers: [this.registry],
  });

  readonly outboxLag = new Gauge({
    name: 'loopwright_outbox_lag_seconds',
    help: 'Age of the oldest domain event not yet handled by every consumer (0 when none); reported by the app',
    registers: [this.registry],
  });

  private readonly collectors = new Map<string, ScrapeCollector>();
  private liveDocumentsSource: (() => number) | null = null;

  constructor(@Inject(PROCESS_ROLE) readonly role: ProcessRole) {
    this.registry.setDefaultLabels({ role });
    collectDefaultMetrics({ register: this.registry, prefix: 'loopwright_' });
    this.liveDocuments.set(0);
  }

  /**
   * Live co-editing reports how many documents it holds open: give a function that counts them
   * (called at every scrape), e.g. `metrics.setLiveDocumentsSource(() => hocuspocus.getDocumentsCount())`.
   * Until something calls this the gauge reads 0. Passing null goes back to 0.
   */
  setLiveDocumentsSource(source: (() => number) | null): void {
    this.liveDocumentsSource = source;
  }

  /** Runs `collect` before every scrape (replacing an earlier one of the same name). */
  addCollector(name: string, collect: ScrapeCollector): void {
    this.collectors.set(name, collect);
  }

  /** Times one job attempt: call the returned function with the outcome. */
  startJob(queue: string, job: string): (outcome: 'completed' | 'failed') => void {
    // `job_name`, not `job`: Prometheus gives every target a `job` label of its own.
    const stop = this.jobDuration.startTimer({ queue, job_name: job });
    return (outcome) => {
      stop({ outcome });
      if (outcome === 'failed') this.jobFailures.inc({ queue, job_name: job });
    };
  }

  /** The text Prometheus reads (format 0.0.4). */
  async scrape(): Promise<{ contentType: string; body: string }> {
    this.liveDocuments.set(this.liveDocumentsSource?.() ?? 0);
    await Promise.all(
      [...this.collectors.values()].map((collect) => Promise.resolve(collect()).catch(() => undefined)),
    );
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
