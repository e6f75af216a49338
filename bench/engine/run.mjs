// Engine benchmark: node-steps per second for quick runs and batches on generated diagrams of
// ≈10, ≈100 and ≈1,000 nodes, single thread and all threads, and the peak memory of a
// 10,000-run × 1,000-step summary-only batch. Build first: npx tsc -b packages/engine.
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { generateDiagram } from './generate.mjs';
import { compile, run } from '../../packages/engine/dist/index.js';
import { runBatchParallel } from '../../packages/engine/dist/node/index.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const threads = availableParallelism();
const sizes = [10, 100, 1000];
const M = (x) => `${(x / 1e6).toFixed(2)} M`;
const pad = (s, n) => String(s).padEnd(n);

console.log(
  `Loopwright engine benchmark — Node ${process.version}, ${threads} thread(s) available${quick ? ' (quick)' : ''}\n`,
);
const rows = [];
for (const size of sizes) {
  const diagram = generateDiagram(size);
  const program = compile(diagram);
  const n = program.nodeCount;
  // Quick run: repeat 1,000-step runs for about a second.
  let steps = 0,
    runs = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < (quick ? 300 : 1500)) steps += run(program, { steps: 1000, seed: runs++ }).steps;
  const quickRate = (n * steps) / ((performance.now() - t0) / 1000);
  const batchRuns = size >= 1000 && quick ? 200 : 1000;
  const batch = async (t) => {
    const start = performance.now();
    const r = await runBatchParallel(diagram, { runs: batchRuns, steps: 100, threads: t, seed: 1 });
    const seconds = (performance.now() - start) / 1000;
    return { seconds, rate: (n * batchRuns * 100) / seconds, summary: r.summary };
  };
  const one = await batch(1);
  const all = await batch(threads);
  const same = JSON.stringify(one.summary) === JSON.stringify(all.summary);
  rows.push({ size, n, quickRate, batchRuns, one, all, same });
}

console.log(
  pad('diagram', 16) +
    pad('quick run', 20) +
    pad('batch', 12) +
    pad('1 thread', 28) +
    pad(`${threads} threads`, 28) +
    'same result',
);
for (const r of rows) {
  console.log(
    pad(`≈${r.size} (${r.n} nodes)`, 16) +
      pad(`${M(r.quickRate)} n·s/s`, 20) +
      pad(`${r.batchRuns}×100`, 12) +
      pad(`${r.one.seconds.toFixed(2)} s  ${M(r.one.rate)} n·s/s`, 28) +
      pad(`${r.all.seconds.toFixed(2)} s  ${M(r.all.rate)} n·s/s`, 28) +
      (r.same ? 'yes' : 'NO'),
  );
}
console.log('\n(n·s/s = node-steps per second; quick run = one thread, 1,000-step runs)');

const memRuns = quick ? 1000 : 10000;
const here = fileURLToPath(new URL('./memory.mjs', import.meta.url));
const mem = (size, runs, steps) =>
  JSON.parse(
    execFileSync(process.execPath, [here, String(size), String(runs), String(steps), String(threads)], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    }),
  );
console.log(`\nSummary-only batches on the ≈100-node diagram, ${threads} threads (child process, peak RSS):`);
console.log(pad('runs × steps', 18) + pad('time', 12) + pad('peak RSS', 14) + pad('JSON out', 12) + 'node-steps/s');
for (const [runs, steps] of [
  [memRuns / 4, 1000],
  [memRuns, 250],
  [memRuns, 1000],
]) {
  const r = mem(100, runs, steps);
  console.log(
    pad(`${runs} × ${steps}`, 18) +
      pad(`${r.seconds.toFixed(1)} s`, 12) +
      pad(`${r.maxRSSMB.toFixed(0)} MB`, 14) +
      pad(`${r.jsonMB.toFixed(1)} MB`, 12) +
      M((r.nodes * runs * steps) / r.seconds),
  );
}
