import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/** Delivers one domain_events row to every consumer of its type. Idempotent per consumer. */
export const deliverEventJob = defineJob({
  queue: 'events',
  name: 'events.deliver',
  schema: z.object({ eventId: z.string().uuid() }),
  attempts: 8,
  backoffMs: 2_000,
});
