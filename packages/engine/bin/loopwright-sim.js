#!/usr/bin/env node
// The `loopwright-sim` command. npm links it at install time, before anything is built, so it runs
// the compiled CLI (dist/) and first compiles the engine (tsc, offline, a few seconds) when dist/
// is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(pkg, 'dist', 'cli', 'main.js');
// tsc -b rewrites only the outputs that changed, so the launcher stamps its own builds.
const stamp = join(pkg, 'dist', '.built');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '__tests__' || entry.name === '__fixtures__') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function stale() {
  if (!existsSync(main)) return true;
  const src = join(pkg, 'src');
  const built = Math.max(statSync(main).mtimeMs, existsSync(stamp) ? statSync(stamp).mtimeMs : 0);
  return existsSync(src) && newest(src) > built;
}

if (stale()) {
  let tsc;
  try {
    tsc = createRequire(join(pkg, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    process.stderr.write(
      'error: the engine is not built and TypeScript is missing: run `npm install` in the repository first\n',
    );
    process.exit(2);
  }
  process.stderr.write('loopwright-sim: building the engine (once)…\n');
  const r = spawnSync(process.execPath, [tsc, '-b', pkg], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) {
    process.stderr.write('error: building the engine failed (see above)\n');
    process.exit(2);
  }
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

await import(pathToFileURL(main).href);
