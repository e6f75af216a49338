// Fingerprints of engine results: one hash per case of everything the engine gives back (series, final
// values, end, events, session states, batch summaries and run results, encoded block stats, a sweep),
// bit for bit. A change meant to be only faster must leave every hash as it was.
//   node bench/engine/fingerprints.mjs                  print one hash per case and the total
//   node bench/engine/fingerprints.mjs --save f.json    ... and save them
//   node bench/engine/fingerprints.mjs --compare f.json ... and exit 1 on any difference
//   --dist DIR   the engine build to use (default packages/engine/dist), e.g. a copy of main's
// Cases: generated diagrams (bench/engine/generate.mjs, several sizes and seeds; as they are, with
// synchronous allocation and a variant with interactive, onstart, push, coloured and trigger elements), every
// fixture in packages/engine/src/__fixtures__, and the machinations.io corpus in /work/shared/corpus.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { balanceDiagram } from '../balance/diagram.mjs';
import { generateDiagram } from './generate.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const dist = resolve(option('--dist') ?? `${repo}packages/engine/dist`);
const engine = await import(pathToFileURL(`${dist}/index.js`).href);
const { compile, run, createSession, runBatchSync, batchWork, importDiagram, sweep } = engine;

/** JSON with every number written exactly (-0, NaN and ±Infinity included), typed arrays as their bytes. */
function exact(value) {
  return JSON.stringify(value, (_key, v) => {
    if (typeof v === 'number' && (Object.is(v, -0) || !Number.isFinite(v))) return `#${v === 0 ? '-0' : v}`;
    if (ArrayBuffer.isView(v)) return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
    return v;
  });
}
const hash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Everything a quick run gives back: series, final values, end and (with log) events. */
const quick = (program, seed, steps, log = false) => run(program, { seed, steps, log });

/** An interactive session: clicks interactive nodes and nudges interactive registers in a fixed pattern. */
function session(program, seed, steps) {
  const s = createSession(program, { seed });
  const interactive = program.nodeIds.filter((_, i) => program.activation[i] === 2);
  const registers = program.nodeIds.filter((_, i) => program.type[i] === 6 && program.regInteractive[i]);
  const states = [];
  for (let t = 0; t < steps; t++) {
    interactive.forEach((id, j) => (t + j) % 3 === 0 && s.click(id));
    registers.forEach((id, j) => ((t + j) % 4 === 0 ? s.raise(id) : (t + j) % 4 === 2 && s.lower(id)));
    states.push(s.step());
  }
  return { states, events: s.events() };
}

function batch(program, seed, runs, steps) {
  const r = runBatchSync(program, { runs, seed, steps, keepRuns: true, percentiles: [10, 50, 90], blockSize: 7 });
  delete r.stats;
  return r;
}

/** The cases: name → a function giving what to hash. Runs are 50–200 steps. */
function cases() {
  const list = [];
  const add = (name, document, extra = () => ({})) =>
    list.push([
      name,
      () => {
        let program;
        try {
          program = compile(document);
        } catch (e) {
          return { compileError: String(e.message) };
        }
        return {
          quick: [0, 1, 2].map((seed) => quick(program, seed, 120)),
          log: quick(program, 7, 60, true),
          session: session(program, 3, 40),
          ...extra(program),
        };
      },
    ]);
  const variants = {
    plain: (d) => d,
    synchronous: (d) => ({ ...d, settings: { ...d.settings, allocation: 'synchronous' } }),
    mixed,
    mixedSameStep: (d) => ({ ...mixed(d), settings: { ...d.settings, triggerTiming: 'sameStep' } }),
  };
  for (const size of [5, 10, 30, 100, 300])
    for (const seed of [1, 2, 3])
      for (const [variant, change] of Object.entries(variants)) {
        const document = change(generateDiagram(size, seed));
        add(`generated/${size}/${seed}/${variant}`, document, (program) =>
          size <= 30 && seed === 1 ? { batch: batch(program, 11, 23, 80) } : {},
        );
      }
  add('generated/100/long', generateDiagram(100), (program) => ({ long: quick(program, 5, 200) }));
  add('generated/100/block', generateDiagram(100), () => ({
    block: batchWork.runBlock({ document: generateDiagram(100), runs: 40, seed: 9, steps: 50 }, 5, 20),
  }));
  add('balance/sweep', balanceDiagram(), () => ({
    sweep: sweep(balanceDiagram(), {
      levers: [{ name: 'income', min: 1, max: 8 }],
      metric: 'median(g0_gold, 30)',
      samples: 4,
      runs: 10,
      seed: 2,
    }),
  }));
  for (const [name, document] of Object.entries(handMade)) add(`hand/${name}`, document);
  const fixtures = `${repo}packages/engine/src/__fixtures__/`;
  const corpus = '/work/shared/corpus/machinations-io/';
  for (const dir of [fixtures, `${fixtures}machinations-io/`, corpus]) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).sort()) {
      if (!/\.(json|xml)$/.test(file)) continue;
      const document = importDiagram(readFileSync(dir + file, 'utf8')).diagram;
      add(`${dir === corpus ? 'corpus' : 'fixture'}/${file}`, document, (program) => ({
        batch: batch(program, 1, 9, 50),
      }));
    }
  }
  return list;
}

