// Diagrams API benchmark: autosave latency, a 50-save conflict burst, reads under concurrent
// readers, thumbnail rendering (cold and cached) and a 10,000-run batch, against the built API
// (npm run build) on a fresh database. Needs PostgreSQL: BENCH_DATABASE_URL (an admin URL, default
// postgresql://postgres@127.0.0.1:5432/postgres); a database is created for the run and dropped after.
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { loadConfig } from '../../api/dist/config/config.js';
import { repoPaths } from '../../api/dist/core/paths.js';
import { applyMigrations } from '../../api/dist/core/prisma/migrations.js';
import { PrismaService } from '../../api/dist/core/prisma/prisma.service.js';
import { QueueService } from '../../api/dist/core/queue/queue.service.js';
import { hashPassword } from '../../api/dist/modules/auth/passwords.js';
import { createHttpApp } from '../../api/dist/server/http-app.js';
import { scratchDatabase } from '../support/scratch-database.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const database = await scratchDatabase(adminUrl);
const { name, url: databaseUrl } = database;

const q = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const ms = (x) => `${x.toFixed(1)} ms`;

let http;
try {
  await applyMigrations(databaseUrl, repoPaths.migrations);
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    LOG_LEVEL: 'silent',
    PORT: '0',
  });
  http = await createHttpApp(config, pino({ level: 'silent' }), 'none');
  await http.app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${http.app.getHttpServer().address().port}`;
  await http.app.get(PrismaService).user.create({
    data: {
      id: crypto.randomUUID(),
      email: 'bench@example.test',
      username: 'bench',
      passwordHash: await hashPassword('bench-pass'),
      emailConfirmedAt: new Date(),
    },
  });
  const login = await fetch(`${base}/api/oauth2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-id': 'bench' },
    body: JSON.stringify({ email: 'bench@example.test', password: 'bench-pass' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = async (method, path, body) => {
    const t0 = performance.now();
    const r = await fetch(`${base}/api${path}`, {
      method,
      headers: { cookie, 'x-client-id': 'bench', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined, ms: performance.now() - t0 };
  };
  const document = (i, size = 40) => ({
    settings: { stepsLimit: 100, seed: 1 },
    nodes: Array.from({ length: size }, (_, k) =>
      k % 2
        ? { id: `p${k}`, type: 'pool', name: `Pool ${k}`, x: (k % 10) * 120, y: Math.floor(k / 10) * 120, start: i }
        : {
            id: `s${k}`,
            type: 'source',
            name: `Src ${k}`,
            x: (k % 10) * 120,
            y: Math.floor(k / 10) * 120,
            activation: 'automatic',
          },
    ),
    connections: Array.from({ length: size / 2 }, (_, k) => ({
      id: `c${k}`,
      kind: 'resource',
      from: `s${2 * k}`,
      to: `p${2 * k + 1}`,
      formula: 'D6',
    })),
  });

  console.log(`Loopwright diagrams API benchmark — Node ${process.version}, in-process jobs, database ${name}\n`);
  const created = await call('POST', '/diagrams', { name: 'Bench', document: document(0) });
  const fuid = created.body.content.diagram.fuid;

  const saves = [];
  let version = 1;
  for (let i = 1; i <= 300; i++) {
    const r = await call('PUT', `/diagrams/${fuid}/document`, { baseVersion: version, document: document(i) });
    version = r.body.content.version;
    saves.push(r.ms);
  }
  console.log(
    `autosave, 40-node document, 300 in a row: p50 ${ms(q(saves, 50))}, p95 ${ms(q(saves, 95))}, max ${ms(Math.max(...saves))}; version ${version}`,
  );

  const t0 = performance.now();
  const burst = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      call('PUT', `/diagrams/${fuid}/document`, { baseVersion: version, document: document(1000 + i) }),
    ),
  );
  const won = burst.filter((r) => r.status === 200).length;
  console.log(
    `50 concurrent saves on version ${version}: ${won} won, ${burst.filter((r) => r.status === 409).length} × 409, all answered in ${ms(performance.now() - t0)}`,
  );

  const reads = [];
  const r0 = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let i = 0; i < 25; i++) reads.push((await call('GET', `/diagrams/${fuid}`)).ms);
    }),
  );
  console.log(
    `GET diagram, 20 concurrent readers × 25: p50 ${ms(q(reads, 50))}, p95 ${ms(q(reads, 95))}, ${(reads.length / ((performance.now() - r0) / 1000)).toFixed(0)} req/s`,
  );

  const thumb = async () => {
    const t = performance.now();
    const r = await fetch(`${base}/share-thumbnail/${fuid}/large/png`, { headers: { cookie } });
    const bytes = (await r.arrayBuffer()).byteLength;
    return { ms: performance.now() - t, bytes };
  };
  const cold = await thumb();
  const warm = [];
  for (let i = 0; i < 20; i++) warm.push((await thumb()).ms);
  console.log(
    `share thumbnail 1200×630: cold render ${ms(cold.ms)} (${(cold.bytes / 1024).toFixed(0)} KB), cached p50 ${ms(q(warm, 50))}`,
  );

  const b0 = performance.now();
  const batch = await call('POST', `/diagrams/${fuid}/batches`, { runs: 10_000 });
  await http.app.get(QueueService).drain();
  const play = await call('GET', `/diagrams/${fuid}/plays/${batch.body.content.play.id}`);
  console.log(
    `batch of 10,000 runs × 100 steps (40 nodes, in-process, 2 threads): ${play.body.content.play.status} in ${ms(performance.now() - b0)}`,
  );
} finally {
  await http?.close();
  await database.drop();
}
