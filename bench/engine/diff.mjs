// Differ benchmark: two versions of a 5,000-element diagram (2,500 nodes, 2,500 connections, with
// a tenth of the elements changed, moved, added or removed) compared by diffDiagrams and merged
// three-way. Target: a compare in ≤ 100 ms. Build first: npx tsc -b packages/engine.
import { availableParallelism, loadavg } from 'node:os';
import { diffDiagrams, mergeDiagrams, parseDiagram } from '../../packages/engine/dist/index.js';

const NODES = 2500;

function version(edit) {
  const nodes = [];
  const connections = [];
  for (let i = 0; i < NODES; i++) {
    nodes.push({
      id: `n${i}`,
      type: i % 5 ? 'pool' : 'register',
      name: `Node ${i}`,
      x: (i % 50) * 80,
      y: Math.floor(i / 50) * 80,
      start: i % 7,
      formula: i % 5 ? undefined : `n${i - 1} * 2 + ${i % 3}`,
    });
    connections.push({
      id: `c${i}`,
      kind: 'resource',
      from: `n${i}`,
      to: `n${(i + 1) % NODES}`,
      formula: `${1 + (i % 4)}`,
    });
  }
  const doc = parseDiagram({
    settings: { stepsLimit: 100 },
    nodes,
    connections,
    variables: [{ name: 'rate', formula: '2' }],
  });
  if (edit) {
    for (let i = 0; i < NODES; i += 40) doc.nodes[i].name = `Renamed ${i}`;
    for (let i = 5; i < NODES; i += 40) doc.nodes[i].formula = `n${i - 1} * 3 + ${i % 3}`;
    for (let i = 1; i < NODES; i += 40) doc.nodes[i].x += 10;
    for (let i = 2; i < NODES; i += 40) doc.connections[i].formula = '7';
    doc.nodes = doc.nodes.filter((_, i) => i % 97 !== 3);
    const ids = new Set(doc.nodes.map((n) => n.id));
    doc.connections = doc.connections.filter((c) => ids.has(c.from) && ids.has(c.to));
    for (let i = 0; i < 60; i++) doc.nodes.push(parseDiagram({ nodes: [{ id: `new${i}`, type: 'pool' }] }).nodes[0]);
    doc.settings.stepsLimit = 200;
  }
  return doc;
}

function time(label, fn, reps = 30) {
  fn();
  const ms = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)];
  console.log(`${label.padEnd(44)} median ${median.toFixed(1)} ms, worst ${ms.at(-1).toFixed(1)} ms (${reps} runs)`);
  return median;
}

const a = version(false);
const b = version(true);
const elements = a.nodes.length + a.connections.length;
console.log(
  `Loopwright differ benchmark — Node ${process.version}, ${elements} elements vs ${b.nodes.length + b.connections.length}\n`,
);
const d = diffDiagrams(a, b);
console.log(
  `diff: ${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed, ${d.moved.length} moved`,
);
const compare = time('diffDiagrams (5,000 elements)', () => diffDiagrams(a, b));
time('mergeDiagrams (three-way, same versions)', () => mergeDiagrams(a, b, a));
console.log(`\ntarget: compare ≤ 100 ms → ${compare <= 100 ? 'met' : 'NOT met'} (median)`);
// Figures from a shared machine are only comparable with its load in view.
console.log(`load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} core(s)`);
