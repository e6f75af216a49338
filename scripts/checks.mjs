import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBoundaries } from './check-boundaries.mjs';
import { root, run } from './lib.mjs';

/**
 * Static checks that npm test runs before the tests: Prettier's formatting, ESLint over the repository, the TypeScript
 * checks the build does not do (the web app and every test folder) and the module boundaries
 * (.dependency-cruiser.cjs, no moduleRef lookups). Returns the
 * names of the checks that failed. Needs the Prisma client generated (the build does that).
 */
export const checks = {
  format: () => run('prettier', ['--check', '.', '--log-level', 'warn']),
  lint: () => run('eslint', ['.', '--max-warnings', '0']),
  'typecheck web': async () => {
    await run('react-router', ['typegen'], { cwd: path.join(root, 'web') });
    await run('tsc', ['--noEmit', '-p', 'web']);
  },
  'typecheck tests': () => run('tsc', ['-p', 'tsconfig.tests.json']),
  boundaries: async () => {
    const problems = checkBoundaries();
    if (problems.length) throw new Error(`module boundaries broken:\n${problems.join('\n')}`);
  },
};

export async function runChecks(names = Object.keys(checks)) {
  const results = await Promise.allSettled(names.map((name) => checks[name]()));
  const failed = names.filter((_, i) => results[i].status === 'rejected');
  failed.forEach((name) =>
    console.error(`check failed: ${name}: ${results[names.indexOf(name)].reason?.message ?? ''}`),
  );
  return failed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const failed = await runChecks(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
  process.exit(failed.length ? 1 : 0);
}
