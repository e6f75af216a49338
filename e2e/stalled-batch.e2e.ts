import { DiagramTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endlessEconomy } from '../api/test/factories/diagrams.js';
import { runNode, type RunningProcess } from './support/built-app.js';
import {
  loggedInUser,
  startAppOn,
  startOwnPostgres,
  startOwnRedis,
  until,
  type OwnApp,
  type OwnPostgres,
  type OwnRedis,
} from './support/own-services.js';

/**
 * A worker process whose block of a batch dies with it: the block is found within 15 s and resumed,
 * then, after its second worker dies too, failed visibly. (One block of 100,000 long runs here, so the
 * same block dies twice; docs/scale.md has batches of many blocks.)
 */
describe('a batch whose worker is killed', () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let app: OwnApp;
  const workers: RunningProcess[] = [];
  const worker = () => {
    const started = runNode('api/dist/worker.js', [], {
      ...app.env,
      LOG_LEVEL: 'info',
      SIMULATION_BLOCK_RUNS: '100000',
    });
    workers.push(started);
    return started;
  };
  const standbyWorker = async () => {
    const started = worker();
    await until('a standby worker started', () => Promise.resolve(/worker started/.test(started.output())), 60_000);
    return started;
  };
  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
    app = await startAppOn(postgres.url, redis.url);
  });
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await app?.process.stop();
    await redis?.kill().catch(() => undefined);
    await postgres?.destroy();
  });

  it('is resumed by another worker within 15 s, and after a second death marked failed with the spec’s text and the author told', async () => {
    const { client } = await loggedInUser(postgres.url, app.url);
    const diagram = (await client.post('/diagrams', { name: 'Long batch', document: endlessEconomy() })).body.content
      .diagram;
    const first = worker();
    const submitted = await client.post(`/diagrams/${diagram.fuid}/batches`, { runs: 100_000, steps: 2_000 });
    expect(submitted.status).toBe(202);
    const playPath = `/diagrams/${diagram.fuid}/plays/${submitted.body.content.play.id}`;
    const play = async () => (await client.get(playPath)).body.content.play;
    await until(
      'the batch running on the first worker',
      async () => /block started/.test(first.output()) && (await play()).status === 'running',
      60_000,
    );

    // The next worker is up before the kill, so the time measured is the stall's detection, not a start.
    const second = await standbyWorker();
    await first.stop('SIGKILL');
    const resumed = await until(
      'the second worker resuming the batch',
      async () => /job stalled/.test(second.output()) && (await play()).status === 'running',
      30_000,
    );
    console.log(`stalled batch found and resumed ${resumed.ms} ms after its worker was killed`);
    expect(resumed.ms).toBeLessThan(15_000 + 3_000); // 15 s by design; a little slack for a loaded machine
    await until(
      'the block running on the second worker',
      () => Promise.resolve(/block started/.test(second.output())),
      30_000,
    );

    const third = await standbyWorker();
    await second.stop('SIGKILL');
    const failed = await until(
      'the batch marked failed',
      async () => ((await play()).status === 'failed' ? await play() : undefined),
      30_000,
    );
    console.log(`batch marked failed ${failed.ms} ms after its second worker was killed`);
    expect(failed.value.error).toBe(DiagramTexts.batchFailed);
    // The notice follows from the BatchFinished event, delivered after the play's transaction commits.
    const notice = `Your batch of 100000 runs of "Long batch" failed: ${DiagramTexts.batchFailed}`;
    const messages = async () =>
      (await client.get('/notifications')).body.content.notifications.map(
        (n: { message: string }) => n.message,
      ) as string[];
    await until('the author told', async () => (await messages()).includes(notice), 15_000);
    expect(await messages()).toContain(notice);

    // A worker told to stop exits 0 (nothing running here; the drain is immediate).
    expect(await third.stop('SIGTERM')).toBe(0);
  }, 180_000);
});
