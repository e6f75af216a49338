// Scale-out benchmark: one server batch (a ≈100-node diagram) run by 1 worker process, then by 2,
// then by 2 of which one is killed in the middle of the batch. Each worker process runs one block
// at a time (WORKER_THREADS=1), so 2 processes on 2 cores is the speed-up a second machine gives.
// Prints name=value lines. Needs the build (npm run build), PostgreSQL and Redis:
// BENCH_DATABASE_URL (an admin URL; default TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/postgres),
// REDIS_URL (default redis://127.0.0.1:6379). BENCH_RUNS, BENCH_STEPS, BENCH_BLOCK_RUNS change the batch.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generateDiagram } from '../engine/generate.mjs';
import { scratchDatabase } from '../support/scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const RUNS = Number(process.env.BENCH_RUNS ?? 24_000);
const STEPS = Number(process.env.BENCH_STEPS ?? 100);
// 12 blocks of 2,000 runs: about a second each on an idle core, and an even share for 1 or 2 workers.
const BLOCK_RUNS = process.env.BENCH_BLOCK_RUNS ?? '2000';
const out = (name, value) => console.log(`${name}=${value}`);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function runNode(script, env) {
  const child = spawn(process.execPath, [path.join(root, script)], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let peakRss = 0;
  const sampler = setInterval(() => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (hwm) peakRss = Math.max(peakRss, Number(hwm[1]) / 1024);
    } catch {
      // gone
    }
  }, 200);
  return {
    child,
    output: () => output,
    peakRss: () => peakRss,
    stop: (signal = 'SIGTERM') => (child.exitCode === null && child.signalCode === null && child.kill(signal), exited),
    exited: exited.finally(() => clearInterval(sampler)),
  };
}

