// Child process of run.mjs: one summary-only batch (as `loopwright-sim run --summary-only --json` does),
// then prints its time and the process's peak RSS (worker threads included) as JSON.
import { availableParallelism } from 'node:os';
import { generateDiagram } from './generate.mjs';
import { runBatchParallel } from '../../packages/engine/dist/node/index.js';

const [size, runs, steps, threads] = process.argv.slice(2).map(Number);
const diagram = generateDiagram(size);
const t0 = performance.now();
const result = await runBatchParallel(diagram, {
  runs,
  steps,
  threads: threads || availableParallelism(),
  keepRuns: true,
  keepSeries: false,
});
const json = JSON.stringify({
  runs: result.runResults.map((r) => ({ steps: r.steps, end: r.end, final: r.final })),
  summary: result.summary,
});
const seconds = (performance.now() - t0) / 1000;
process.stdout.write(
  JSON.stringify({
    seconds,
    maxRSSMB: process.resourceUsage().maxRSS / 1024,
    jsonMB: json.length / 1e6,
    nodes: diagram.nodes.length,
  }),
);
