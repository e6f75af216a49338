import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prismaEnv, root, run } from './lib.mjs';

/** Prisma client → TypeScript projects (contracts, engine, api) → web app (client and SSR bundles). */
export async function build() {
  const started = Date.now();
  await run('prisma', ['generate'], { env: prismaEnv });
  await run('tsc', ['-b']);
  rmSync(path.join(root, 'web/build'), { recursive: true, force: true });
  await run('react-router', ['build'], { cwd: path.join(root, 'web') });
  console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
