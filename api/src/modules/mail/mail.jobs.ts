import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/** Sends one mail_log row. Idempotent: a row already sent or stored is left alone. */
export const sendMailJob = defineJob({
  queue: 'mail',
  name: 'mail.send',
  schema: z.object({ mailLogId: z.string().uuid() }),
  attempts: 5,
  backoffMs: 5_000,
});
