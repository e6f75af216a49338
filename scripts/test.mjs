import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';
import { checkBoundaries } from './check-boundaries.mjs';
import { root } from './lib.mjs';

// npm test: build (browser tests drive the built app), then every vitest project, then the
// closing line CI reads: "N passed, N failed". Extra arguments go to vitest (e.g. --project api-int).
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const vitestArgs = args.filter((a) => a !== '--no-build');
if (!skipBuild) await build();

// A run of chosen test files skips the boundary check; every other run (CI's `npm test`) starts with it.
const choosesFiles = vitestArgs.some((a) => /\.(ts|tsx|mjs)$/.test(a) || a.includes('/'));
const boundaryProblems = choosesFiles ? [] : checkBoundaries();
if (boundaryProblems.length) console.error(`\nmodule boundaries broken:\n${boundaryProblems.join('\n')}\n`);

const reportDir = path.join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });
const report = path.join(reportDir, 'vitest.json');
const code = await new Promise((resolve) => {
  const child = spawn(
    path.join(root, 'node_modules/.bin/vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs],
    { cwd: root, stdio: 'inherit' },
  );
  child.on('exit', (exitCode) => resolve(exitCode ?? 1));
});

let summary = 'no test report was written';
try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = results.numPendingTests + results.numTodoTests;
  summary = `${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
  if (results.numFailedTestSuites && !results.numFailedTests) summary = `${results.numPassedTests} passed, ${results.numFailedTestSuites} failed`;
} catch {
  // vitest crashed before reporting; the exit code says so
}
if (boundaryProblems.length) summary = `${summary.replace(/(\d+) failed/, (_m, n) => `${Number(n) + 1} failed`)} (one of them the module boundary check)`;
console.log(`\n${summary}`);
process.exit(boundaryProblems.length ? 1 : code);
