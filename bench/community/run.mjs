// Community benchmark (loopback only, bounded in time): the community explore page and every
// see-all filter, server-rendered by the production build (`node api/dist/main.js`, npm run build
// first), over 10,000 public diagrams, 1,000 designers, 100,000 likes and 20,000 follows on a
// scratch database. Two kinds of reader: visitors (anonymous: the app's page cache applies, as in
// production, PAGE_CACHE_SECONDS default 10) and signed-in designers (never cached: every request
// renders with the reader's likes and follows). Prints req/s and p50/p95/p99 per page.
// BENCH_DATABASE_URL: an admin URL (default the local PostgreSQL); the database is dropped after.
// BENCH_SECONDS (default 8) per phase, BENCH_CONCURRENCY (default 32), DATABASE_POOL_SIZE (default 10).
// The load comes from wrk when it is installed (apt-get install wrk: a C client that leaves the app
// most of the second core), else from Node's fetch in this process (BENCH_CLIENT=fetch forces it).
// Both ask for gzip, as browsers do.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoPaths } from '../../api/dist/core/paths.js';
import { applyMigrations } from '../../api/dist/core/prisma/migrations.js';
import { hashPassword } from '../../api/dist/modules/auth/passwords.js';
import { scratchDatabase } from '../support/scratch-database.mjs';
import { runWrk, wrkAvailable } from '../support/wrk.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DESIGNERS = 1_000;
const DIAGRAMS = 10_000;
const LIKES = 100_000;
const FOLLOWS = 20_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const q = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const useWrk = wrkAvailable();
const ACCEPT_ENCODING = 'gzip, deflate, br';
const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

function report(result) {
  const verdict = result.rps >= 1000 && result.p99 <= 60 ? 'meets ≥1,000 req/s, p99 ≤60 ms' : 'below the target';
  console.log(
    `${result.name.padEnd(46)} ${String(result.rps).padStart(6)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p95 ${result.p95.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms   ${JSON.stringify(result.statuses)}  ${verdict}`,
  );
  return result;
}

/** `CONCURRENCY` connections from wrk for `SECONDS`; statuses are 200 or "failed" (non-2xx/3xx) and "errors" (socket). */
async function wrkPhase(name, base, pathTemplate, headers) {
  const r = await runWrk({
    base,
    pathTemplate,
    headers: { 'Accept-Encoding': ACCEPT_ENCODING, ...headers },
    concurrency: CONCURRENCY,
    seconds: SECONDS,
  });
  const statuses = {
    200: r.requests - r.failed - r.errors,
    ...(r.failed ? { failed: r.failed } : {}),
    ...(r.errors ? { 0: r.errors } : {}),
  };
  return report({ name, rps: r.rps, p50: r.p50, p95: r.p95, p99: r.p99, statuses });
}

/** `CONCURRENCY` loops calling `one()` for `SECONDS`; latency percentiles and throughput. */
async function phase(name, one) {
  const latencies = [];
  const statuses = new Map();
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const status = await one().catch(() => 0);
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return report({
    name,
    rps: Math.round(sorted.length / seconds),
    p50: q(sorted, 50),
    p95: q(sorted, 95),
    p99: q(sorted, 99),
    statuses: Object.fromEntries(statuses),
  });
}

