import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A few seconds of `npm run bench:load` (BENCH_SMOKE=1: 200 diagrams, 4 clients, 2 s per phase)
 * against the built app, so a change that breaks the loaded paths (see-all pages, the featured
 * listing, 40-node saves) with an error or a 5xx fails the tests. The full benchmark stays outside.
 */
it('the load benchmark in smoke mode answers every request without an error or a 5xx', async () => {
  const child = spawn(process.execPath, [path.join(root, 'bench/load/run.mjs')], {
    cwd: root,
    env: { ...process.env, BENCH_SMOKE: '1', BENCH_DATABASE_URL: inject('databaseAdminUrl') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const figures = Object.fromEntries(
    [...output.matchAll(/^(load\.[\w.]+)=(\S+)$/gm)].map(([, name, value]) => [name, Number(value)]),
  );
  expect(code, output).toBe(0);
  for (const phase of ['see_all', 'see_all_random', 'featured', 'saves']) {
    expect(figures[`load.${phase}.rps`], `${phase} ran\n${output}`).toBeGreaterThan(0);
    expect(figures[`load.${phase}.errors`], `${phase} errors\n${output}`).toBe(0);
  }
}, 180_000);
