import { pino } from 'pino';
import { RealtimeEvents } from '@loopwright/contracts';
import { ACCESS_COOKIE } from '@loopwright/contracts';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runBatchSync, type Diagram } from '@loopwright/engine';
import { createDiagram, economyDocument, tinyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { startWorkers, type RunningWorkers } from '../../core/queue/workers.js';
import { PlayBatchesService } from '../plays/play-batches.service.js';
import { toBatchStats } from './batch-stats.js';

describe.skipIf(!inject('redisUrl'))('server batches on the worker (BullMQ)', () => {
  let app: TestApp;
  let workers: RunningWorkers | undefined;
  beforeAll(async () => {
    // 10,000 runs in 7 blocks: the blocks are spread over the worker's threads and merged in block order.
    app = await startTestApp({ redis: true, env: { SIMULATION_BLOCK_RUNS: '1500' } });
  });
  afterAll(async () => {
    await workers?.close(0);
    await app?.close();
  });

  it('runs 10,000 runs submitted through the API on the worker, with progress, stores the play and notifies the user', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    const diagram = await createDiagram(client, { name: 'Ten thousand' });

    // The author's socket hears progress and the end.
    const socket = connect(app.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: `${ACCESS_COOKIE}=${client.cookie(ACCESS_COOKIE)}` },
      reconnection: false,
    });
    const progress: number[] = [];
    socket.on(RealtimeEvents.playProgress, (p: { completed: number }) => progress.push(p.completed));
    const finished = new Promise((resolve) => socket.on(RealtimeEvents.playFinished, resolve));
    const notified = new Promise((resolve) => socket.on(RealtimeEvents.notification, resolve));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));

    const submitted = await client.post(`/diagrams/${diagram.fuid}/batches`, {
      runs: 10_000,
      seed: 1,
      percentiles: [5, 95],
    });
    expect(submitted.status).toBe(202);
    const play = submitted.body.content.play;
    expect(play).toMatchObject({
      kind: 'multiple',
      status: 'queued',
      runs: 10_000,
      completedRuns: 0,
      server: true,
      diagramVersion: 1,
      seed: 1,
    });
    expect(await app.http.app.get(QueueService).queue('simulations').getJobCounts('waiting')).toMatchObject({
      waiting: 1,
    });

    const started = Date.now();
    workers = startWorkers(
      app.http.app.get(JobRegistry),
      { redisUrl: inject('redisUrl')!, prefix: app.config.REDIS_PREFIX },
      pino({ level: 'silent' }),
    );
    const seenRunning: number[] = [];
    const done = await eventually(async () => {
      const p = (await client.get(`/diagrams/${diagram.fuid}/plays/${play.id}`)).body.content.play;
      if (p.status === 'running') seenRunning.push(p.completedRuns);
      return p.status === 'done' || p.status === 'failed' ? p : undefined;
    }, 240_000);
    const ms = Date.now() - started;
    const merge = await app.http.app.get(QueueService).queue('simulations').getJob(`${play.id}-merge`);
    expect(await merge?.getState()).toBe('completed');
    console.log(
      `10,000-run batch on the worker: ${ms} ms (submit → stored); progress seen over HTTP ${JSON.stringify(seenRunning.slice(-5))}, over Socket.IO ${progress.length} updates`,
    );

    expect(done).toMatchObject({ status: 'done', completedRuns: 10_000, error: null });
    expect(done.stats.runs).toBe(10_000);
    expect(Object.keys(done.stats.summary)).toEqual(expect.arrayContaining(['gold', 'upgrades', 'ore']));
    expect(done.stats.summary.ore.percentiles).toHaveProperty('95');
    // Ore gains D6 per step: the mean after step 1 is 3.5.
    expect(done.stats.summary.ore.mean[0]).toBeCloseTo(3.5, 1);
    expect(Object.values(done.endReasons as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(done.endReasons.win).toBe(10_000);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBeLessThanOrEqual(10_000);
    await finished;
    await notified;

    const notifications = (await client.get('/notifications')).body.content;
    expect(notifications.unviewedCount).toBe(1);
    expect(notifications.notifications[0]).toMatchObject({
      type: 'info',
      message: 'Your batch of 10000 runs of "Ten thousand" has finished',
      link: `/diagrams/${diagram.fuid}?play=${play.id}`,
      viewed: false,
    });
    expect((await client.post('/notifications/mark-as-viewed', {})).body.content.updated).toBe(1);
    expect((await client.get('/notifications')).body.content.unviewedCount).toBe(0);
    const history = (await client.get(`/diagrams/${diagram.fuid}/plays`)).body.content;
    expect(history.items).toEqual([expect.objectContaining({ id: play.id, status: 'done' })]);
    socket.disconnect();
  });

  it('stops a running batch on request: the engine aborts, the play stays cancelled, nobody is notified', async () => {
    const client = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(client, { name: 'Too long', document: tinyDocument() }); // never ends early: 100,000 × 2,000 steps
    const play = (await client.post(`/diagrams/${diagram.fuid}/batches`, { runs: 100_000, steps: 2_000 })).body.content
      .play;
    await eventually(async () => {
      const p = (await client.get(`/diagrams/${diagram.fuid}/plays/${play.id}`)).body.content.play;
      return p.status === 'running' && p.completedRuns > 0 ? p : undefined;
    }, 60_000);
    const stopped = await client.post(`/diagrams/${diagram.fuid}/plays/${play.id}/cancel`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.content.play).toMatchObject({ status: 'cancelled', finishedAt: expect.any(String) });
    const again = await client.post(`/diagrams/${diagram.fuid}/plays/${play.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'PLAY_NOT_RUNNING', message: 'Failed stopping quick plays batch' });
    // The running blocks notice within half a second and stop their threads; the others are skipped,
    // then the merge job finds the play stopped and leaves it as it is.
    const queues = app.http.app.get(QueueService);
    const stoppedAt = Date.now();
    const merge = await eventually(() => queues.queue('simulations').getJob(`${play.id}-merge`), 10_000);
    await eventually(async () => ((await merge.getState()) === 'completed' ? true : undefined), 20_000);
    console.log(
      `stopped batch: every block ended and the merge completed ${Date.now() - stoppedAt} ms after the cancel`,
    );
    expect(await queues.queue('blocks').getJobCounts('active', 'waiting')).toEqual({ active: 0, waiting: 0 });
    const after = (await client.get(`/diagrams/${diagram.fuid}/plays/${play.id}`)).body.content.play;
    expect(after).toMatchObject({ status: 'cancelled', stats: null });
    expect(after.completedRuns).toBeLessThan(100_000);
    expect((await client.get('/notifications')).body.content.notifications).toEqual([]);
  });

  it('stores byte-identical statistics whatever the block size, equal to one pass in one thread', async () => {
    const client = await loginAs(app, await createUser(app));
    const document = economyDocument();
    const diagram = await createDiagram(client, { name: 'Blocks', document });
    const runBatch = async (blockRuns: number) => {
      app.config.SIMULATION_BLOCK_RUNS = blockRuns;
      const play = (
        await client.post(`/diagrams/${diagram.fuid}/batches`, { runs: 3_000, seed: 5, percentiles: [10, 90] })
      ).body.content.play;
      return eventually(async () => {
        const p = (await client.get(`/diagrams/${diagram.fuid}/plays/${play.id}`)).body.content.play;
        return p.status === 'done' ? p : undefined;
      }, 120_000);
    };
    const [one, many] = [await runBatch(3_000), await runBatch(128)];
    app.config.SIMULATION_BLOCK_RUNS = 1500;
    expect(JSON.stringify(many.stats)).toBe(JSON.stringify(one.stats));
    expect(many.endReasons).toEqual(one.endReasons);
    const reference = runBatchSync(document, { runs: 3_000, seed: 5, percentiles: [10, 90] });
    // PostgreSQL's jsonb keeps its own key order: the figures are compared exactly, not the text.
    expect(many.stats).toStrictEqual(toBatchStats(reference, document as Diagram));
    expect(await app.http.app.get(PlayBatchesService).storedBlocks(many.id)).toMatchObject({ blocks: [] });
  });
});
