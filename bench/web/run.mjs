// Website benchmark: compressed JavaScript of the home page's first load, and time to first byte
// of server-rendered pages under 20 concurrent readers. Runs the built app (`npm run build`) on
// a fresh database: DATABASE_URL (default: the local PostgreSQL at 127.0.0.1:5432) gets a
// throw-away database. Traffic stays on 127.0.0.1 and stops by itself.
//   node bench/web/run.mjs [--seconds 15] [--readers 20] [--think-ms 0]
// --think-ms: each reader pauses between pages, like a person reading (0: back-to-back, the worst case).
// PAGE_CACHE_SECONDS=0 measures rendering every request (no anonymous page cache).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { scratchDatabase } from '../support/scratch-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const seconds = option('--seconds', 15);
const readers = option('--readers', 20);
const thinkMs = option('--think-ms', 0);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const PAGES = [
  '/',
  '/pricing',
  '/docs',
  '/docs/your-first-diagram',
  '/articles',
  '/articles/why-game-economies-inflate',
  '/glossary',
  '/glossary/skill',
  '/learn',
  '/about',
];

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const database = await scratchDatabase(adminUrl);
const databaseUrl = database.url;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the app did not become ready');
    const ok = await fetch(`${base}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  // 1. First-load JavaScript of the home page: every script the HTML loads or preloads.
  const html = await (await fetch(`${base}/`)).text();
  const scripts = new Set(
    [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map(
      (m) => m[1],
    ),
  );
  for (const m of html.matchAll(/import\s*\(?\s*"([^"]+\.js)"/g)) scripts.add(m[1]);
  let raw = 0,
    gz = 0,
    br = 0;
  const files = [];
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    const size = { src, raw: body.length, br: brotliCompressSync(body).length };
    files.push(size);
    raw += size.raw;
    gz += gzipSync(body, { level: 9 }).length;
    br += size.br;
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `Home page first-load JavaScript: ${scripts.size} files, ${kb(raw)} raw, ${kb(gz)} gzip, ${kb(br)} brotli`,
  );
  // React, React DOM and React Router land in chunks Vite names after their own modules.
  const framework =
    /\/(entry\.client|components|errorBoundaries|lib|react-dom|jsx-runtime|rolldown-runtime|preload-helper)-[\w-]+\.js$/;
  const frameworkBr = files.filter((f) => framework.test(f.src)).reduce((sum, f) => sum + f.br, 0);
  console.log(
    `  of which React + React DOM + React Router: ${kb(frameworkBr)} brotli; Loopwright's own code: ${kb(br - frameworkBr)} brotli`,
  );
  for (const f of files.sort((a, b) => b.br - a.br)) console.log(`  ${kb(f.br).padStart(9)}  ${f.src}`);
  console.log(`  HTML document: ${kb(Buffer.byteLength(html))} raw, ${kb(gzipSync(html).length)} gzip\n`);

  // 2. Time to first byte with `readers` concurrent readers for `seconds`.
  for (const p of PAGES) await fetch(`${base}${p}`).then((r) => r.text()); // warm up
  const samples = new Map(PAGES.map((p) => [p, []]));
  let failures = 0;
  const stopAt = Date.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: readers }, async () => {
      while (Date.now() < stopAt) {
        const p = PAGES[next++ % PAGES.length];
        const started = performance.now();
        const response = await fetch(`${base}${p}`, { headers: { 'accept-encoding': 'gzip' } });
        const reader = response.body.getReader();
        await reader.read(); // first byte of the body
        samples.get(p).push(performance.now() - started);
        while (!(await reader.read()).done);
        if (response.status !== 200) failures++;
        if (thinkMs) await new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
      }
    }),
  );
  const pct = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
  const all = [...samples.values()].flat().sort((a, b) => a - b);
  const pageCache =
    process.env.PAGE_CACHE_SECONDS === '0'
      ? 'off, every page rendered'
      : `anonymous pages reused for ${process.env.PAGE_CACHE_SECONDS ?? 10} s`;
  console.log(
    `Time to first byte, ${readers} concurrent readers${thinkMs ? ` pausing ~${thinkMs} ms between pages` : ' back-to-back'}, ${seconds} s, ${all.length} requests (${(all.length / seconds).toFixed(0)}/s), ${failures} non-200; page cache ${pageCache}`,
  );
  console.log(`  ${'page'.padEnd(42)} p50      p95      p99`);
  for (const [p, list] of samples) {
    list.sort((a, b) => a - b);
    console.log(
      `  ${p.padEnd(42)} ${pct(list, 0.5).toFixed(1).padStart(6)} ms ${pct(list, 0.95).toFixed(1).padStart(6)} ms ${pct(list, 0.99).toFixed(1).padStart(6)} ms`,
    );
  }
  console.log(
    `  ${'all pages'.padEnd(42)} ${pct(all, 0.5).toFixed(1).padStart(6)} ms ${pct(all, 0.95).toFixed(1).padStart(6)} ms ${pct(all, 0.99).toFixed(1).padStart(6)} ms`,
  );
} finally {
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  await database.drop();
}
