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
const argv = process.argv.slice(2);

// login, pull, push, mcp and `test|run --remote` talk to a server: they live in @loopwright/cli (with
// the API client and the MCP SDK), so the engine itself depends on nothing else of ours.
const REMOTE = new Set(['login', 'pull', 'push', 'mcp']);
const first = argv.find((a) => !a.startsWith('-'));
const remote = (first !== undefined && REMOTE.has(first)) || argv.includes('--remote');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '__tests__' || entry.name === '__fixtures__' || entry.name.endsWith('.test.ts')) continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** tsc -b rewrites only the outputs that changed, so the launcher stamps its own builds. */
function stale(dir, main, sources) {
  const stamp = join(dir, 'dist', '.built');
  if (!existsSync(main)) return true;
  const built = Math.max(statSync(main).mtimeMs, existsSync(stamp) ? statSync(stamp).mtimeMs : 0);
  return sources.some((src) => existsSync(src) && newest(src) > built);
}

function build(dir, what) {
  let tsc;
  try {
    tsc = createRequire(join(pkg, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    process.stderr.write(
      `error: ${what} is not built and TypeScript is missing: run \`npm install\` in the repository first\n`,
    );
    process.exit(2);
  }
  process.stderr.write(`loopwright-sim: building ${what} (once)…\n`);
  const r = spawnSync(process.execPath, [tsc, '-b', dir], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) {
    process.stderr.write(`error: building ${what} failed (see above)\n`);
    process.exit(2);
  }
  writeFileSync(join(dir, 'dist', '.built'), `${new Date().toISOString()}\n`);
}

if (remote) {
  let cli;
  try {
    cli = dirname(createRequire(join(pkg, 'package.json')).resolve('@loopwright/cli/package.json'));
  } catch {
    process.stderr.write('error: the remote commands need @loopwright/cli: `npm install @loopwright/cli`\n');
    process.exit(2);
  }
  const entry = join(cli, 'dist', 'index.js');
  // The client, the contracts it is built from and the engine (the options parser, the MCP tools'
  // checks) are compiled by the same tsc -b.
  const sources = ['cli', 'client', 'contracts', 'engine'].map((name) => join(cli, '..', name, 'src'));
  if (stale(cli, entry, sources)) build(cli, 'the remote commands');
  const { runRemote } = await import(pathToFileURL(entry).href);
  process.exitCode = await runRemote(argv);
} else {
  const main = join(pkg, 'dist', 'cli', 'main.js');
  if (stale(pkg, main, [join(pkg, 'src')])) build(pkg, 'the engine');
  await import(pathToFileURL(main).href);
}
