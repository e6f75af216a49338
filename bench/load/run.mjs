// Load benchmark (loopback only, bounded in time): the community "see all" page server-rendered over
// 10,000 public diagrams, the featured listing (/api/wp-json/community/featured) and 40-node diagram
// saves, against the production build (`node api/dist/main.js`, npm run build first) on a scratch
// database. Prints a table and then one `name=value` line per figure (req/s, p50/p99, errors, the app's
// CPU time per request — a figure a busy shared machine disturbs far less than req/s — and RSS).
//
// BENCH_DATABASE_URL: an admin URL (default the local PostgreSQL); the database is dropped after.
// BENCH_SECONDS (default 10) per phase, BENCH_CONCURRENCY (default 32), BENCH_PHASES (comma list of
// pages, featured, saves; default all), DATABASE_POOL_SIZE for the app (default 10), BENCH_APP_ROOT
// (another checkout's build, to compare two commits with the same benchmark).
// The read phases load the app from wrk when it is installed (apt-get install wrk; BENCH_CLIENT=fetch
// for Node's fetch), the saves from Node's fetch.
// BENCH_SMOKE=1: a few seconds on 200 diagrams with 4 clients; exits 1 on any error or 5xx (npm test runs it).
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
import { runWrk, wrkAvailable } from '../support/wrk.mjs';

const SMOKE = process.env.BENCH_SMOKE === '1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? (SMOKE ? 2 : 10));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? (SMOKE ? 4 : 32));
const DIAGRAMS = SMOKE ? 200 : 10_000;
const SETTLE_MS = SMOKE ? 0 : 15_000;
const PHASES = new Set((process.env.BENCH_PHASES ?? 'pages,featured,saves').split(','));
const SAVE_NODES = 40;
const appRoot = path.resolve(process.env.BENCH_APP_ROOT ?? repoPaths.root);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
/** CPU time the process has used (user + system), in ms: what a request costs, however busy the machine. */
const cpuMs = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return ((utime + stime) * 1000) / 100;
};
const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
const q = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A document of `nodes` nodes: one source feeding a chain of pools. */
function chainDocument(nodes) {
  const pools = Array.from({ length: nodes - 1 }, (_, i) => ({
    id: `p${i}`,
    type: 'pool',
    name: `Pool ${i}`,
    x: 200 + (i % 8) * 160,
    y: Math.floor(i / 8) * 120,
    start: 0,
  }));
  return {
    version: 1,
    settings: { stepsLimit: 60 },
    nodes: [{ id: 'src', type: 'source', name: 'Source', x: 0, y: 0, activation: 'automatic' }, ...pools],
    connections: pools.map((p, i) => ({
      id: `c${i}`,
      kind: 'resource',
      from: i === 0 ? 'src' : `p${i - 1}`,
      to: p.id,
      formula: '1',
    })),
    variables: [],
  };
}

/** `CONCURRENCY` loops calling `one(worker)` for `SECONDS`; latency percentiles, throughput and errors. */
async function phase(key, label, one) {
  const latencies = [];
  const statuses = new Map();
  const cpuBefore = cpuMs(app.pid);
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
  const cpuPerRequest = (cpuMs(app.pid) - cpuBefore) / Math.max(1, latencies.length);
  const sorted = latencies.sort((a, b) => a - b);
  const errors = [...statuses].filter(([s]) => s === 0 || s >= 500).reduce((n, [, c]) => n + c, 0);
  const result = {
    key,
    rps: Math.round(sorted.length / seconds),
    p50: q(sorted, 50),
    p95: q(sorted, 95),
    p99: q(sorted, 99),
    errors,
    cpuPerRequest,
    statuses: Object.fromEntries(statuses),
  };
  console.log(
    `${label.padEnd(36)} ${String(result.rps).padStart(6)} req/s   p50 ${result.p50.toFixed(1)} ms   p95 ${result.p95.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   app CPU ${cpuPerRequest.toFixed(2)} ms/req   statuses ${JSON.stringify(result.statuses)}`,
  );
  return result;
}

// GET phases load the app from wrk when it is installed (a C client: the app keeps most of the machine);
// the smoke run and the save phase use Node's fetch.
const useWrk = !SMOKE && wrkAvailable();

/** A GET phase: from wrk when available (same figures and line as `phase`), else Node's fetch. */
async function getPhase(key, label, base, pathTemplate) {
  if (!useWrk)
    return phase(key, label, () =>
      fetch(base + pathTemplate.replace('{page}', String(1 + Math.floor(Math.random() * 50)))).then(
        async (r) => (await r.arrayBuffer(), r.status),
      ),
    );
  const cpuBefore = cpuMs(app.pid);
  const r = await runWrk({ base, pathTemplate, concurrency: CONCURRENCY, seconds: SECONDS });
  const cpuPerRequest = (cpuMs(app.pid) - cpuBefore) / Math.max(1, r.requests);
  const statuses = {
    '2xx/3xx': r.requests - r.failed - r.errors,
    ...(r.failed && { failed: r.failed }),
    ...(r.errors && { 0: r.errors }),
  };
  const result = {
    key,
    rps: r.rps,
    p50: r.p50,
    p95: r.p95,
    p99: r.p99,
    errors: r.failed + r.errors,
    cpuPerRequest,
    statuses,
  };
  console.log(
    `${label.padEnd(36)} ${String(result.rps).padStart(6)} req/s   p50 ${result.p50.toFixed(1)} ms   p95 ${result.p95.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   app CPU ${cpuPerRequest.toFixed(2)} ms/req   statuses ${JSON.stringify(statuses)}`,
  );
  return result;
}

