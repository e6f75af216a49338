// Load benchmark (loopback only, bounded in time): the community "see all" page server-rendered
// over 10,000 public diagrams, and diagram saves, against the production build (`node api/dist/main.js`,
// npm run build first) on a scratch database. Prints req/s, p50/p95/p99 and the app's RSS before,
// during and after. BENCH_DATABASE_URL: an admin URL (default the local PostgreSQL); the database is
// dropped after. BENCH_SECONDS (default 10) per phase, BENCH_CONCURRENCY (default 32), BENCH_PHASES=saves,
// DATABASE_POOL_SIZE for the app (default 10).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoPaths } from '../../api/dist/core/paths.js';
import { applyMigrations } from '../../api/dist/core/prisma/migrations.js';
import { hashPassword } from '../../api/dist/modules/auth/passwords.js';
import { insertPersonalWorkspace } from '../support/personal-workspace.mjs';
import { scratchDatabase } from '../support/scratch-database.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DIAGRAMS = 10_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const SAVES_ONLY = process.env.BENCH_PHASES === 'saves';
const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
const q = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `CONCURRENCY` loops calling `one(worker)` for `SECONDS`; latency percentiles and throughput. */
async function phase(name, one) {
  const latencies = [];
  const statuses = new Map();
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const status = await one(worker).catch(() => 0);
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const result = {
    name,
    rps: Math.round(sorted.length / seconds),
    p50: q(sorted, 50),
    p95: q(sorted, 95),
    p99: q(sorted, 99),
    statuses: Object.fromEntries(statuses),
  };
  console.log(
    `${name.padEnd(34)} ${String(result.rps).padStart(6)} req/s   p50 ${result.p50.toFixed(1)} ms   p95 ${result.p95.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   statuses ${JSON.stringify(result.statuses)}`,
  );
  return result;
}

const database = await scratchDatabase(adminUrl, 'loadbench');
let app;
try {
  await applyMigrations(database.url, repoPaths.migrations);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  db.on('error', () => undefined);
  const ownerId = randomUUID();
  await db.query(
    'INSERT INTO users (id, email, username, password_hash, email_confirmed_at, updated_at) VALUES ($1, $2, $3, $4, now(), now())',
    [ownerId, 'load@example.test', 'loadbench', await hashPassword('load-pass')],
  );
  const workspaceId = await insertPersonalWorkspace(db, ownerId);
  const document = JSON.stringify({
    version: 1,
    settings: { stepsLimit: 60 },
    nodes: [
      { id: 'src', type: 'source', name: 'Source', x: 0, y: 0, activation: 'automatic' },
      { id: 'pool', type: 'pool', name: 'Pool', x: 200, y: 0, start: 0 },
    ],
    connections: [{ id: 'c1', kind: 'resource', from: 'src', to: 'pool', formula: '1' }],
    variables: [],
  });
  await db.query(
    `INSERT INTO diagrams (id, fuid, name, name_key, owner_id, workspace_id, document, version, community, node_count, connection_count, component_count, size_bytes, file_token, saved_at, updated_at, created_at)
     SELECT gen_random_uuid(), 'load' || lpad(i::text, 8, '0'), 'Economy ' || i, 'economy ' || i, $1, $4, $2::jsonb, 1, true, 2, 1, 3, $3::int, md5(random()::text || i), now(), now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
     FROM generate_series(1, ${DIAGRAMS}) AS i`,
    [ownerId, document, Buffer.byteLength(document), workspaceId],
  );
  await db.query('ANALYZE');
  await db.end();

  const port = await freePort();
  // BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app during the run.
  app = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      path.join(repoPaths.root, 'api/dist/main.js'),
    ],
    {
      cwd: repoPaths.root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        APP_SECRET: randomBytes(32).toString('hex'),
        DATABASE_URL: database.url,
        MIGRATE_ON_START: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'lw-load-')),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      (await fetch(`${base}/api/health/ready`)
        .then((r) => r.status)
        .catch(() => 0)) === 200
    )
      break;
    if (i > 600) throw new Error('the app did not become ready');
    await sleep(100);
  }
  const login = await fetch(`${base}/api/oauth2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-id': 'bench' },
    body: JSON.stringify({ email: 'load@example.test', password: 'load-pass' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, 'x-client-id': 'bench', 'content-type': 'application/json' };
  const mine = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const created = await (
      await fetch(`${base}/api/diagrams`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Save ${i}`, document: JSON.parse(document) }),
      })
    ).json();
    mine.push({ fuid: created.content.diagram.fuid, version: created.content.diagram.version });
  }
  const page = (url) => fetch(url).then(async (r) => (await r.arrayBuffer(), r.status));
  const cpu = os.cpus();
  console.log(
    `Loopwright load benchmark — ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, Node ${process.version}`,
  );
  console.log(
    `${DIAGRAMS.toLocaleString('en')} public diagrams; ${CONCURRENCY} concurrent clients on loopback, ${SECONDS} s per phase (the load generator shares the machine)\n`,
  );
  for (let i = 0; i < 50; i++) await page(`${base}/community/see-all`);
  const rss = { start: rssMb(app.pid) };
  if (!SAVES_ONLY) {
    await phase('see-all, page 1', () => page(`${base}/community/see-all`));
    await phase('see-all, pages 1–50 at random', () =>
      page(`${base}/community/see-all?filter=diagrams&page=${1 + Math.floor(Math.random() * 50)}`),
    );
  }
  rss.afterPages = rssMb(app.pid);
  let n = 0;
  await phase('diagram saves (autosave, 3 nodes)', async (worker) => {
    const diagram = mine[worker];
    const body = JSON.parse(document);
    body.nodes[1].start = ++n;
    const r = await fetch(`${base}/api/diagrams/${diagram.fuid}/document`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ baseVersion: diagram.version, document: body }),
    });
    const json = await r.json();
    if (r.status === 200) diagram.version = json.content.version;
    return r.status;
  });
  rss.afterSaves = rssMb(app.pid);
  await sleep(15_000);
  rss.settled = rssMb(app.pid);
  console.log(
    `\napp RSS: ${rss.start} MB at the start, ${rss.afterPages} MB after the page phases, ${rss.afterSaves} MB after saves, ${rss.settled} MB 15 s later`,
  );
} finally {
  if (app) {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
  }
  await database.drop();
}
