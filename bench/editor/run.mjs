// Editor benchmark in headless Chromium against the built app (`npm run build`):
//  - a 1,000-element diagram: time to open (navigation to nodes on the canvas), frame times while
//    panning and while dragging an element (requestAnimationFrame deltas), fit-to-view and zoomed in;
//  - a 100-element diagram: time from pressing "Multiple runs" (1,000 runs × 100 steps, Web
//    Worker pool) to the chart drawn, and from pressing "Quick run" to the chart of the run.
// A throw-away database on DATABASE_URL's server (default the local PostgreSQL). Traffic stays on
// 127.0.0.1 and stops by itself.   node bench/editor/run.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { loadavg } from 'node:os';
import { generateDiagram } from '../engine/generate.mjs';
import { runBatch } from '../../packages/engine/dist/index.js';
import { repoPaths } from '../../api/dist/core/paths.js';
import { applyMigrations } from '../../api/dist/core/prisma/migrations.js';
import { hashPassword } from '../../api/dist/modules/auth/passwords.js';
import { frameStats, measureFrames, paneSpot } from './frames.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!chromiumPath) throw new Error('Chromium not found (apt-get install -y chromium, or set CHROMIUM_PATH)');

const freePort = () => new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});

/** A generated diagram laid out on a grid, every element named. */
function laidOut(size) {
  const d = generateDiagram(size);
  d.nodes.forEach((n, i) => Object.assign(n, { name: n.name || n.id, x: (i % 40) * 110, y: Math.floor(i / 40) * 110 }));
  return d;
}

