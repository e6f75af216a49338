import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';
import { checkFailures, printCheckFailures } from './checks.mjs';
import { root } from './lib.mjs';

// npm test: build (browser tests drive the built app), then every vitest project with the static checks
// (lint, typecheck, format, boundaries) running beside it, then the closing line CI reads:
// "N passed, N failed, N flaky" (a failed check counts as a failure; a flaky test passed, but only on a
// retry, and is named above the line).
// Extra arguments go to vitest (e.g. --project api-int); --no-build and --no-checks skip those steps.
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const vitestArgs = args.filter((a) => a !== '--no-build' && a !== '--no-checks');
// A run of one project or of chosen test files skips the static checks; CI's `npm test` starts with them.
const choosesFiles = vitestArgs.some((a) => /\.(ts|tsx|mjs)$/.test(a) || a.includes('/'));
const skipChecks = args.includes('--no-checks') || args.includes('--project') || choosesFiles;
// Every Node process of the run (Vitest's workers, the apps the browser tests start, npm, tsc, ESLint)
// reuses the bytecode an earlier one compiled instead of compiling the same modules again.
process.env.NODE_COMPILE_CACHE ??= path.join(root, 'node_modules/.cache/node-compile-cache');
if (!skipBuild) await build();
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
let checksTook = '';
// The checks take the cores while the tests wait on databases, servers and browsers. Their output is held
// back until the tests end, so it never cuts into the test reporter's.
const checking = skipChecks
  ? Promise.resolve([])
  : checkFailures(undefined, { holdOutput: true }).finally(() => (checksTook = seconds(started)));

const reportDir = path.join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });
const report = path.join(reportDir, 'vitest.json');
// A report left by an earlier run must never be read as this run's.
rmSync(report, { force: true });
const code = await new Promise((resolve) => {
  const child = spawn(
    path.join(root, 'node_modules/.bin/vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs],
    { cwd: root, stdio: 'inherit' },
  );
  child.on('exit', (exitCode) => resolve(exitCode ?? 1));
});
const testsTook = seconds(started);
const checkFailed = await checking;
console.log(`\ntests took ${testsTook}${skipChecks ? '' : `; the checks beside them ${checksTook}`}`);
printCheckFailures(checkFailed);
const failedChecks = checkFailed.map(({ name }) => name);

let summary = 'no test report was written';
let flaky = [];
try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = results.numPendingTests + results.numTodoTests;
  // A file whose set-up failed has its tests skipped, not failed: it counts as one failure. A crashed
  // run (exit code set, nothing counted as failed) still counts as one failure.
  const failedSetups = results.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  const failedTests = results.numFailedTests + failedSetups || (code === 0 ? 0 : 1);
  const failed = failedTests + failedChecks.length;
  flaky = flakyTests(results);
  summary =
    `${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}` +
    `, ${flaky.length} flaky`;
} catch {
  // vitest crashed before reporting; the exit code says so
}
if (failedChecks.length) console.log(`\nchecks failed: ${failedChecks.join(', ')}`);
if (flaky.length) console.log(`\nflaky (passed only on a retry):\n${flaky.map((name) => `  ${name}`).join('\n')}`);
console.log(`\n${summary}`);
process.exit(failedChecks.length ? 1 : code);

/**
 * Tests that passed only on a retry. Vitest keeps the errors of the failed attempts on a test that
 * passes later, so in its JSON report a passed test with failure messages is one that needed a retry.
 */
function flakyTests(results) {
  return results.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed' && test.failureMessages.length > 0)
      .map((test) => `${path.relative(root, file.name)} > ${test.fullName}`),
  );
}
