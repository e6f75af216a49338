// Quick runs of the ≈100-node benchmark diagram, for counting instructions per node-step with callgrind
// (load-independent). Build first: npx tsc -b packages/engine. Measure two counts and take the difference,
// so start-up, compilation and warm-up cancel out:
//   WARM=40 valgrind --tool=callgrind --callgrind-out-file=cg.2 node --single-threaded bench/engine/steady-runs.mjs 2
//   WARM=40 valgrind --tool=callgrind --callgrind-out-file=cg.6 node --single-threaded bench/engine/steady-runs.mjs 6
//   instructions per node-step = (totals of cg.6 − totals of cg.2) / (difference of the printed node_steps)
// --single-threaded keeps V8's background compiler and GC threads (which callgrind also counts) in step.
// The 40 warm-up runs (4 million node-steps) cover the engine's switch to the program's written step, which
// comes after 2 million (packages/engine/README.md).
import { compile, run } from '../../packages/engine/dist/index.js';
import { generateDiagram } from './generate.mjs';

const runs = Number(process.argv[2] ?? 10);
const program = compile(generateDiagram(100));
for (let s = 0; s < Number(process.env.WARM ?? 40); s++) run(program, { steps: 1000, seed: 1000 + s });
let steps = 0;
const cpu = process.cpuUsage();
for (let s = 0; s < runs; s++) steps += run(program, { steps: 1000, seed: s }).steps;
const used = process.cpuUsage(cpu);
const seconds = (used.user + used.system) / 1e6;
console.log(`node_steps=${steps * program.nodeCount}`);
console.log(`node_steps_per_cpu_second=${Math.round((steps * program.nodeCount) / seconds)}`);
