import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/** Looks the address up and mails its owner a reset link; nothing for an unknown address. */
export const passwordRecoveryJob = defineJob({
  queue: 'mail',
  name: 'auth.password-recovery',
  schema: z.object({ email: z.string().min(1).max(320) }),
  attempts: 3,
  backoffMs: 2_000,
});