const database = await scratchDatabase(adminUrl, 'loadbench');
let app;
let failed = false;
try {
  await applyMigrations(database.url, repoPaths.migrations);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  db.on('error', () => undefined);
  const ownerId = randomUUID();
  await db.query(
    'INSERT INTO users (id, email, username, password_hash, email_confirmed_at, updated_at) VALUES ($1, $2, $3, $4, now(), now())',
    [ownerId, 'load@example.test', 'loadbench', await hashPassword('load-pass-phrase')],
  );
  const workspaceId = await insertPersonalWorkspace(db, ownerId);
  const listed = JSON.stringify(chainDocument(2));
  await db.query(
    `INSERT INTO diagrams (id, fuid, name, name_key, owner_id, workspace_id, document, version, community, node_count, connection_count, component_count, size_bytes, file_token, saved_at, updated_at, created_at)
     SELECT gen_random_uuid(), 'load' || lpad(i::text, 12, '0'), 'Economy ' || i, 'economy ' || i, $1, $4, $2::jsonb, 1, true, 2, 1, 3, $3::int, md5(random()::text || i), now(), now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
     FROM generate_series(1, ${DIAGRAMS}) AS i`,
    [ownerId, listed, Buffer.byteLength(listed), workspaceId],
  );
  // The featured listing: eight spotlighted diagrams and the designer.
  await db.query(
    `INSERT INTO community_spotlights (id, kind, diagram_id, created_by_id, updated_at)
     SELECT gen_random_uuid(), 'diagram', id, $1, now() FROM diagrams ORDER BY fuid LIMIT 8`,
    [ownerId],
  );
  await db.query(
    `INSERT INTO community_spotlights (id, kind, user_id, created_by_id, updated_at) VALUES (gen_random_uuid(), 'designer', $1, $1, now())`,
    [ownerId],
  );
  await db.query('ANALYZE');
  await db.end();

  const port = await freePort();
  // BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app during the run.
  app = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), path.join(appRoot, 'api/dist/main.js')],
    {
      cwd: appRoot,
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
    body: JSON.stringify({ email: 'load@example.test', password: 'load-pass-phrase' }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, 'x-client-id': 'bench', 'content-type': 'application/json' };
  const saved = chainDocument(SAVE_NODES);
  const mine = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const created = await (
      await fetch(`${base}/api/diagrams`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Save ${i}`, document: saved }),
      })
    ).json();
    mine.push({ fuid: created.content.diagram.fuid, version: created.content.diagram.version });
  }
  const get = (url) => fetch(url).then(async (r) => (await r.arrayBuffer(), r.status));
  const cpu = os.cpus();
  console.log(
    `Loopwright load benchmark — ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, Node ${process.version}, app ${appRoot}`,
  );
  console.log(
    `${DIAGRAMS.toLocaleString('en')} public diagrams; ${CONCURRENCY} concurrent clients on loopback from ${useWrk ? 'wrk (reads) and fetch (saves)' : "Node's fetch"}, ${SECONDS} s per phase (the load generator shares the machine)\n`,
  );
  for (let i = 0; i < (SMOKE ? 5 : 50); i++) await get(`${base}/community/see-all`);
  const results = [];
  const rss = { start: rssMb(app.pid) };
  if (PHASES.has('pages')) {
    results.push(await getPhase('see_all', 'see-all, page 1', base, '/community/see-all'));
    results.push(
      await getPhase(
        'see_all_random',
        'see-all, pages 1–50 at random',
        base,
        '/community/see-all?filter=diagrams&page={page}',
      ),
    );
  }
  if (PHASES.has('featured'))
    results.push(await getPhase('featured', 'featured listing (wp-json)', base, '/api/wp-json/community/featured'));
  rss.afterReads = rssMb(app.pid);
  if (PHASES.has('saves')) {
    let n = 0;
    results.push(
      await phase('saves', `diagram saves (autosave, ${SAVE_NODES} nodes)`, async (worker) => {
        const diagram = mine[worker];
        saved.nodes[1].start = ++n;
        const r = await fetch(`${base}/api/diagrams/${diagram.fuid}/document`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ baseVersion: diagram.version, document: saved }),
        });
        const json = await r.json();
        if (r.status === 200) diagram.version = json.content.version;
        return r.status;
      }),
    );
  }
  rss.afterSaves = rssMb(app.pid);
  await sleep(SETTLE_MS);
  rss.settled = rssMb(app.pid);
  console.log(
    `\napp RSS: ${rss.start} MB at the start, ${rss.afterReads} MB after the read phases, ${rss.afterSaves} MB after saves, ${rss.settled} MB ${SETTLE_MS / 1000} s later\n`,
  );
  for (const r of results) {
    console.log(`load.${r.key}.rps=${r.rps}`);
    console.log(`load.${r.key}.p50_ms=${r.p50.toFixed(1)}`);
    console.log(`load.${r.key}.p99_ms=${r.p99.toFixed(1)}`);
    console.log(`load.${r.key}.errors=${r.errors}`);
    console.log(`load.${r.key}.app_cpu_ms_per_req=${r.cpuPerRequest.toFixed(2)}`);
  }
  for (const [k, v] of Object.entries(rss)) console.log(`load.rss_${k}_mb=${v}`);
  console.log(`load.loadavg_1m=${os.loadavg()[0].toFixed(1)}`);
  failed = results.some((r) => r.errors > 0);
  if (failed) console.log('load: some requests failed (a 5xx or no answer)');
} finally {
  if (app) {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
  }
  await database.drop();
}
if (SMOKE && failed) process.exitCode = 1;
