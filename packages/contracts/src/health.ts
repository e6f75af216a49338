import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const checkStatusSchema = z.enum(['up', 'down']);

export const readinessSchema = z
  .object({
    status: z.enum(['ready', 'not-ready']),
    /** True once the process got SIGTERM: it finishes what it accepted and takes nothing new. */
    draining: z.boolean(),
    checks: z.object({
      database: z.object({ status: checkStatusSchema, error: z.string().optional() }),
      migrations: z.object({ status: checkStatusSchema, pending: z.array(z.string()) }),
      /** Down for a minute after PostgreSQL last refused a write for lack of disk space. */
      storage: z.object({ status: checkStatusSchema, error: z.string().optional() }),
      queue: z.object({
        status: checkStatusSchema,
        mode: z.enum(['redis', 'in-process']),
        error: z.string().optional(),
      }),
    }),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readinessSchema>;

export const livenessSchema = z
  .object({ status: z.literal('live'), uptimeSeconds: z.number() })
  .meta({ id: 'Liveness' });

export const healthEndpoints = {
  live: defineEndpoint({
    method: 'GET',
    path: '/health/live',
    summary: 'The process is running',
    tag: 'health',
    public: true,
    responses: { 200: livenessSchema },
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/health/ready',
    summary: 'Database, migrations and queue are ready to serve',
    tag: 'health',
    public: true,
    responses: { 200: readinessSchema, 503: readinessSchema },
  }),
};
