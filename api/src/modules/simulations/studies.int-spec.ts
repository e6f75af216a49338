import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { ACCESS_COOKIE, PlanTexts, RealtimeEvents } from '@loopwright/contracts';
import { parseLever, runStudy, type DiagramInput, type StudySettings } from '@loopwright/engine';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { startWorkers, type RunningWorkers } from '../../core/queue/workers.js';
import { PlayBatchesService } from '../plays/play-batches.service.js';

const inflation = JSON.parse(
  readFileSync(new URL('../../../../examples/inflation.json', import.meta.url), 'utf8'),
) as DiagramInput;

/** A study as the Balance panel sends it, and the same settings for the engine's one-pass runStudy. */
function study(over: Partial<StudySettings>): StudySettings {
  return {
    kind: 'sweep',
    levers: ['upgradePrice=10:80:int', 'repairCost=0:20:int'].map(parseLever),
    goals: [],
    budget: 40,
    metric: 'p90(Coins, 30)',
    method: 'grid',
    samples: 36,
    runs: 40,
    seed: 1,
    ...over,
  };
}

/** The outcome as stored (JSON: NaN becomes null) for comparison. */
const asStored = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;

/**
 * Balance studies on the server queue: cut into blocks of evaluations (BullMQ flows, like
 * batches), progress on the author's socket, cancel, the plan's runs per study, and an answer
 * identical to the engine's one pass in one thread.
 */
