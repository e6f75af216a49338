import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { InstanceService } from '../../modules/instance/instance.service.js';
import { repoPaths } from '../paths.js';
import { JobRegistry } from '../queue/job-registry.js';
import { startWorkers, type RunningWorkers } from '../queue/workers.js';
import { serveWorkerMetrics } from './metrics-http.js';
import { MetricsService } from './metrics.service.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one sample line (`name{labels} value`) whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe.skipIf(!inject('redisUrl'))('/metrics for Prometheus', () => {
  let app: TestApp;
  let workers: RunningWorkers | undefined;
  const scrape = async () => {
    const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  beforeAll(async () => {
    app = await startTestApp({ redis: true, env: { METRICS_TOKEN: TOKEN, SIMULATION_BLOCK_RUNS: '50' } });
  });
  afterAll(async () => {
    await workers?.close(0);
    await app?.close();
  });

  it('refuses a scrape without the token or with a wrong one, and tells nothing', async () => {
    const none = await fetch(`${app.url}/metrics`);
    expect(none.status).toBe(401);
    expect(await none.text()).not.toContain('loopwright_');
    const wrong = await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.status).toBe(401);
  });

  it('is not served at all when METRICS_TOKEN is unset', async () => {
    const bare = await startTestApp();
    try {
      expect((await fetch(`${bare.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('shows every metric family after requests, jobs and a server batch', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    const diagram = await createDiagram(client, { name: 'Measured' });
    for (let i = 0; i < 3; i++) expect((await client.get(`/diagrams/${diagram.fuid}`)).status).toBe(200);
    expect((await client.get('/diagrams/NoSuchOne')).status).toBe(404);

    // A job that succeeds, one whose payload is refused (a failure), and a batch of 200 runs in 4 blocks.
    await app.http.app.get(InstanceService).requestHeartbeat('metrics-test');
    const maintenance = new Queue('maintenance', {
      connection: { url: inject('redisUrl')! },
      prefix: app.config.REDIS_PREFIX,
    });
    await maintenance.add('maintenance.heartbeat', { requestedAt: 'not a date' }, { attempts: 1 });
    await maintenance.close();
    const submitted = await client.post(`/diagrams/${diagram.fuid}/batches`, {
      runs: 200,
      seed: 1,
      percentiles: [5, 95],
    });
    expect(submitted.status).toBe(202);
    const before = await scrape();
    expect(sample(before, 'loopwright_queue_jobs', { queue: 'simulations', state: 'waiting' })).toBe(1);
    expect(sample(before, 'loopwright_queue_jobs', { queue: 'maintenance', state: 'waiting' })).toBe(2);

    workers = startWorkers(
      app.http.app.get(JobRegistry),
      { redisUrl: inject('redisUrl')!, prefix: app.config.REDIS_PREFIX },
      pino({ level: 'silent' }),
    );
    const play = submitted.body.content.play;
    await eventually(async () => {
      const p = (await client.get(`/diagrams/${diagram.fuid}/plays/${play.id}`)).body.content.play;
      return p.status === 'done' ? p : undefined;
    }, 60_000);
    const text = await eventually(async () => {
      const t = await scrape();
      return (sample(t, 'loopwright_job_failures_total', { job_name: 'maintenance.heartbeat' }) ?? 0) >= 1
        ? t
        : undefined;
    }, 20_000);

    // HTTP: by route pattern and status, never the raw URL.
    expect(
      sample(text, 'loopwright_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/diagrams/:fuid',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, 'loopwright_http_request_duration_seconds_count', { route: '/api/diagrams/:fuid', status: '404' }),
    ).toBe(1);
    expect(text).not.toContain(diagram.fuid);
    // Jobs: durations by name and outcome, failures by name; queue depth by state.
    expect(
      sample(text, 'loopwright_job_duration_seconds_count', {
        queue: 'maintenance',
        job_name: 'maintenance.heartbeat',
        outcome: 'completed',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'loopwright_job_failures_total', { queue: 'maintenance', job_name: 'maintenance.heartbeat' }),
    ).toBe(1);
    expect(
      sample(text, 'loopwright_job_duration_seconds_count', { job_name: 'blocks.run', outcome: 'completed' }),
    ).toBe(4);
    expect(sample(text, 'loopwright_queue_jobs', { queue: 'simulations', state: 'waiting' })).toBe(0);
    expect(sample(text, 'loopwright_queue_jobs', { queue: 'maintenance', state: 'failed' })).toBe(1);
    // Batch runs (rate() of the counter is runs per second).
    expect(sample(text, 'loopwright_batch_runs_total')).toBe(200);
    // Live documents: 0 until co-editing reports a count.
    expect(sample(text, 'loopwright_live_documents')).toBe(0);
    // Database pool and outbox lag.
    expect(sample(text, 'loopwright_db_pool_connections', { state: 'max' })).toBe(10);
    expect(sample(text, 'loopwright_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'loopwright_outbox_pending_events')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'loopwright_outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
    // Node's own (prom-client defaults), labelled with the process role.
    expect(sample(text, 'loopwright_process_resident_memory_bytes', { role: 'app' })).toBeGreaterThan(0);
  }, 120_000);

  it('has every metric the Grafana dashboard (docker/monitoring) charts', async () => {
    const dashboard = readFileSync(path.join(repoPaths.root, 'docker/monitoring/loopwright-dashboard.json'), 'utf8');
    const charted = new Set(
      [...dashboard.matchAll(/loopwright_[a-z0-9_]+/g)].map(([name]) => name.replace(/_(bucket|count|sum)$/, '')),
    );
    expect(charted.size).toBeGreaterThan(8);
    const text = await scrape();
    for (const name of charted) expect(text, name).toContain(`# TYPE ${name} `);
  });

  it('reports live documents through the setter co-editing calls', async () => {
    const metrics = app.http.app.get(MetricsService);
    metrics.setLiveDocumentsSource(() => 3);
    try {
      expect(sample(await scrape(), 'loopwright_live_documents')).toBe(3);
    } finally {
      metrics.setLiveDocumentsSource(null);
    }
  });

  it('serves a worker its own /metrics port with the same token', async () => {
    const server = await serveWorkerMetrics(
      app.http.app.get(MetricsService),
      { host: '127.0.0.1', port: 0, token: TOKEN },
      pino({ level: 'silent' }),
    );
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('loopwright_job_duration_seconds');
    } finally {
      server.close();
    }
  });
});
