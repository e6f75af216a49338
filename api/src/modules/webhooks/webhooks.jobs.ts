import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';
import { defineRetentionJob } from '../../core/queue/retention.js';

/** Posts one webhook_deliveries row; retried with exponential back-off (10 s, 20 s, 40 s … about 40 min in all). */
export const deliverWebhookJob = defineJob({
  queue: 'events',
  name: 'webhooks.deliver',
  schema: z.object({ deliveryId: z.string().uuid() }),
  attempts: 8,
  backoffMs: 10_000,
});

/** Repeats every RETENTION_EVERY_MS: deletes deliveries older than WEBHOOK_DELIVERY_DAYS. */
export const webhookDeliveriesPruneJob = defineRetentionJob('maintenance.webhook-deliveries-prune');