describe.skipIf(!inject('redisUrl'))('balance studies on the worker (BullMQ blocks)', () => {
  let app: TestApp;
  let workers: RunningWorkers;
  let client: ApiClient;
  let fuid: string;
  beforeAll(async () => {
    // 40 runs per evaluation → blocks of 3 evaluations: a 36-point sweep is 12 blocks.
    app = await startTestApp({ redis: true, env: { SIMULATION_BLOCK_RUNS: '120' } });
    workers = startWorkers(
      app.http.app.get(JobRegistry),
      { redisUrl: inject('redisUrl')!, prefix: app.config.REDIS_PREFIX },
      pino({ level: 'silent' }),
    );
    client = await loginAs(app, await createUser(app));
    fuid = (await createDiagram(client, { name: 'Inflating coins', document: inflation })).fuid;
  });
  afterAll(async () => {
    await workers?.close(0);
    await app?.close();
  });

  const socketOf = async (c: ApiClient): Promise<Socket> => {
    const socket = connect(app.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: `${ACCESS_COOKIE}=${c.cookie(ACCESS_COOKIE)}` },
      reconnection: false,
    });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    return socket;
  };
  const finished = (playId: string, timeout = 240_000) =>
    eventually(async () => {
      const p = (await client.get(`/diagrams/${fuid}/plays/${playId}`)).body.content.play;
      return ['done', 'failed', 'cancelled'].includes(p.status) ? p : undefined;
    }, timeout);

  it('runs a sweep in blocks with progress on the socket; the stored answer is the one-pass answer, whatever the block size', async () => {
    const socket = await socketOf(client);
    const progress: { completed: number; total: number }[] = [];
    socket.on(RealtimeEvents.playProgress, (p: { completed: number; total: number }) => progress.push(p));
    const settings = study({});
    const submitted = await client.post(`/diagrams/${fuid}/studies`, settings);
    expect(submitted.status).toBe(202);
    expect(submitted.body.content).toMatchObject({
      evaluations: 36,
      play: { kind: 'study', status: 'queued', server: true, runs: 40, seed: 1, diagramVersion: 1 },
    });
    const play = await finished(submitted.body.content.play.id);
    expect(play).toMatchObject({ status: 'done', completedRuns: 36, steps: 30, error: null });
    const merge = await app.http.app.get(QueueService).queue('simulations').getJob(`${play.id}-merge`);
    expect(merge?.data).toMatchObject({ blocks: 12 });
    // 12 blocks of 3 evaluations reported as they were stored: rising to 36 of 36.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.every((p) => p.total === 36)).toBe(true);
    expect(progress.map((p) => p.completed)).toContain(36);

    const single = runStudy(structuredClone(inflation), settings);
    expect(play.study.outcome).toStrictEqual(asStored(single));
    expect(play.study).toMatchObject({ type: 'sweep', metric: 'p90(Coins, 30)', method: 'grid', samples: 36 });
    expect(play.study.result).toMatchObject({ evaluations: 36, method: 'grid' });
    // The blocks are gone once merged.
    expect(await app.http.app.get(PlayBatchesService).storedBlocks(play.id)).toMatchObject({ blocks: [] });

    // The same study in one block stores the same answer.
    app.config.SIMULATION_BLOCK_RUNS = 100_000;
    try {
      const again = await finished((await client.post(`/diagrams/${fuid}/studies`, settings)).body.content.play.id);
      expect(again.study.outcome).toStrictEqual(play.study.outcome);
    } finally {
      app.config.SIMULATION_BLOCK_RUNS = 120;
    }
    socket.disconnect();
  });

  it('runs Sobol indices with the tornado, and a solve (one block, progress from inside it), each equal to one pass', async () => {
    const socket = await socketOf(client);
    const progress: { playId: string; completed: number; total: number }[] = [];
    socket.on(RealtimeEvents.playProgress, (p: { playId: string; completed: number; total: number }) =>
      progress.push(p),
    );
    const sensitivity = study({ kind: 'sensitivity', method: 'sobol', samples: 8, runs: 30 });
    const s = await client.post(`/diagrams/${fuid}/studies`, sensitivity);
    // Saltelli: N (d + 2) = 32 evaluations, and the tornado's 1 + 2d = 5.
    expect(s.body.content.evaluations).toBe(37);
    const solve = study({
      kind: 'solve',
      levers: ['upgradePrice=10:80:int', 'repairCost=0:20:int', 'questReward=4:20:int'].map(parseLever),
      goals: ['p90(Coins, 30) <= 150', 'median(Upgrades, 30) >= 20', 'p10(Coins, 10) >= 10'],
      budget: 60,
      runs: 50,
    });
    const v = await client.post(`/diagrams/${fuid}/studies`, solve);
    expect(v.body.content.evaluations).toBe(60);
    const [sens, solved] = [await finished(s.body.content.play.id), await finished(v.body.content.play.id)];
    expect(sens.study.outcome).toStrictEqual(asStored(runStudy(structuredClone(inflation), sensitivity)));
    expect(sens.study.outcome.tornado.bars).toHaveLength(2);
    const reference = runStudy(structuredClone(inflation), solve);
    expect(solved.study.outcome).toStrictEqual(asStored(reference));
    expect(solved).toMatchObject({ status: 'done', completedRuns: reference.result.evaluations });
    expect(solved.study.result).toMatchObject({ met: reference.kind === 'solve' && reference.result.met });
    expect(Object.keys(solved.study.outcome.fans).sort()).toEqual(['Coins', 'Upgrades']);
    // The solve's progress counts candidates out of its budget and ends full.
    const ofSolve = progress.filter((p) => p.playId === v.body.content.play.id);
    expect(ofSolve.at(-1)).toMatchObject({ completed: 60, total: 60 });
    // The author is told when a study is done.
    const notes = (await client.get('/notifications')).body.content.notifications as { message: string }[];
    expect(notes.map((n) => n.message)).toContain('Your balance study of "Inflating coins" has finished');
    socket.disconnect();
  });

  it('stops a running study on request: its blocks stop, the play stays cancelled with no answer', async () => {
    // 400 evaluations of 2,000 runs: minutes of work.
    const long = study({ samples: 400, runs: 2_000 });
    const play = (await client.post(`/diagrams/${fuid}/studies`, long)).body.content.play;
    await eventually(async () => {
      const p = (await client.get(`/diagrams/${fuid}/plays/${play.id}`)).body.content.play;
      return p.status === 'running' && p.completedRuns > 0 ? p : undefined;
    }, 120_000);
    expect((await client.post(`/diagrams/${fuid}/plays/${play.id}/cancel`)).status).toBe(200);
    const queues = app.http.app.get(QueueService);
    const merge = await eventually(() => queues.queue('simulations').getJob(`${play.id}-merge`), 10_000);
    await eventually(async () => ((await merge.getState()) === 'completed' ? true : undefined), 30_000);
    expect(await queues.queue('blocks').getJobCounts('active', 'waiting')).toEqual({ active: 0, waiting: 0 });
    const after = (await client.get(`/diagrams/${fuid}/plays/${play.id}`)).body.content.play;
    expect(after.status).toBe('cancelled');
    expect(after.completedRuns).toBeLessThan(400);
    expect(after.study.outcome).toBeUndefined();
  });

  it("holds a study to the plan's runs per study, with the limit's text, and refuses bad studies", async () => {
    const prisma = app.http.app.get(PrismaService);
    // Billing is off here: every workspace is on the admin's plan (Enterprise, unlimited); lower it for the test.
    await prisma.plan.update({ where: { type: 14 }, data: { maxStudyRuns: 1_000 } });
    try {
      const over = await client.post(`/diagrams/${fuid}/studies`, study({ samples: 36, runs: 40 }));
      expect(over.status).toBe(402);
      expect(over.body.error).toMatchObject({
        code: 'PLAN_LIMIT_REACHED',
        message: PlanTexts.studyRunsLimit,
        details: { limit: 'studyRuns', allowed: 1_000, requested: 36 * 40 },
      });
      const within = await client.post(`/diagrams/${fuid}/studies`, study({ samples: 25, runs: 40 }));
      expect(within.status).toBe(202);
      await finished(within.body.content.play.id);
    } finally {
      await prisma.plan.update({ where: { type: 14 }, data: { maxStudyRuns: null } });
    }
    const history = (await client.get(`/diagrams/${fuid}/plays?kind=study`)).body.content.items as unknown[];
    const bad = await client.post(`/diagrams/${fuid}/studies`, study({ metric: 'p90(Nothing, 30)' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("'Nothing' is not a pool or register");
    expect((await client.post(`/diagrams/${fuid}/studies`, study({ kind: 'solve', goals: [] }))).status).toBe(400);
    expect((await client.get(`/diagrams/${fuid}/plays?kind=study`)).body.content.items).toHaveLength(history.length);
  });
});
