import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/** The account just got locked by failed logins: mail its owner an unlock link (nothing for an unknown address). */
export const accountLockedJob = defineJob({
  queue: 'mail',
  name: 'auth.account-locked',
  schema: z.object({ email: z.string().min(1).max(320) }),
  attempts: 3,
  backoffMs: 2_000,
});
