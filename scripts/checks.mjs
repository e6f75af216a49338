import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, run } from './lib.mjs';

/**
 * Static checks that npm test runs beside the tests: Prettier's formatting, ESLint over the repository, the
 * TypeScript checks the build does not do (the web app and every test folder) and the module boundaries
 * (scripts/check-boundaries.mjs). Each is its own process, so they run side by side. Needs the Prisma
 * client generated (the build does that). `options` go to `run` (e.g. `holdOutput`).
 */
export const checks = {
  format: (options) => run('prettier', ['--check', '.', '--log-level', 'warn'], options),
  lint: (options) => run('eslint', ['.', '--max-warnings', '0'], options),
  'typecheck web': async (options) => {
    await run('react-router', ['typegen'], { cwd: path.join(root, 'web'), ...options });
    await run('tsc', ['--noEmit', '-p', 'web'], options);
  },
  'typecheck tests': (options) => run('tsc', ['-p', 'tsconfig.tests.json'], options),
  boundaries: (options) => run('node', [path.join(root, 'scripts/check-boundaries.mjs')], options),
};

/** Runs the named checks side by side; resolves with the ones that failed, each with its error. */
export async function checkFailures(names = Object.keys(checks), options = {}) {
  const results = await Promise.allSettled(names.map((name) => checks[name](options)));
  return names.flatMap((name, i) => (results[i].status === 'rejected' ? [{ name, error: results[i].reason }] : []));
}

/** Prints each failed check with its reason and, if it was held back, the tool's output. */
export function printCheckFailures(failures) {
  for (const { name, error } of failures)
    console.error(`check failed: ${name}: ${error?.message ?? ''}${error?.output ? `\n${error.output}` : ''}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const failures = await checkFailures(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
  printCheckFailures(failures);
  process.exit(failures.length ? 1 : 0);
}
