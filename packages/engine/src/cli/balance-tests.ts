import { readFile } from 'node:fs/promises';
import { BalanceTestError, describeBalanceTest, runBalanceTest, type BalanceTestSpec } from '../balance.js';
import { compile } from '../compile.js';
import { CompileError, formatProblem } from '../problems.js';

/** `loopwright-sim test FILE TESTS.json`: one PASS/FAIL line per test; exit 1 when any fails, 2 on a bad file or test. */
export async function runBalanceTests(diagram: unknown, testsFile: string): Promise<number> {
  let specs: BalanceTestSpec[];
  try {
    const parsed = JSON.parse(await readFile(testsFile, 'utf8')) as unknown;
    const list = Array.isArray(parsed) ? parsed : (parsed as { tests?: unknown }).tests;
    if (
      !Array.isArray(list) ||
      list.some((t) => typeof t !== 'object' || t === null || typeof (t as { nodeId?: unknown }).nodeId !== 'string')
    ) {
      throw new Error('expected an array of tests, each with a "nodeId"');
    }
    specs = list as BalanceTestSpec[];
  } catch (e) {
    process.stderr.write(`error: ${testsFile}: ${(e as Error).message}\n`);
    return 2;
  }
  try {
    compile(diagram);
  } catch (e) {
    if (e instanceof CompileError) {
      for (const p of e.problems) if (p.severity === 'error') process.stderr.write(`error: ${formatProblem(p)}\n`);
      return 2;
    }
    throw e;
  }
  const nodes = (diagram as { nodes?: { id: string; name?: string; type: string }[] }).nodes ?? [];
  let failed = 0;
  for (const [i, spec] of specs.entries()) {
    const label = spec.name || `test ${i + 1}`;
    try {
      const outcome = runBalanceTest(diagram, spec);
      const node = nodes.find((n) => n.id === spec.nodeId || n.name === spec.nodeId);
      if (!outcome.passed) failed++;
      process.stdout.write(
        `${outcome.passed ? 'PASS' : 'FAIL'} ${label}: ${describeBalanceTest(spec, node)}  (observed ${outcome.observedShare.toFixed(1)}%, values ${outcome.low}..${outcome.high}, mean ${outcome.mean.toFixed(2)})\n`,
      );
    } catch (e) {
      if (e instanceof BalanceTestError) {
        process.stderr.write(`error: ${label}: ${e.message}\n`);
        return 2;
      }
      throw e;
    }
  }
  if (failed > 0) process.stderr.write(`${failed} of ${specs.length} balance test(s) failed\n`);
  return failed > 0 ? 1 : 0;
}
