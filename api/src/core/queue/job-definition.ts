import type { z } from 'zod';

export type QueueName = 'mail' | 'simulations' | 'blocks' | 'maintenance' | 'events';

/** A job: its queue, dotted name, payload schema and retry policy. */
export interface JobDefinition<P = unknown> {
  queue: QueueName;
  name: string;
  schema: z.ZodType<P>;
  attempts?: number;
  backoffMs?: number;
}

export type JobHandler<P> = (payload: P, context: { attempt: number; jobId: string }) => Promise<void>;

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}
