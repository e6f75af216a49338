import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/** Posts one webhook_deliveries row; retried with exponential back-off (10 s, 20 s, 40 s … about 40 min in all). */
export const deliverWebhookJob = defineJob({
  queue: 'events',
  name: 'webhooks.deliver',
  schema: z.object({ deliveryId: z.string().uuid() }),
  attempts: 8,
  backoffMs: 10_000,
});

/** Repeats every WEBHOOK_PRUNE_EVERY_MS: deletes deliveries older than WEBHOOK_DELIVERY_DAYS. */
export const webhookDeliveriesPruneJob = defineJob({
  queue: 'maintenance',
  name: 'maintenance.webhook-deliveries-prune',
  schema: z.object({}),
  attempts: 3,
});

export const WEBHOOK_PRUNE_EVERY_MS = 6 * 60 * 60_000;