const until = async (what, probe, ms) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within ${ms} ms`);
};
const count = (text, what) => text.split(what).length - 1;

const database = await scratchDatabase(adminUrl, 'lw_bench_scale');
const env = {
  NODE_ENV: 'production',
  APP_SECRET: randomBytes(32).toString('hex'),
  DATABASE_URL: database.url,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: `lwbench-scale-${process.pid}`,
  LOG_LEVEL: 'info',
  DATA_DIR: path.join(root, '.data', 'bench-scale'),
};
const processes = [];
const start = (script, extra = {}) => {
  const p = runNode(script, { ...env, ...extra });
  processes.push(p);
  return p;
};
try {
  const migrate = start('api/dist/scripts/migrate.js');
  if ((await migrate.exited) !== 0) throw new Error(`migrate failed:\n${migrate.output()}`);
  const port = await freePort();
  const app = start('api/dist/main.js', { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const url = `http://127.0.0.1:${port}`;
  await until('the app ready', async () => (await fetch(`${url}/api/health/ready`)).status === 200, 90_000);

  // A confirmed user, logged in; a ≈100-node diagram.
  const { hashPassword } = await import(path.join(root, 'api/dist/modules/auth/passwords.js'));
  const db = new pg.Client({ connectionString: database.url });
  db.on('error', () => undefined);
  await db.connect();
  const email = `bench-${randomUUID()}@example.test`;
  await db.query(
    'INSERT INTO users (id, email, username, password_hash, email_confirmed_at, updated_at) VALUES ($1, $2, $3, $4, now(), now())',
    [randomUUID(), email, `bench${Date.now()}`, await hashPassword('secret-1')],
  );
  const login = await fetch(`${url}/api/oauth2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-id': 'loopwright-web' },
    body: JSON.stringify({ email, password: 'secret-1' }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const api = async (method, p, body) => {
    const r = await fetch(`${url}/api${p}`, {
      method,
      headers: { 'content-type': 'application/json', cookie, 'x-client-id': 'loopwright-web' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return r.json();
  };
  const document = generateDiagram(100);
  const created = await api('POST', '/diagrams', { name: 'Scale bench', document });
  if (!created.content) throw new Error(`could not save the diagram: ${JSON.stringify(created).slice(0, 500)}`);
  const diagram = created.content.diagram;

  const batch = async (label, workers, fault) => {
    const started = Date.now();
    const play = (await api('POST', `/diagrams/${diagram.fuid}/batches`, { runs: RUNS, steps: STEPS, seed: 1 })).content
      .play;
    if (fault) await fault(workers);
    const done = await until(
      `${label} done`,
      async () => {
        const p = (await api('GET', `/diagrams/${diagram.fuid}/plays/${play.id}`)).content.play;
        return p.status === 'done' || p.status === 'failed' ? p : undefined;
      },
      1_800_000,
    );
    const seconds = (Date.now() - started) / 1000;
    if (done.status !== 'done') throw new Error(`${label}: ${done.error}`);
    const row = await db.query('SELECT stats::text AS stats, end_reasons::text AS ends FROM plays WHERE id = $1', [
      play.id,
    ]);
    return { seconds, play: done, bytes: row.rows[0].stats + row.rows[0].ends };
  };
  const workers = (n) =>
    Array.from({ length: n }, () =>
      start('api/dist/worker.js', { WORKER_THREADS: '1', SIMULATION_BLOCK_RUNS: BLOCK_RUNS }),
    );
  const stopAll = (list) => Promise.all(list.map((w) => w.stop('SIGTERM')));

  const one = workers(1);
  const single = await batch('1 worker', one);
  const blockMs = [...one[0].output().matchAll(/"ms":(\d+),"msg":"block stored"/g)].map((m) => Number(m[1]));
  const blocks = blockMs.length;
  await stopAll(one);
  const two = workers(2);
  const pair = await batch('2 workers', two);
  await stopAll(two);
  const three = workers(2);
  const killed = await batch('2 workers, one killed', three, async ([a, b]) => {
    await until(
      'a worker in the middle of a block',
      async () =>
        count(a.output(), 'block started') > count(a.output(), 'block stored') &&
        count(a.output() + b.output(), 'block stored') >= 1,
      600_000,
    );
    await a.stop('SIGKILL');
  });
  await stopAll(three);

  const speedup = single.seconds / pair.seconds;
  const engineSeconds = blockMs.reduce((a, b) => a + b, 0) / 1000;
  const mergeSeconds = Number(/"mergeMs":(\d+)/.exec(one[0].output())?.[1] ?? 0) / 1000;
  out('scale.runs', RUNS);
  out('scale.steps', STEPS);
  out('scale.nodes', document.nodes.length);
  out('scale.blocks', blocks);
  out('scale.seconds.1', single.seconds.toFixed(2));
  out('scale.seconds.2', pair.seconds.toFixed(2));
  out('scale.speedup', speedup.toFixed(3));
  out('scale.efficiency', (speedup / 2).toFixed(3));
  out('scale.identical', single.bytes === pair.bytes && single.bytes === killed.bytes ? 1 : 0);
  out('scale.lost', RUNS - killed.play.completedRuns + (killed.bytes === single.bytes ? 0 : RUNS));
  out('scale.killed.seconds', killed.seconds.toFixed(2));
  out('scale.block.ms', ((engineSeconds * 1000) / Math.max(1, blocks)).toFixed(0));
  // Everything the 1-worker batch spent outside its blocks' engine time and the final merge, per block:
  // queue hand-over, loading the play, storing the block, progress, the HTTP polling granularity.
  out(
    'scale.block.overhead_ms',
    (((single.seconds - engineSeconds - mergeSeconds) * 1000) / Math.max(1, blocks)).toFixed(0),
  );
  out('scale.merge.ms', (mergeSeconds * 1000).toFixed(0));
  // The machine's load while measuring: with other work on the cores, efficiency says little.
  out('scale.load_average', loadavg()[0].toFixed(1));
  out('scale.worker.rss_mb', Math.max(...[...one, ...two, ...three].map((w) => w.peakRss())).toFixed(0));
  out('scale.app.rss_mb', app.peakRss().toFixed(0));
  await db.end();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const p of processes) await p.stop('SIGKILL');
  await database.drop();
}