/** A generated diagram with interactive, onstart and pushing nodes and coloured, shuffled connections. */
function mixed(d) {
  let s = d.nodes.length;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const nodes = d.nodes.map((n) => {
    const r = next();
    if (n.type === 'source' && r < 0.3) return { ...n, activation: r < 0.15 ? 'interactive' : 'onstart' };
    if (n.type === 'pool' && r < 0.3)
      return { ...n, activation: 'automatic', mode: r < 0.15 ? 'push-any' : 'push-all' };
    return n;
  });
  const colours = ['red', 'blue'];
  const connections = d.connections.map((c) =>
    c.kind === 'resource' && next() < 0.3 ? { ...c, color: colours[Math.floor(next() * 2)], shuffle: next() < 0.5 } : c,
  );
  const sources = nodes.filter((n) => n.type === 'source').map((n) => n.id);
  sources.forEach((src, g) => {
    const state = (from, to, formula) =>
      connections.push({ id: `m${connections.length}`, kind: 'state', from, to, formula });
    if (g % 2 === 0) state(`g${g}_conv`, src, '*');
    else state(`g${g}_spend`, src, '!');
    state('trigger_gate', src, String(1 + (g % 3)));
  });
  nodes.push({ id: 'trigger_gate', type: 'gate', activation: auto, distribution: 'random' });
  return { ...d, nodes, connections };
}

const auto = 'automatic';
const handMade = {
  colours: {
    version: 1,
    settings: { stepsLimit: 20 },
    nodes: [
      { id: 'S', type: 'source', activation: auto },
      { id: 'P', type: 'pool' },
      { id: 'Red', type: 'pool', activation: auto },
      { id: 'Blue', type: 'pool', activation: auto },
    ],
    connections: [
      { id: 'c1', kind: 'resource', from: 'S', to: 'P', formula: '2', color: 'red' },
      { id: 'c2', kind: 'resource', from: 'S', to: 'P', formula: 'D4', color: 'blue' },
      { id: 'c3', kind: 'resource', from: 'P', to: 'Red', formula: '3', color: 'red' },
      { id: 'c4', kind: 'resource', from: 'P', to: 'Blue', formula: '2', shuffle: true },
    ],
    variables: [],
  },
  trader: {
    version: 1,
    settings: { stepsLimit: 20 },
    nodes: [
      { id: 'A', type: 'pool', start: 0 },
      { id: 'B', type: 'pool' },
      { id: 'SA', type: 'source', activation: auto },
      { id: 'SB', type: 'source', activation: 'onstart' },
      { id: 'T', type: 'trader', activation: auto },
    ],
    connections: [
      { id: 's1', kind: 'resource', from: 'SA', to: 'A', formula: 'D3', color: 'gold' },
      { id: 's2', kind: 'resource', from: 'SB', to: 'B', formula: '9', color: 'wood' },
      { id: 'i1', kind: 'resource', from: 'A', to: 'T', formula: '2', color: 'gold' },
      { id: 'i2', kind: 'resource', from: 'B', to: 'T', formula: '1', color: 'wood' },
      { id: 'o1', kind: 'resource', from: 'T', to: 'B', formula: '1', color: 'gold' },
      { id: 'o2', kind: 'resource', from: 'T', to: 'A', formula: '1', color: 'wood' },
    ],
    variables: [],
  },
};

const results = {};
for (const [name, make] of cases()) {
  const made = make();
  results[name] = hash(exact(made));
  console.log(`${name} ${results[name]}${made.compileError ? ` (does not compile: ${made.compileError})` : ''}`);
}
const total = hash(Object.values(results).join(''));
console.log(`total ${total} (${Object.keys(results).length} cases)`);
if (option('--save')) writeFileSync(option('--save'), JSON.stringify({ total, cases: results }, null, 1) + '\n');
if (option('--compare')) {
  const saved = JSON.parse(readFileSync(option('--compare'), 'utf8'));
  const names = new Set([...Object.keys(saved.cases), ...Object.keys(results)]);
  const differ = [...names].filter((n) => saved.cases[n] !== results[n]);
  for (const n of differ) console.log(`DIFFERS ${n}: saved ${saved.cases[n]}, now ${results[n]}`);
  console.log(differ.length ? `${differ.length} of ${names.size} cases differ` : `all ${names.size} cases identical`);
  process.exitCode = differ.length ? 1 : 0;
}
