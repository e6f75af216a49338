// Balance studio benchmark: prints name=value lines. Build first: npx tsc -b packages/engine.
//   balance.solve.*   4 levers, 3 goals on the ≈100-node diagram, 200 runs × 30 steps per evaluation
//   balance.sobol.*   8 parameters, N = 512, 50 runs × 30 steps per evaluation
//   engine.*          node-steps per second of quick runs on the ≈100-node diagram (one thread)
// Wall seconds depend on what else the machine runs; cpu_seconds (this process) much less so.
import { availableParallelism, loadavg } from 'node:os';
import { compile, run, solve } from '../../packages/engine/dist/index.js';
import { sensitivityOnThreads } from '../../packages/engine/dist/node/index.js';
import { generateDiagram } from '../engine/generate.mjs';
import { balanceDiagram } from './diagram.mjs';

const only = process.argv[2];
const print = (name, value) => console.log(`${name}=${Number.isInteger(value) ? value : Number(value.toPrecision(4))}`);

function timed(fn) {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const result = fn();
  const used = process.cpuUsage(cpu);
  return { result, seconds: (performance.now() - t0) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

async function timedAsync(fn) {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const result = await fn();
  const used = process.cpuUsage(cpu);
  return { result, seconds: (performance.now() - t0) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

print('machine.load_average', loadavg()[0]);

if (!only || only === 'engine') {
  const program = compile(generateDiagram(100));
  const measure = (ms) => {
    let steps = 0,
      runs = 0;
    const { seconds, cpuSeconds } = timed(() => {
      const t0 = performance.now();
      while (performance.now() - t0 < ms) steps += run(program, { steps: 1000, seed: runs++ }).steps;
    });
    return { wall: (program.nodeCount * steps) / seconds, cpu: (program.nodeCount * steps) / cpuSeconds };
  };
  measure(500); // warm-up
  const r = measure(3000);
  print('engine.nodes', program.nodeCount);
  print('engine.node_steps_per_second', r.wall);
  print('engine.node_steps_per_cpu_second', r.cpu);
}

if (!only || only === 'solve') {
  const diagram = balanceDiagram();
  const levers = [
    { name: 'income', min: 1, max: 8 },
    { name: 'price', min: 1, max: 6, integer: true },
    { name: 'spend', min: 1, max: 5 },
    { name: 'delayOut', min: 1, max: 4 },
  ];
  const goals = [
    'median(g0_gold, 30) >= 30 && median(g0_gold, 30) <= 40',
    'p90(g9_gold, 30) <= 90',
    'median(g9_score, 30) >= 120',
  ];
  const { result, seconds, cpuSeconds } = timed(() => solve(diagram, { levers, goals, runs: 200, seed: 1, steps: 30 }));
  print('balance.solve.seconds', seconds);
  print('balance.solve.cpu_seconds', cpuSeconds);
  print('balance.solve.evaluations', result.evaluations);
  print('balance.solve.met', result.met ? 1 : 0);
  for (const [name, value] of Object.entries(result.levers)) print(`balance.solve.lever.${name}`, value);
  print('balance.solve.verified_share', result.verified.share);
  print('balance.solve.verified_goals_met', result.verified.goals.filter((g) => g.met).length);
}

if (!only || only === 'sobol') {
  const diagram = balanceDiagram();
  const levers = [
    { name: 'income', min: 1, max: 8 },
    { name: 'price', min: 1, max: 6 },
    { name: 'spend', min: 1, max: 5 },
    { name: 'delayOut', min: 1, max: 4 },
    { name: 'g0_gold.start', min: 0, max: 50 },
    { name: 'g3_wood.start', min: 0, max: 50 },
    { name: 'g5_wood.capacity', min: 10, max: 100 },
    { name: 'g9_gold.start', min: 0, max: 50 },
  ];
  // Points spread over every core (worker threads); cpu_seconds counts this thread only, so it is
  // measured on one thread first, on a quarter of the points.
  const options = { levers, metric: 'median(g9_score, 30)', runs: 50, seed: 1, steps: 30 };
  const one = await timedAsync(() => sensitivityOnThreads(diagram, { ...options, samples: 128, threads: 1 }));
  print('balance.sobol.n128_one_thread_cpu_seconds', one.cpuSeconds);
  const threads = availableParallelism();
  const { result, seconds } = await timedAsync(() =>
    sensitivityOnThreads(diagram, { ...options, samples: 512, threads }),
  );
  print('balance.sobol.threads', threads);
  print('balance.sobol.seconds', seconds);
  print('balance.sobol.evaluations', result.evaluations);
}
