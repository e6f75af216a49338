import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prismaEnv, root, run } from './lib.mjs';

/**
 * Prisma client → TypeScript projects (contracts, engine, api) → web app (client and SSR bundles).
 * `quiet`: one progress line per step instead of the tools' own output (shown only when a step fails).
 */
export async function build({ quiet = false } = {}) {
  const started = Date.now();
  const steps = [
    ['database client', () => run('prisma', ['generate'], { env: prismaEnv, quiet })],
    ['server', () => run('tsc', ['-b'], { quiet })],
    [
      'web app',
      () => {
        rmSync(path.join(root, 'web/build'), { recursive: true, force: true });
        return run('react-router', ['build'], { cwd: path.join(root, 'web'), quiet });
      },
    ],
  ];
  for (const [index, [label, step]] of steps.entries()) {
    if (quiet) console.log(`  ${index + 1}/${steps.length} ${label}…`);
    await step();
  }
  console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
