// The editor benchmarks' setting: a throw-away database on DATABASE_URL's server (default the local
// PostgreSQL) with one confirmed user, the built app on a free port on 127.0.0.1, headless Chromium
// signed in with the cookie banner accepted. Everything stops and the database goes when `body` ends.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { generateDiagram } from '../engine/generate.mjs';
import { repoPaths } from '../../api/dist/core/paths.js';
import { applyMigrations } from '../../api/dist/core/prisma/migrations.js';
import { hashPassword } from '../../api/dist/modules/auth/passwords.js';
import { scratchDatabase } from '../support/scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** A generated diagram laid out on a grid (`columns` wide), every element named. */
export function laidOut(size, columns = 40) {
  const d = generateDiagram(size);
  d.nodes.forEach((n, i) =>
    Object.assign(n, { name: n.name || n.id, x: (i % columns) * 110, y: Math.floor(i / columns) * 110 }),
  );
  return d;
}

/** Runs `body({ base, browser, context, create, createLarge })`; `create(name, document)` saves a diagram and returns its fuid. */
export async function withEditorBench(body) {
  const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p) => p && existsSync(p),
  );
  if (!chromiumPath) throw new Error('Chromium not found (apt-get install -y chromium, or set CHROMIUM_PATH)');
  const database = await scratchDatabase(adminUrl, 'lw_bench_editor');
  const databaseUrl = database.url;
  let app, browser;
  try {
    await applyMigrations(databaseUrl, repoPaths.migrations);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      'INSERT INTO users (id, email, username, password_hash, email_confirmed_at, onboarded_at, updated_at) VALUES ($1, $2, $3, $4, now(), now(), now())',
      [crypto.randomUUID(), 'bench@example.test', 'bench', await hashPassword('bench-pass')],
    );
    await db.end();
    const port = await freePort();
    app = spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        APP_SECRET: randomBytes(32).toString('hex'),
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (i > 400) throw new Error('the app did not start');
      try {
        if ((await fetch(`${base}/api/health/ready`)).status === 200) break;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const headers = { 'X-Client-Id': 'loopwright-web' };
    if (
      (
        await context.request.post(`${base}/api/oauth2/login`, {
          headers,
          data: { email: 'bench@example.test', password: 'bench-pass' },
        })
      ).status() !== 200
    )
      throw new Error('login failed');
    const create = async (title, document) => {
      const response = await context.request.post(`${base}/api/diagrams`, { headers, data: { name: title, document } });
      if (response.status() !== 201)
        throw new Error(`saving "${title}" failed: ${response.status()} ${(await response.text()).slice(0, 300)}`);
      return (await response.json()).content.diagram.fuid;
    };
    // Beyond the product's 5,000-component limit (5,000 elements and their 7,000 connections): saved
    // small through the API, its document then written straight into the scratch database.
    const createLarge = async (title, document) => {
      const fuid = await create(title, { ...document, nodes: [], connections: [] });
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query('UPDATE diagrams SET document = $1 WHERE fuid = $2', [JSON.stringify(document), fuid]);
      await client.end();
      return fuid;
    };
    // Accept cookies once so the banner stays away. The tab stays open, as a designer's browser has
    // a window open when they open a diagram: with no tab left, Chromium tears its window's own UI
    // down and builds it again for the next new tab (the omnibox popup's WebUI, ~500 ms of CPU in
    // renderers of its own), which a real browser does not do on every open.
    const home = await context.newPage();
    await home.goto(`${base}/diagrams`);
    await home
      .getByRole('button', { name: 'Accept all' })
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await home.goto('about:blank');
    return await body({ base, browser, context, create, createLarge });
  } finally {
    await browser?.close();
    if (app && app.exitCode === null) {
      app.kill('SIGTERM');
      await new Promise((r) => app.once('exit', r));
    }
    await database.drop();
  }
}
