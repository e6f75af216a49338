import { z } from 'zod';
import { defineJob } from '../../core/queue/job-definition.js';

/** Sent by every app at start; the worker that takes it records itself as alive. */
export const heartbeatJob = defineJob({
  queue: 'maintenance',
  name: 'maintenance.heartbeat',
  schema: z.object({ requestedAt: z.iso.datetime(), requestedBy: z.string().min(1) }),
  attempts: 3,
});
