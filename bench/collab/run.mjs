// Live co-editing benchmark: N headless editors (HocuspocusProvider over ws, not browsers) edit one
// 1,000-element diagram through the real built app (node api/dist/main.js, its own process), each
// making 5 edits a second; halfway the app gets SIGTERM and is started again, and the editors
// reconnect by themselves. Prints name=value lines:
//   collab.editors, collab.p95_ms (an edit to a peer's Y.Doc, steady state), collab.lost_edits
//   (after the restart, read by a fresh client and from the JSON document), collab.mb_per_diagram
//   (server memory per open 1,000-element diagram: the app's heap and external memory after a full
//   garbage collection, read through its inspector; collab.mb_per_diagram_rss is the older figure, the
//   growth of its resident memory without a collection), and a 5,000-element run.
//   COLLAB_PHASES=session,memory,big runs only some (default all); COLLAB_HEAP_SNAPSHOTS=DIR writes
//   the app's heap before and after the diagrams open (compare them in Chromium's DevTools).
// Needs the build (npm run build), PostgreSQL (BENCH_DATABASE_URL, an admin URL) and Redis
// (REDIS_URL, default redis://127.0.0.1:6379; the Hocuspocus Redis extension is on, as in production).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { COLLAB_PATH, readDocument, rootsOf } from '@loopwright/collab';
import pg from 'pg';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { repoPaths } from '../../api/dist/core/paths.js';
import { applyMigrations } from '../../api/dist/core/prisma/migrations.js';
import { hashPassword } from '../../api/dist/modules/auth/passwords.js';
import { connectInspector, inspectorUrlIn } from '../support/inspector.mjs';
import { insertPersonalWorkspace } from '../support/personal-workspace.mjs';
import { scratchDatabase } from '../support/scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EDITORS = Number(process.env.COLLAB_EDITORS ?? 10);
const EDITS_PER_SECOND = Number(process.env.COLLAB_RATE ?? 5);
const SECONDS = Number(process.env.COLLAB_SECONDS ?? 20);
const MEMORY_DIAGRAMS = Number(process.env.COLLAB_MEMORY_DIAGRAMS ?? 10);
const PHASES = new Set((process.env.COLLAB_PHASES ?? 'session,memory,big').split(','));
const HEAP_SNAPSHOTS = process.env.COLLAB_HEAP_SNAPSHOTS;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const print = (name, value) => console.log(`${name}=${value}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const q = (values, p) =>
  values.length
    ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
    : NaN;
async function until(what, probe, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await sleep(50);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The built app in its own process, started again on the same port and secret after a restart. */
function startApp(env) {
  // The inspector (loopback, a free port) lets the memory figure collect garbage in the app first.
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', path.join(root, 'api/dist/main.js')], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let inspectorUrl = null;
  child.stdout.on('data', (d) => (output = (output + d).slice(-4000)));
  child.stderr.on('data', (d) => {
    output = (output + d).slice(-4000);
    inspectorUrl ??= inspectorUrlIn(output);
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output, inspectorUrl: () => inspectorUrl };
}

async function ready(url, app) {
  await until(
    'app ready',
    async () => {
      if (app.child.exitCode !== null) throw new Error(`app exited:\n${app.output()}`);
      return (await fetch(`${url}/api/health/ready`).catch(() => null))?.status === 200;
    },
    120_000,
  );
}

const MB = 1024 * 1024;

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

function documentOf(elements) {
  const nodes = Array.from({ length: elements / 2 }, (_, i) => ({
    id: `n${i}`,
    type: 'pool',
    name: `Pool ${i}`,
    x: (i % 25) * 120,
    y: Math.floor(i / 25) * 120,
    start: 1,
  }));
  const connections = nodes.map((n, i) => ({
    id: `c${i}`,
    kind: 'resource',
    from: n.id,
    to: nodes[(i + 1) % nodes.length].id,
    formula: '1',
  }));
  return { version: 1, settings: { stepsLimit: 50 }, nodes, connections, variables: [] };
}

function liveClient(wsUrl, fuid, cookie) {
  class CookieWebSocket extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols, { headers: { cookie } });
    }
  }
  const doc = new Y.Doc();
  let synced;
  const firstSync = new Promise((resolve) => (synced = resolve));
  const provider = new HocuspocusProvider({
    url: wsUrl,
    name: fuid,
    document: doc,
    token: 'session',
    WebSocketPolyfill: CookieWebSocket,
    delay: 200,
    minDelay: 200,
    factor: 1.5,
    maxDelay: 1500,
    onSynced: () => synced(),
  });
  return { doc, provider, firstSync };
}

const database = await scratchDatabase(adminUrl, 'lw_bench_collab');
let app;
const clients = [];
try {
  await applyMigrations(database.url, repoPaths.migrations);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}${COLLAB_PATH}`;
  const env = {
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench-collab-${randomBytes(3).toString('hex')}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lw-bench-collab-')),
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_TOKEN: randomBytes(16).toString('hex'),
  };
  app = startApp(env);
  await ready(base, app);

  // People: an owner and the editors it shares with.
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const passwordHash = await hashPassword('bench-pass');
  const people = [];
  for (let i = 0; i < EDITORS; i++) {
    const id = randomUUID();
    const email = `editor-${i}-${id.slice(0, 6)}@example.test`;
    await db.query(
      'INSERT INTO users (id, email, username, password_hash, email_confirmed_at, updated_at) VALUES ($1, $2, $3, $4, now(), now())',
      [id, email, `editor${i}${id.slice(0, 6)}`, passwordHash],
    );
    await insertPersonalWorkspace(db, id);
    const login = await fetch(`${base}/api/oauth2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': 'bench' },
      body: JSON.stringify({ email, password: 'bench-pass' }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    people.push({ id, email, cookie });
  }
  await db.end();
  const owner = people[0];
  const call = async (method, p, body) => {
    const response = await fetch(`${base}/api${p}`, {
      method,
      headers: {
        cookie: owner.cookie,
        'x-client-id': 'bench',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json().catch(() => null);
    if (response.status >= 300) throw new Error(`${method} ${p}: ${response.status} ${JSON.stringify(json)}`);
    return json.content;
  };
  const createDiagram = async (elements, shared) => {
    const { diagram } = await call('POST', '/diagrams', { name: `Bench ${elements}`, document: documentOf(elements) });
    if (shared)
      for (const person of people.slice(1))
        await call('POST', `/diagrams/${diagram.fuid}/shares`, { email: person.email, role: 'editor' });
    return diagram.fuid;
  };

  /** EDITORS clients edit their own nodes' names EDITS_PER_SECOND times a second; latency = edit to each peer's Y.Doc. */
  async function session(fuid, seconds, restartAt) {
    const latencies = [];
    const acrossRestart = [];
    const sent = new Map();
    const last = new Map();
    let restarting = null;
    let restartEnded = null;
    const local = new Set();
    const editors = people.map((person, index) => {
      const client = liveClient(wsUrl, fuid, person.cookie);
      clients.push(client);
      rootsOf(client.doc).nodes.observeDeep((events, transaction) => {
        if (transaction.origin === local) return;
        const now = performance.now();
        for (const event of events) {
          if (!(event.target instanceof Y.Map) || !event.keysChanged?.has('name')) continue;
          const at = sent.get(event.target.get('name'));
          if (at === undefined || at.editor === index) continue;
          (restarting || at.t < (restartEnded ?? 0) ? acrossRestart : latencies).push(now - at.t);
        }
      });
      return { client, index };
    });
    await Promise.all(editors.map((e) => e.client.firstSync));
    const nodeCount = readDocument(editors[0].client.doc).nodes.length;
    let seq = 0;
    const timers = editors.map(({ client, index }) =>
      setInterval(() => {
        const mine = Math.floor(nodeCount / EDITORS);
        const node = `n${index + EDITORS * Math.floor(Math.random() * mine)}`;
        const value = `e${index}s${seq++}`;
        sent.set(value, { t: performance.now(), editor: index });
        last.set(node, value);
        client.doc.transact(() => rootsOf(client.doc).nodes.get(node).set('name', value), local);
      }, 1000 / EDITS_PER_SECOND),
    );
    const started = Date.now();
    let restart = null;
    if (restartAt !== null) {
      await sleep(restartAt * 1000);
      restarting = Date.now();
      const t0 = Date.now();
      app.child.kill('SIGTERM');
      const code = await app.exited;
      const stopMs = Date.now() - t0;
      app = startApp(env);
      await ready(base, app);
      restart = { code, stopMs, downMs: Date.now() - t0 };
      await until('editors back', () => editors.every((e) => e.client.provider.isSynced), 60_000);
      restart.reconnectedMs = Date.now() - t0;
      restarting = null;
      restartEnded = performance.now() + 1000;
    }
    await sleep(Math.max(0, seconds * 1000 - (Date.now() - started)));
    timers.forEach(clearInterval);
    await until(
      'every edit acknowledged',
      () => editors.every((e) => e.client.provider.isSynced && !e.client.provider.hasUnsyncedChanges),
      60_000,
    );
    // A fresh client reads the server's document: every node carries its editor's last value.
    const fresh = liveClient(wsUrl, fuid, owner.cookie);
    clients.push(fresh);
    await fresh.firstSync;
    const lostLive = [...last].filter(
      ([node, value]) => rootsOf(fresh.doc).nodes.get(node)?.get('name') !== value,
    ).length;
    for (const client of [...editors.map((e) => e.client), fresh]) client.provider.destroy();
    // The JSON document follows (debounced), through the diagrams module's save path.
    let lostJson = last.size;
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const { diagram } = await call('GET', `/diagrams/${fuid}`);
      const names = new Map(diagram.document.nodes.map((n) => [n.id, n.name]));
      lostJson = [...last].filter(([node, value]) => names.get(node) !== value).length;
      if (lostJson === 0) break;
      await sleep(500);
    }
    return { latencies, acrossRestart, edits: seq, lostLive, lostJson, restart, nodeCount };
  }

  const loadAverage = () =>
    print(
      'collab.load_average',
      loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    );

  if (PHASES.has('session')) {
    const fuid = await createDiagram(1000, true);
    const main = await session(fuid, SECONDS, SECONDS / 2);
    print('collab.editors', EDITORS);
    print('collab.edits_per_editor_per_s', EDITS_PER_SECOND);
    print('collab.elements', 1000);
    print('collab.edits', main.edits);
    print('collab.p50_ms', q(main.latencies, 50).toFixed(1));
    print('collab.p95_ms', q(main.latencies, 95).toFixed(1));
    print('collab.p99_ms', q(main.latencies, 99).toFixed(1));
    print('collab.p95_ms_across_restart', q(main.acrossRestart, 95).toFixed(1));
    print('collab.restart_exit_code', main.restart.code);
    print('collab.restart_stop_ms', main.restart.stopMs);
    print('collab.restart_down_ms', main.restart.downMs);
    print('collab.restart_reconnected_ms', main.restart.reconnectedMs);
    print('collab.lost_edits', main.lostLive + main.lostJson);
    print('collab.lost_edits_live', main.lostLive);
    print('collab.lost_edits_json', main.lostJson);
    loadAverage();
  }

  if (PHASES.has('memory')) {
    // Server memory per open diagram: MEMORY_DIAGRAMS more 1,000-element diagrams opened (one editor
    // each), and the app's heap and external memory after a full garbage collection, before and after
    // (the JavaScript objects and buffers it holds for them). Twice: at their first opening (the live
    // document built from the JSON) and again after everyone left (loaded from the stored Yjs state,
    // as most openings are); collab.mb_per_diagram is the larger. The older figure beside it, the
    // growth of the resident memory at the first opening without a collection, also counts garbage not
    // yet collected and heap pages V8 keeps after the opening's burst of allocations.
    const inspectorUrl = app.inspectorUrl();
    if (!inspectorUrl) throw new Error(`no inspector address in the app's output:\n${app.output()}`);
    const inspector = await connectInspector(inspectorUrl);
    const held = (memory) => memory.heapUsed + memory.external;
    const openDocuments = async () => {
      const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } });
      return Number(/loopwright_live_documents\{role="app"\} (\d+)/.exec(await response.text())?.[1]);
    };
    await sleep(1500);
    const fuids = [];
    for (let i = 0; i < MEMORY_DIAGRAMS; i++) fuids.push(await createDiagram(1000, false));
    await sleep(500);
    const openedBefore = await openDocuments();
    const measure = async (snapshots) => {
      const rssBefore = rssMb(app.child.pid);
      const before = await inspector.memoryAfterGc();
      if (snapshots)
        await inspector.heapSnapshot(path.resolve(HEAP_SNAPSHOTS, `collab-${snapshots}-before.heapsnapshot`));
      const memoryClients = fuids.map((f) => liveClient(wsUrl, f, owner.cookie));
      clients.push(...memoryClients);
      await Promise.all(memoryClients.map((c) => c.firstSync));
      await sleep(1000);
      const rssAfter = rssMb(app.child.pid);
      const after = await inspector.memoryAfterGc();
      if (snapshots)
        await inspector.heapSnapshot(path.resolve(HEAP_SNAPSHOTS, `collab-${snapshots}-after.heapsnapshot`));
      const ydocKb = Y.encodeStateAsUpdate(memoryClients[0].doc).length / 1024;
      for (const c of memoryClients) c.provider.destroy();
      await until('the diagrams leave memory', async () => (await openDocuments()) === openedBefore, 30_000);
      const perDiagram = (bytes) => (bytes / MB / MEMORY_DIAGRAMS).toFixed(2);
      return {
        held: perDiagram(held(after) - held(before)),
        heap: perDiagram(after.heapUsed - before.heapUsed),
        external: perDiagram(after.external - before.external),
        rss: ((rssAfter - rssBefore) / MEMORY_DIAGRAMS).toFixed(2),
        rssAfterGc: perDiagram(after.rss - before.rss),
        ydocKb: ydocKb.toFixed(1),
      };
    };
    const first = await measure(HEAP_SNAPSHOTS && 'first');
    const again = await measure(HEAP_SNAPSHOTS && 'again');
    print('collab.mb_per_diagram', Math.max(Number(first.held), Number(again.held)).toFixed(2));
    print('collab.mb_per_diagram_first_open', first.held);
    print('collab.mb_per_diagram_reopened', again.held);
    print('collab.mb_per_diagram_heap_first_open', first.heap);
    print('collab.mb_per_diagram_heap_reopened', again.heap);
    print('collab.mb_per_diagram_external_reopened', again.external);
    print('collab.mb_per_diagram_rss', first.rss);
    print('collab.mb_per_diagram_rss_after_gc', first.rssAfterGc);
    print('collab.mb_per_diagram_rss_reopened', again.rss);
    print('collab.ydoc_kb', first.ydocKb);
    inspector.close();
    loadAverage();
  }

  if (PHASES.has('big')) {
    // A 5,000-element diagram: opening it, and the same editing load for a shorter while.
    const big = await createDiagram(5000, true);
    const t0 = performance.now();
    const opener = liveClient(wsUrl, big, owner.cookie);
    clients.push(opener);
    await opener.firstSync;
    print('collab.open_5000_ms', (performance.now() - t0).toFixed(0));
    opener.provider.destroy();
    const bigRun = await session(big, Math.max(6, SECONDS / 2), null);
    print('collab.p95_ms_5000', q(bigRun.latencies, 95).toFixed(1));
    print('collab.lost_edits_5000', bigRun.lostLive + bigRun.lostJson);
    loadAverage();
  }
} finally {
  for (const client of clients) client.provider.destroy();
  if (app && app.child.exitCode === null) {
    app.child.kill('SIGTERM');
    await Promise.race([app.exited, sleep(20_000)]);
    if (app.child.exitCode === null) app.child.kill('SIGKILL');
  }
  await database.drop();
}
