import { UnrecoverableError } from 'bullmq';
import type { JobRegistry } from './job-registry.js';

/** Validates a payload and runs its one handler (timed, failures counted); bad payloads are permanent failures. */
export async function runJob(
  registry: JobRegistry,
  name: string,
  data: unknown,
  context: { attempt: number; jobId: string },
): Promise<void> {
  const job = registry.get(name);
  if (!job) throw new UnrecoverableError(`no handler for job ${name}`);
  const parsed = job.definition.schema.safeParse(data);
  const done = registry.metrics?.startJob(job.definition.queue, name);
  try {
    if (!parsed.success) throw new UnrecoverableError(`invalid payload for ${name}: ${parsed.error.message}`);
    await job.handler(parsed.data, context);
    done?.('completed');
  } catch (error) {
    done?.('failed');
    throw error;
  }
}