const name = `lw_bench_editor_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
// (one query at a time on the admin client)
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
let app, browser;
try {
  await applyMigrations(databaseUrl, repoPaths.migrations);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('INSERT INTO users (id, email, username, password_hash, email_confirmed_at, onboarded_at, updated_at) VALUES ($1, $2, $3, $4, now(), now(), now())',
    [crypto.randomUUID(), 'bench@example.test', 'bench', await hashPassword('bench-pass')]);
  await db.end();
  const port = await freePort();
  app = spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
    cwd: root, stdio: ['ignore', 'ignore', 'inherit'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 400) throw new Error('the app did not start');
    try { if ((await fetch(`${base}/api/health/ready`)).status === 200) break; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 150));
  }
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const headers = { 'X-Client-Id': 'loopwright-web' };
  if ((await context.request.post(`${base}/api/oauth2/login`, { headers, data: { email: 'bench@example.test', password: 'bench-pass' } })).status() !== 200) throw new Error('login failed');
  const create = async (title, document) => (await (await context.request.post(`${base}/api/diagrams`, { headers, data: { name: title, document } })).json()).content.diagram.fuid;
  // Accept cookies once so the banner stays away.
  const warm = await context.newPage();
  await warm.goto(`${base}/diagrams`);
  await warm.getByRole('button', { name: 'Accept all' }).click({ timeout: 10_000 }).catch(() => undefined);
  await warm.close();

  const big = laidOut(1000);
  const bigFuid = await create('Bench 1000', big);
  console.log(`Loopwright editor benchmark — Chromium headless, ${big.nodes.length} elements and ${big.connections.length} connections; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);

  const opens = [];
  let page;
  for (let i = 0; i < 3; i++) {
    page?.close();
    page = await context.newPage();
    await page.goto(`${base}/diagrams/${bigFuid}`);
    // In the page, from navigation start: the elements in view (the editor opens a big diagram at
    // half size) and their connections drawn and unchanged for three frames, then the next frame painted.
    const drawn = await page.waitForFunction(() => {
      const w = window;
      const nodes = document.querySelectorAll('.react-flow__node').length;
      const edges = document.querySelectorAll('.react-flow__edge').length;
      if (w.__drawnAt === undefined && nodes > 50 && edges > 50) {
        const key = `${nodes}/${edges}`;
        w.__stable = w.__key === key ? (w.__stable ?? 0) + 1 : 0;
        w.__key = key;
        if (w.__stable === 0) w.__firstAt = performance.now();
        if (w.__stable >= 3) {
          w.__drawnAt = w.__firstAt;
          requestAnimationFrame(() => setTimeout(() => { w.__paintedAt = performance.now(); }));
        }
      }
      const at = (part) => performance.getEntriesByType('resource').find((r) => r.name.includes(part))?.responseEnd ?? 0;
      return w.__paintedAt && { drawn: w.__drawnAt, painted: w.__paintedAt, nodes, edges, editorCode: at('editor-page'), diagram: at('/api/diagrams/'), user: at('/api/oauth2/userinfo') };
    }, null, { timeout: 60_000, polling: 'raf' });
    opens.push(await drawn.jsonValue());
  }
  console.log(`open, from navigation start (3 loads): ${opens[0].nodes} elements in view and ${opens[0].edges} connections drawn at ${opens.map((o) => `${Math.round(o.drawn)} ms`).join(', ')}; next frame painted ${opens.map((o) => `${Math.round(o.painted)} ms`).join(', ')} (editor code loaded at ${opens.map((o) => `${Math.round(o.editorCode)} ms`).join(', ')}; diagram at ${opens.map((o) => `${Math.round(o.diagram)} ms`).join(', ')}; session at ${opens.map((o) => `${Math.round(o.user)} ms`).join(', ')})`);
  const zoomedSpot = await paneSpot(page);
  const report = (label, deltas) => {
    const s = frameStats(deltas);
    console.log(`${label.padEnd(34)} frames ${String(s.frames).padStart(4)}  mean ${s.mean.toFixed(1)} ms (${(1000 / s.mean).toFixed(0)} fps)  p50 ${s.p50.toFixed(1)}  p95 ${s.p95.toFixed(1)}  max ${s.max.toFixed(1)} ms  over 20 ms: ${s.slow}`);
  };
  report('pan, as opened (elements mount)', await measureFrames(page, zoomedSpot, { dx: -500, dy: -200 }));
  const inView = await page.locator('.react-flow__node').nth(0).boundingBox();
  if (inView) report('drag an element, as opened', await measureFrames(page, { x: inView.x + inView.width / 2, y: inView.y + inView.height / 2 }, { dx: 160, dy: 60 }));
  // Fit: all 1,000 elements and every connection in view.
  const fitAt = await page.evaluate(() => new Promise((resolve) => {
    const t0 = performance.now();
    document.querySelector('[aria-label="Fit the diagram"]').click();
    const check = () => (document.querySelectorAll('.react-flow__node').length >= 1000 && document.querySelectorAll('.react-flow__edge').length >= 1300
      ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  }));
  console.log(`fit (all 1,000 elements and 1,399 connections drawn): ${Math.round(fitAt)} ms`);
  await page.waitForTimeout(500);
  const spot = await paneSpot(page);
  report('pan, all 1,000 in view', await measureFrames(page, spot, { dx: 300, dy: 120 }));
  const nodeBox = await page.locator('.react-flow__node').nth(500).boundingBox();
  report('drag an element, all in view', await measureFrames(page, { x: nodeBox.x + nodeBox.width / 2, y: nodeBox.y + nodeBox.height / 2 }, { dx: 200, dy: 80 }));
  await page.close();

  const mid = laidOut(100);
  mid.settings.stepsLimit = 100;
  const midFuid = await create('Bench 100', mid);
  const p2 = await context.newPage();
  await p2.goto(`${base}/diagrams/${midFuid}`);
  await p2.getByTestId('editor').waitFor({ timeout: 60_000 });
  console.log(`\n${mid.nodes.length}-element diagram, ${mid.connections.length} connections, 100 steps:`);
  await p2.getByLabel('Runs', { exact: true }).fill('1000');
  await p2.getByLabel('Where to run').selectOption('browser');
  for (let i = 0; i < 3; i++) {
    const ms = await p2.evaluate(() => new Promise((resolve) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Multiple runs');
      const t0 = performance.now();
      const check = () => {
        const caption = document.querySelector('.chart-panel__caption')?.textContent ?? '';
        if (caption.includes('1000 of 1000 runs') && document.querySelector('[data-testid="chart-canvas"] canvas')) resolve(performance.now() - t0);
        else requestAnimationFrame(check);
      };
      button.click();
      requestAnimationFrame(check);
    }));
    console.log(`  1,000 runs × 100 steps, press → chart drawn: ${ms.toFixed(0)} ms`);
    await p2.waitForTimeout(500);
  }
  const quick = await p2.evaluate(() => new Promise((resolve) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === '▶ Quick run');
    const t0 = performance.now();
    const check = () => (document.querySelector('.run-toolbar__step') ? resolve(performance.now() - t0) : requestAnimationFrame(check));
    button.click();
    requestAnimationFrame(check);
  }));
  console.log(`  quick run (100 steps with the event log), press → playback ready: ${quick.toFixed(0)} ms`);
  // Control: the engine alone on this machine right now (Node, one thread), same diagram and batch.
  const t0 = performance.now();
  await runBatch(mid, { runs: 1000, steps: 100, seed: 0 });
  console.log(`  control: the engine alone, 1,000 × 100 in Node on one thread: ${(performance.now() - t0).toFixed(0)} ms (load average ${loadavg()[0].toFixed(1)})`);
} finally {
  await browser?.close();
  if (app && app.exitCode === null) {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
