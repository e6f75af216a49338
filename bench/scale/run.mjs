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
// --memory (npm run bench:scale:memory): issue 28's bounded-memory batch instead, 100,000 runs × 365
// steps of the 100-node diagram in the engine's own block size, on 2 worker processes that each use
// every core (WORKER_THREADS unset); prints each process's peak RSS (VmHWM).
const MEMORY = process.argv.includes('--memory');
const RUNS = Number(process.env.BENCH_RUNS ?? (MEMORY ? 100_000 : 24_000));
const STEPS = Number(process.env.BENCH_STEPS ?? (MEMORY ? 365 : 100));
// 12 blocks of 2,000 runs: about a second each on an idle core, and an even share for 1 or 2 workers.
const BLOCK_RUNS = process.env.BENCH_BLOCK_RUNS ?? (MEMORY ? null : '2000');
// Rounds of (1 worker, 2 workers); the fastest batch of each count is reported, every one printed.
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 2));
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
    // Its own session, so its own scheduling group: with autogroup scheduling (Linux's default on
    // desktops and on this machine) the processes of one session share one group's CPU time, so two
    // workers started from one session get no more CPU than one on a busy machine. Separate sessions
    // are separate groups, like separate machines.
    detached: true,
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
/** A process's JSON log lines with this message. */
const logLines = (text, msg) =>
  text
    .split('\n')
    .filter((line) => line.includes(`"msg":"${msg}"`))
    .map((line) => JSON.parse(line));

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
const workerProcesses = [];
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
    return {
      seconds,
      play: done,
      bytes: row.rows[0].stats + row.rows[0].ends,
      load: loadavg()[0],
      output: workers.map((w) => w.output()).join('\n'),
    };
  };
  // Workers are long-lived: the batch is timed from when every worker is up (its process started,
  // its queues joined), as a deployment's workers would be; starting a worker is not part of a batch.
  const workers = async (n, threads = '1') => {
    const list = Array.from({ length: n }, () =>
      start('api/dist/worker.js', {
        ...(threads ? { WORKER_THREADS: threads } : {}),
        ...(BLOCK_RUNS ? { SIMULATION_BLOCK_RUNS: BLOCK_RUNS } : {}),
      }),
    );
    workerProcesses.push(...list);
    await until('the workers started', async () => list.every((w) => w.output().includes('"worker started"')), 120_000);
    return list;
  };
  const stopAll = (list) => Promise.all(list.map((w) => w.stop('SIGTERM')));

  if (MEMORY) {
    const pair = await workers(2, null);
    const done = await batch('bounded memory', pair);
    out('scale.memory.runs', RUNS);
    out('scale.memory.steps', STEPS);
    out('scale.memory.nodes', document.nodes.length);
    out('scale.memory.blocks', logLines(done.output, 'block stored').length);
    out('scale.memory.completed', done.play.completedRuns);
    out('scale.memory.seconds', done.seconds.toFixed(1));
    out('scale.memory.load_average', done.load.toFixed(1));
    pair.forEach((w, i) => out(`scale.memory.worker${i + 1}.rss_mb`, w.peakRss().toFixed(0)));
    out('scale.memory.app.rss_mb', app.peakRss().toFixed(0));
    await stopAll(pair);
  } else {
    // 1 worker, then 2, REPEAT times over: on a shared machine the quietest of each is the figure.
    const singles = [];
    const pairs = [];
    for (let round = 0; round < REPEAT; round++) {
      const one = await workers(1);
      singles.push(await batch('1 worker', one));
      await stopAll(one);
      const two = await workers(2);
      pairs.push(await batch('2 workers', two));
      await stopAll(two);
    }
    const fastest = (list) => list.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const single = fastest(singles);
    const pair = fastest(pairs);
    const stored = logLines(single.output, 'block stored');
    const blocks = stored.length;
    const three = await workers(2);
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
    const total = (key) => stored.reduce((sum, line) => sum + line[key], 0);
    const engineSeconds = total('engineMs') / 1000;
    const merged = logLines(single.output, 'batch finished')[0] ?? {};
    const mergeSeconds = (merged.mergeMs ?? 0) / 1000;
    out('scale.runs', RUNS);
    out('scale.steps', STEPS);
    out('scale.nodes', document.nodes.length);
    out('scale.blocks', blocks);
    out('scale.seconds.1', single.seconds.toFixed(2));
    out('scale.seconds.2', pair.seconds.toFixed(2));
    out('scale.speedup', speedup.toFixed(3));
    out('scale.efficiency', (speedup / 2).toFixed(3));
    out('scale.identical', [...singles, ...pairs, killed].every((b) => b.bytes === single.bytes) ? 1 : 0);
    out('scale.lost', RUNS - killed.play.completedRuns + (killed.bytes === single.bytes ? 0 : RUNS));
    out('scale.killed.seconds', killed.seconds.toFixed(2));
    out('scale.block.ms', ((engineSeconds * 1000) / Math.max(1, blocks)).toFixed(0));
    // The fastest 2-worker batch: blocks its workers ran (12 unless a lapsed lock made one run twice) and their engine time.
    const pairStored = logLines(pair.output, 'block stored');
    out('scale.blocks_run.2', count(pair.output, '"block started"'));
    out(
      'scale.block.ms.2',
      (pairStored.reduce((sum, line) => sum + line.engineMs, 0) / Math.max(1, pairStored.length)).toFixed(0),
    );
    out('scale.stalled.2', count(pair.output, 'stalled'));
    // Derived, not the target: the efficiency had each block's engine time been what it was with one
    // worker (on a busy machine, two engine threads get less CPU each than one does).
    const slowdown = pairStored.reduce((sum, line) => sum + line.engineMs, 0) / Math.max(1, total('engineMs'));
    out('scale.efficiency.same_block_time', ((speedup * slowdown) / 2).toFixed(3));
    // Everything the 1-worker batch spent outside its blocks' engine time and the final merge, per block:
    // queue hand-over, loading the play, storing the block, progress, the HTTP polling granularity.
    out(
      'scale.block.overhead_ms',
      (((single.seconds - engineSeconds - mergeSeconds) * 1000) / Math.max(1, blocks)).toFixed(0),
    );
    // Of which: reading the play before the block, storing the block and its progress (means per block).
    out('scale.block.load_ms', (total('loadMs') / Math.max(1, blocks)).toFixed(1));
    out('scale.block.save_ms', (total('saveMs') / Math.max(1, blocks)).toFixed(1));
    out('scale.merge.ms', (mergeSeconds * 1000).toFixed(0));
    for (const phase of ['read', 'fold', 'finish', 'store']) out(`scale.merge.${phase}_ms`, merged[`${phase}Ms`] ?? 0);
    // The machine's load while measuring: with other work on the cores, efficiency says little.
    // 1-minute load average at the end of each timed batch (2 cores: above 2, other work shares them).
    out('scale.load_average.1', single.load.toFixed(1));
    out('scale.load_average.2', pair.load.toFixed(1));
    // Every timed batch: seconds@load average.
    out('scale.samples.1', singles.map((b) => `${b.seconds.toFixed(2)}@${b.load.toFixed(1)}`).join(','));
    out('scale.samples.2', pairs.map((b) => `${b.seconds.toFixed(2)}@${b.load.toFixed(1)}`).join(','));
    out('scale.worker.rss_mb', Math.max(...workerProcesses.map((w) => w.peakRss())).toFixed(0));
    out('scale.app.rss_mb', app.peakRss().toFixed(0));
  }
  await db.end();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const p of processes) await p.stop('SIGKILL');
  await database.drop();
}