const database = await scratchDatabase(adminUrl, 'communitybench');
let app;
try {
  await applyMigrations(database.url, repoPaths.migrations);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  db.on('error', () => undefined);
  const t0 = performance.now();
  const passwordHash = await hashPassword('bench-pass');
  // 1,000 designers (every tenth for hire), each with a personal workspace.
  await db.query(
    `INSERT INTO users (id, email, username, password_hash, email_confirmed_at, first_name, last_name, job_title, available_for_hire, last_login_at, created_at, updated_at)
     SELECT gen_random_uuid(), 'designer' || i || '@bench.test', 'designer' || lpad(i::text, 4, '0'), $1, now(), 'Designer', 'No. ' || i, 'Economy designer', i % 10 = 0,
            now() - (i || ' minutes')::interval, now() - (i || ' hours')::interval, now()
     FROM generate_series(1, ${DESIGNERS}) AS i`,
    [passwordHash],
  );
  await db.query(
    `INSERT INTO workspaces (id, kind, name, owner_id, personal_user_id, updated_at) SELECT gen_random_uuid(), 'personal', 'Personal', id, id, now() FROM users`,
  );
  await db.query(
    `INSERT INTO workspace_members (id, workspace_id, user_id, role, status, updated_at) SELECT gen_random_uuid(), w.id, w.owner_id, 'owner', 'active', now() FROM workspaces w`,
  );
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
  // 10,000 public diagrams, ten per designer.
  await db.query(
    `WITH owners AS (SELECT u.id, w.id AS workspace_id, row_number() OVER (ORDER BY u.username) - 1 AS n FROM users u JOIN workspaces w ON w.personal_user_id = u.id)
     INSERT INTO diagrams (id, fuid, name, name_key, description, owner_id, workspace_id, document, version, community, node_count, connection_count, component_count, size_bytes, file_token, saved_at, updated_at, created_at, view_count)
     SELECT gen_random_uuid(), 'bench' || lpad(i::text, 11, '0'), 'Economy ' || i, 'economy ' || i, 'A benchmark economy', o.id, o.workspace_id, $1::jsonb, 1, true, 2, 1, 3, $2::int, md5(random()::text || i),
            now(), now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval, (random() * 500)::int
     FROM generate_series(1, ${DIAGRAMS}) AS i JOIN owners o ON o.n = i % ${DESIGNERS}`,
    [document, Buffer.byteLength(document)],
  );
  // 100,000 likes (distinct designer × diagram pairs, skewed towards low diagram numbers) in the last 60 days; counters follow.
  await db.query(
    `WITH d AS (SELECT id, row_number() OVER (ORDER BY fuid) AS n FROM diagrams), u AS (SELECT id, row_number() OVER (ORDER BY username) AS n FROM users),
          pairs AS (SELECT DISTINCT ON (dn, un) dn, un FROM (SELECT 1 + floor(power(random(), 2) * ${DIAGRAMS})::int AS dn, 1 + floor(random() * ${DESIGNERS})::int AS un FROM generate_series(1, ${Math.round(LIKES * 1.2)})) r)
     INSERT INTO diagram_likes (diagram_id, user_id, created_at)
     SELECT d.id, u.id, now() - random() * interval '60 days' FROM (SELECT * FROM pairs LIMIT ${LIKES}) p JOIN d ON d.n = p.dn JOIN u ON u.n = p.un`,
  );
  await db.query(
    `UPDATE diagrams d SET like_count = c.n FROM (SELECT diagram_id, count(*)::int AS n FROM diagram_likes GROUP BY diagram_id) c WHERE c.diagram_id = d.id`,
  );
  await db.query(
    `WITH u AS (SELECT id, row_number() OVER (ORDER BY username) AS n FROM users),
          pairs AS (SELECT DISTINCT a, b FROM (SELECT 1 + floor(random() * ${DESIGNERS})::int AS a, 1 + floor(power(random(), 2) * ${DESIGNERS})::int AS b FROM generate_series(1, ${Math.round(FOLLOWS * 1.2)})) r WHERE a <> b)
     INSERT INTO user_follows (follower_id, followed_id, created_at) SELECT fa.id, fb.id, now() - random() * interval '60 days' FROM (SELECT * FROM pairs LIMIT ${FOLLOWS}) p JOIN u fa ON fa.n = p.a JOIN u fb ON fb.n = p.b`,
  );
  await db.query(
    `UPDATE users u SET follower_count = c.n FROM (SELECT followed_id, count(*)::int AS n FROM user_follows GROUP BY followed_id) c WHERE c.followed_id = u.id`,
  );
  await db.query(
    `UPDATE users u SET following_count = c.n FROM (SELECT follower_id, count(*)::int AS n FROM user_follows GROUP BY follower_id) c WHERE c.follower_id = u.id`,
  );
  await db.query(`UPDATE users SET view_count = (random() * 300)::int`);
  // 40 templates, a spotlight, tags on a tenth of the diagrams.
  await db.query(
    `INSERT INTO community_templates (diagram_id, template_type, published_at, updated_at) SELECT id, 'patterns', now() - (row_number() OVER (ORDER BY fuid) || ' hours')::interval, now() FROM diagrams ORDER BY fuid LIMIT 40`,
  );
  await db.query(
    `INSERT INTO community_spotlights (id, kind, diagram_id, updated_at) SELECT gen_random_uuid(), 'diagram', id, now() FROM diagrams ORDER BY like_count DESC LIMIT 6`,
  );
  await db.query(
    `INSERT INTO community_spotlights (id, kind, user_id, updated_at) SELECT gen_random_uuid(), 'designer', id, now() FROM users ORDER BY follower_count DESC LIMIT 4`,
  );
  await db.query(
    `WITH t AS (INSERT INTO tags (id, workspace_id, owner_id, name, name_key, text_color, background_color, updated_at)
                SELECT gen_random_uuid(), w.id, w.owner_id, tn.tag_name, lower(tn.tag_name), '#FFFFFF', '#5A55F4', now() FROM workspaces w, unnest(ARRAY['Sinks', 'Engines', 'Loot']) AS tn(tag_name) RETURNING id, workspace_id, name_key)
     INSERT INTO diagram_tags (diagram_id, tag_id) SELECT d.id, t.id FROM diagrams d JOIN t ON t.workspace_id = d.workspace_id AND t.name_key = (ARRAY['sinks', 'engines', 'loot'])[1 + abs(hashtext(d.fuid)) % 3] WHERE abs(hashtext(d.fuid)) % 10 = 0`,
  );
  await db.query('ANALYZE');
  const counts = (
    await db.query(
      `SELECT (SELECT count(*) FROM users) AS designers, (SELECT count(*) FROM diagrams WHERE community) AS diagrams, (SELECT count(*) FROM diagram_likes) AS likes, (SELECT count(*) FROM user_follows) AS follows`,
    )
  ).rows[0];
  await db.end();
  if (process.env.BENCH_DATA_ONLY) {
    console.log(`BENCH_DATA_ONLY: the data stays in ${database.url} (drop it yourself)`);
    process.exit(0);
  }
  console.log(
    `data: ${counts.designers} designers, ${counts.diagrams} public diagrams, ${counts.likes} likes, ${counts.follows} follows (written in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );

  const port = await freePort();
  app = spawn(process.execPath, [path.join(repoPaths.root, 'api/dist/main.js')], {
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
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'lw-community-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
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
  // The app computes this month's designers and diagrams of the month at start (in-process without Redis).
  for (let i = 0; i < 100; i++) {
    const html = await fetch(`${base}/community/see-all?filter=designersOfTheMonth&warm=${i}`).then((r) => r.text());
    if (!html.includes('No designers found')) break;
    await sleep(200);
  }
  const login = await fetch(`${base}/api/oauth2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-id': 'bench' },
    body: JSON.stringify({ email: 'designer7@bench.test', password: 'bench-pass' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`login failed: ${login.status}`);

  const page = (url, headers) =>
    fetch(url, { headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers } }).then(
      async (r) => (await r.arrayBuffer(), r.status),
    );
  const pathOf = (template) => template.replace('{page}', String(1 + Math.floor(Math.random() * 50)));
  // Before each phase, every page it asks for is asked for once by the same reader (all 50 of a paged list), as a running site has them.
  const everyPath = (template) =>
    template.includes('{page}')
      ? Array.from({ length: 50 }, (_, i) => template.replace('{page}', String(i + 1)))
      : [template];
  const run = async (name, template, headers = {}) => {
    for (const one of everyPath(template)) await page(`${base}${one}`, headers);
    return useWrk
      ? wrkPhase(name, base, template, headers)
      : phase(name, () => page(`${base}${pathOf(template)}`, headers));
  };
  const pages = [
    ['explore', '/community/explore'],
    ['see-all diagrams (Most Appreciated)', '/community/see-all'],
    ['see-all diagrams, Most Viewed, pages 1–50', '/community/see-all?filter=diagrams&sort=viewed&page={page}'],
    ['see-all diagrams, Most Recent', '/community/see-all?filter=diagrams&sort=recent'],
    ['see-all designers (Recently Active)', '/community/see-all?filter=designers'],
    ['see-all designers, Most Followed', '/community/see-all?filter=designers&sort=followed'],
    ['see-all designersForHire', '/community/see-all?filter=designersForHire'],
    ['see-all designersOfTheMonth', '/community/see-all?filter=designersOfTheMonth'],
    ['see-all newTemplates', '/community/see-all?filter=newTemplates'],
    ['see-all tags', '/community/see-all?filter=tags'],
  ];
  const cpu = os.cpus();
  console.log(
    `\nLoopwright community benchmark — ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, Node ${process.version}`,
  );
  console.log(
    `${CONCURRENCY} concurrent clients on loopback from ${useWrk ? 'wrk (one thread)' : "Node's fetch in the benchmark's process"}, ${SECONDS} s per phase; the load generator shares the machine.\n`,
  );

  const rss = rssMb(app.pid);
  // A freshly started process compiles its hot paths during its first seconds: 3 s of load on the explore page, not measured.
  if (useWrk)
    await new Promise((resolve) =>
      execFile(
        'wrk',
        ['-t1', `-c${CONCURRENCY}`, '-d3s', '-H', `Accept-Encoding: ${ACCEPT_ENCODING}`, `${base}/community/explore`],
        resolve,
      ),
    );
  else for (let i = 0; i < 300; i++) await page(`${base}/community/explore`);
  console.log(
    'Visitors (anonymous: server-rendered, through the page cache as in production; after 3 s of unmeasured load)',
  );
  for (const [name, p] of pages) await run(name, p);
  console.log(
    "\nSigned-in designers (explore and see-all are one page for every signed-in reader, through the page cache; each reader's likes and follows come from the social-state request below)",
  );
  for (const [name, p] of pages.filter(([n]) =>
    ['explore', 'see-all diagrams (Most Appreciated)', 'see-all designers (Recently Active)'].includes(n),
  )) {
    await run(`${name}, signed in`, p, { cookie });
  }
  // What the explore page asks for each signed-in reader after it loads: their likes of its diagrams and follows of its designers.
  const explore = await fetch(`${base}/community/explore`, { headers: { cookie } }).then((r) => r.text());
  const fuids = [
    ...new Set([...explore.matchAll(/\/community\/[^/"]+\/[a-z0-9-]*-([A-Za-z0-9]{16})[?"]/g)].map((m) => m[1])),
  ];
  const usernames = [...new Set([...explore.matchAll(/\/community\/(designer\d{4})\/profile"/g)].map((m) => m[1]))];
  await run(
    `social state (${fuids.length} diagrams, ${usernames.length} designers), signed in`,
    `/api/community/social-state?fuids=${fuids.join(',')}&usernames=${usernames.join(',')}`,
    { cookie, 'x-client-id': 'bench' },
  );
  console.log(
    `\napp RSS: ${rss} MB before the phases, ${rssMb(app.pid)} MB after; load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  if (app) {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
  }
  await database.drop();
}
