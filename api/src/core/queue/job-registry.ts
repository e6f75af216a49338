import { Injectable, Optional } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service.js';
import type { JobDefinition, JobHandler, QueueName } from './job-definition.js';

interface Registered {
  definition: JobDefinition<unknown>;
  handler?: JobHandler<unknown>;
  /** Called once a job is given up because its worker died with it too often (stalled). */
  abandoned?: (payload: unknown) => Promise<void>;
}

/** Every job the product knows, with exactly one handler each. */
@Injectable()
export class JobRegistry {
  private readonly jobs = new Map<string, Registered>();

  /** Job durations and failures are recorded here (the worker's and, without Redis, the app's). */
  constructor(@Optional() readonly metrics?: MetricsService) {}

  define<P>(definition: JobDefinition<P>): void {
    const existing = this.jobs.get(definition.name);
    if (existing && existing.definition !== definition) throw new Error(`job ${definition.name} is defined twice`);
    if (!existing) this.jobs.set(definition.name, { definition });
  }

  handle<P>(definition: JobDefinition<P>, handler: JobHandler<P>): void {
    this.define(definition);
    const entry = this.jobs.get(definition.name)!;
    if (entry.handler) throw new Error(`job ${definition.name} already has a handler`);
    entry.handler = handler as JobHandler<unknown>;
  }

  onAbandoned<P>(definition: JobDefinition<P>, handler: (payload: P) => Promise<void>): void {
    this.define(definition);
    this.jobs.get(definition.name)!.abandoned = handler as (payload: unknown) => Promise<void>;
  }

  abandonedHandler(name: string): ((payload: unknown) => Promise<void>) | undefined {
    return this.jobs.get(name)?.abandoned;
  }

  get(name: string): Required<Registered> | undefined {
    const entry = this.jobs.get(name);
    return entry?.handler ? (entry as Required<Registered>) : undefined;
  }

  /** Fails start-up when a defined job has no handler. */
  assertComplete(): void {
    const missing = [...this.jobs.values()].filter((j) => !j.handler).map((j) => j.definition.name);
    if (missing.length) throw new Error(`jobs without a handler: ${missing.join(', ')}`);
  }

  queues(): QueueName[] {
    return [...new Set([...this.jobs.values()].map((j) => j.definition.queue))];
  }

  names(): string[] {
    return [...this.jobs.keys()].sort();
  }
}
