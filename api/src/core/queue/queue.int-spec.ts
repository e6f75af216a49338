import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { InstanceService } from '../../modules/instance/instance.service.js';
import { defineJob } from './job-definition.js';
import { JobRegistry } from './job-registry.js';
import { runJob } from './job-runner.js';
import { QueueService } from './queue.service.js';
import { startWorkers, type RunningWorkers } from './workers.js';

const silent = pino({ level: 'silent' });

describe('job registry', () => {
  const job = defineJob({ queue: 'maintenance', name: 'maintenance.test', schema: z.object({ n: z.number().int() }) });

  it('refuses a second handler for the same job', () => {
    const registry = new JobRegistry();
    registry.handle(job, () => Promise.resolve());
    expect(() => registry.handle(job, () => Promise.resolve())).toThrow(/already has a handler/);
  });

  it('fails the start-up check when a defined job has no handler', () => {
    const registry = new JobRegistry();
    registry.define(job);
    expect(() => registry.assertComplete()).toThrow(/jobs without a handler: maintenance.test/);
  });

  it('treats an invalid payload as a permanent failure and never calls the handler', async () => {
    const registry = new JobRegistry();
    let called = 0;
    registry.handle(job, () => Promise.resolve(void called++));
    await expect(runJob(registry, job.name, { n: 'one' }, { attempt: 1, jobId: 'x' })).rejects.toBeInstanceOf(
      UnrecoverableError,
    );
    await runJob(registry, job.name, { n: 1 }, { attempt: 1, jobId: 'y' });
    expect(called).toBe(1);
  });
});

describe('in-process jobs (no REDIS_URL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('runs an enqueued job through its handler', async () => {
    const instance = app.http.app.get(InstanceService);
    expect(app.http.app.get(QueueService).mode).toBe('in-process');
    await instance.requestHeartbeat('in-process-test');
    await app.http.app.get(QueueService).drain();
    expect(await instance.lastHeartbeat()).toMatchObject({ requestedBy: 'in-process-test', pid: process.pid });
  });
});

describe.skipIf(!inject('redisUrl'))('BullMQ jobs (REDIS_URL)', () => {
  let app: TestApp;
  let workers: RunningWorkers | undefined;
  beforeAll(async () => {
    app = await startTestApp({ redis: true });
  });
  afterAll(async () => {
    await workers?.close(0);
    await app?.close();
  });

  it('leaves the job in Redis until a worker takes it, then the worker runs the handler', async () => {
    const instance = app.http.app.get(InstanceService);
    const queue = app.http.app.get(QueueService);
    const marker = `redis-${randomUUID()}`;
    await instance.requestHeartbeat(marker);
    expect(await queue.queue('maintenance').getJobCounts('waiting')).toMatchObject({ waiting: 1 });
    expect((await instance.lastHeartbeat())?.requestedBy).not.toBe(marker);

    workers = startWorkers(
      app.http.app.get(JobRegistry),
      { redisUrl: inject('redisUrl')!, prefix: app.config.REDIS_PREFIX },
      silent,
    );
    const heartbeat = await eventually(async () => {
      const last = await instance.lastHeartbeat();
      return last?.requestedBy === marker ? last : undefined;
    });
    expect(heartbeat.requestedBy).toBe(marker);
  });

  it('fails a job with a bad payload once, without retrying it', async () => {
    const raw = new Queue('maintenance', { connection: { url: inject('redisUrl')! }, prefix: app.config.REDIS_PREFIX });
    try {
      const job = await raw.add('maintenance.heartbeat', { requestedAt: 'yesterday' }, { attempts: 5 });
      const failed = await eventually(async () => {
        const state = await job.getState();
        return state === 'failed' ? await raw.getJob(job.id!) : undefined;
      });
      expect(failed?.attemptsMade).toBe(1);
      expect(failed?.failedReason).toMatch(/invalid payload for maintenance.heartbeat/);
    } finally {
      await raw.close();
    }
  });
});
