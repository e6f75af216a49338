import { execFileSync } from 'node:child_process';
import { runBatchSync, type Diagram } from '@loopwright/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endlessEconomy } from '../api/test/factories/diagrams.js';
import { ApiClient } from '../api/test/support/api-client.js';
import { toBatchStats } from '../api/src/modules/simulations/batch-stats.js';
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

// 8 blocks of 750 runs × 500 steps (about a second each on a busy machine), one thread per worker process.
const RUNS = 6_000;
const BATCH = { runs: RUNS, steps: 500, seed: 3, percentiles: [10, 90] };
const WORKER_ENV = {
  LOG_LEVEL: 'info',
  WORKER_THREADS: '1',
  SIMULATION_BLOCK_RUNS: '750',
  SIMULATION_RECOVERY_MS: '2000',
};

const count = (output: string, what: string) => output.split(what).length - 1;

/**
 * A batch split into blocks over two worker processes, through the three faults a cluster meets:
 * a worker killed in the middle of a block, Redis restarting, Redis losing its data, the app
 * restarting. Each time the
 * batch ends with every run counted once and statistics equal to one pass in one thread.
 */
describe('a batch in blocks across worker processes, through faults', () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let app: OwnApp;
  let client: ApiClient;
  let userId: string;
  let fuid: string;
  const processes: RunningProcess[] = [];
  const worker = () => {
    const started = runNode('api/dist/worker.js', [], { ...app.env, ...WORKER_ENV });
    processes.push(started);
    return started;
  };
  const reference = (() => {
    let stats: unknown;
    return () => (stats ??= toBatchStats(runBatchSync(endlessEconomy(), BATCH), endlessEconomy() as Diagram));
  })();

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis({ persistent: true })]);
    app = await startAppOn(postgres.url, redis.url);
    ({ client, id: userId } = await loggedInUser(postgres.url, app.url));
    fuid = (await client.post('/diagrams', { name: 'Blocks', document: endlessEconomy() })).body.content.diagram.fuid;
  }, 120_000);
  afterAll(async () => {
    for (const p of processes) await p.stop('SIGKILL');
    await app?.process.stop();
    await redis?.kill().catch(() => undefined);
    await postgres?.destroy();
  });

  /** A new client signed in as the test's user (after the app restarted, or Redis lost the sessions). */
  const signInAgain = async () => {
    client = new ApiClient(app.url);
    expect(
      (await client.post('/oauth2/login', { email: `own-${userId}@example.test`, password: 'secret-1' })).status,
    ).toBe(200);
  };
  const submit = async () => {
    const submitted = await client.post(`/diagrams/${fuid}/batches`, BATCH);
    expect(submitted.status).toBe(202);
    return submitted.body.content.play.id as string;
  };
  const play = async (id: string) => (await client.get(`/diagrams/${fuid}/plays/${id}`)).body.content.play;
  const finished = async (id: string) => {
    const started = Date.now();
    try {
      return (
        await until('the batch done', async () => ((await play(id)).status === 'done' ? play(id) : undefined), 150_000)
      ).value;
    } catch (error) {
      const tail = processes.map((p) => p.output().split('\n').slice(-15).join('\n')).join('\n---\n');
      throw new Error(`${(error as Error).message}: ${JSON.stringify(await play(id).catch(() => null))}\n${tail}`);
    } finally {
      console.log(`batch done ${Date.now() - started} ms after the fault`);
    }
  };
  const expectEveryRunOnce = (done: Record<string, unknown>) => {
    expect(done).toMatchObject({ status: 'done', completedRuns: RUNS, endReasons: { limit: RUNS }, error: null });
    expect(done.stats).toStrictEqual(reference());
  };

  it('a worker killed in the middle of a block: another worker runs the block again, nothing lost or counted twice', async () => {
    const [a, b] = [worker(), worker()];
    const id = await submit();
    // Kill A while it is inside a block (started and not yet stored), once the batch is under way.
    await until(
      'worker A in the middle of a block',
      () =>
        Promise.resolve(
          count(a.output(), 'block started') > count(a.output(), 'block stored') &&
            count(a.output() + b.output(), 'block stored') >= 1,
        ),
      60_000,
    );
    await a.stop('SIGKILL');
    const handedBack = await until(
      'the killed block handed back',
      () => Promise.resolve(/job stalled/.test(b.output())),
      30_000,
    );
    console.log(`killed worker's block handed back to the other worker after ${handedBack.ms} ms`);
    expectEveryRunOnce(await finished(id));
    await b.stop('SIGTERM');
  }, 240_000);

  it('Redis restarting in the middle of a batch: the batch resumes', async () => {
    const [a, b] = [worker(), worker()];
    const id = await submit();
    await until('blocks under way', () => Promise.resolve(count(a.output() + b.output(), 'block stored') >= 2), 60_000);
    await redis.kill();
    await new Promise((r) => setTimeout(r, 2_000));
    await redis.start();
    const done = await finished(id);
    expectEveryRunOnce(done);
    await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
  }, 240_000);

  it('Redis losing its data in the middle of a batch: the workers queue the blocks not stored again from PostgreSQL', async () => {
    const [a, b] = [worker(), worker()];
    const id = await submit();
    await until('blocks under way', () => Promise.resolve(count(a.output() + b.output(), 'block stored') >= 2), 60_000);
    // Every job of the batch is gone (not a restart: nothing comes back from the append-only file).
    execFileSync('redis-cli', ['-u', redis.url, 'FLUSHALL']);
    const recovered = await until(
      'a worker queuing the lost batch again',
      () => Promise.resolve(/lost its jobs/.test(a.output() + b.output())),
      30_000,
    );
    console.log(`lost batch queued again ${recovered.ms} ms after Redis lost its data`);
    // Sessions lived in Redis too: sign in again.
    await signInAgain();
    expectEveryRunOnce(await finished(id));
    await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
  }, 240_000);

  it('the app restarting: the batch goes on, on the workers', async () => {
    const [a, b] = [worker(), worker()];
    const id = await submit();
    await until('blocks under way', () => Promise.resolve(count(a.output() + b.output(), 'block stored') >= 1), 60_000);
    await app.process.stop('SIGKILL');
    const stored = count(a.output() + b.output(), 'block stored');
    // The workers go on without any app.
    await until(
      'blocks stored with the app down',
      () => Promise.resolve(count(a.output() + b.output(), 'block stored') > stored),
      30_000,
    );
    app = await startAppOn(postgres.url, redis.url, { APP_SECRET: app.env.APP_SECRET });
    await signInAgain();
    expectEveryRunOnce(await finished(id));
    await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
  }, 240_000);
});
