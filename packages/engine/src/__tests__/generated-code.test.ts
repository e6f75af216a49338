import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile } from '../compile.js';
import { Machine } from '../machine.js';
import type { Program } from '../program.js';
import type { DiagramInput } from '../schema.js';
import { FIXTURES, diagram, fixture } from './helpers.js';
// @ts-expect-error plain JavaScript benchmark generators
import { generateDiagram } from '../../../../bench/engine/generate.mjs';
// @ts-expect-error plain JavaScript benchmark generators
import { balanceDiagram } from '../../../../bench/balance/diagram.mjs';

/** Steps a machine with code written for the program and one on the general path side by side. */
function expectSameSteps(program: Program, seed: number, steps: number): void {
  const written = new Machine(program, { writtenStep: 'always' });
  const general = new Machine(program, { writtenStep: 'never' });
  written.reset(seed);
  general.reset(seed);
  // the charted values of every step, as quick runs record them
  const rows = [written, general].map(() => new Float64Array(program.charted.length * steps));
  for (let t = 1; t <= steps; t++) {
    const going = written.step();
    expect(general.step()).toBe(going);
    expect({ t, value: Array.from(written.value) }).toEqual({ t, value: Array.from(general.value) });
    expect(written.endReason).toBe(general.endReason);
    if (!going) break;
    written.recordCharted(rows[0], t - 1, steps);
    general.recordCharted(rows[1], t - 1, steps);
  }
  expect(written.rng.next()).toBe(general.rng.next());
  expect(Array.from(rows[0])).toEqual(Array.from(rows[1]));
}

const fixtures = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json') && !f.startsWith('bad-'))
  .map((f) => f.replace(/\.json$/, ''));

function compiles(d: DiagramInput): Program | null {
  try {
    return compile(d);
  } catch {
    return null;
  }
}

const auto = { activation: 'automatic' };

/** Small diagrams, one for each kind of firing and hand-over the written code handles itself. */
const shapes: Record<string, DiagramInput> = {
  'a pull into a pool with a capacity': diagram(
    [
      { id: 'a', type: 'pool', start: 20 },
      { id: 'b', type: 'pool', ...auto, capacity: 10 },
    ],
    [{ id: 'c', from: 'a', to: 'b', formula: '3' }],
  ),
  'pull-all from a pool and a source, into a capacity': diagram(
    [
      { id: 's', type: 'source' },
      { id: 'a', type: 'pool', start: 9 },
      { id: 'b', type: 'pool', ...auto, mode: 'pull-all', capacity: 17 },
    ],
    [
      { id: 'c1', from: 's', to: 'b', formula: '2' },
      { id: 'c2', from: 'a', to: 'b', formula: 'D4' },
    ],
  ),
  'a push into a full pool and a drain': diagram(
    [
      { id: 'a', type: 'pool', ...auto, mode: 'push-any', start: 30 },
      { id: 'b', type: 'pool', capacity: 7 },
      { id: 'd', type: 'drain' },
    ],
    [
      { id: 'c1', from: 'a', to: 'b', formula: '2' },
      { id: 'c2', from: 'a', to: 'd', formula: '1' },
    ],
  ),
  'a converter that sometimes lacks input, into a gate': diagram(
    [
      { id: 's', type: 'source', ...auto },
      { id: 'a', type: 'pool', start: 3 },
      { id: 'b', type: 'pool', start: 1 },
      { id: 'v', type: 'converter', ...auto },
      { id: 'g', type: 'gate', distribution: 'random' },
      { id: 'x', type: 'pool' },
      { id: 'y', type: 'pool', capacity: 12 },
    ],
    [
      { id: 'c0', from: 's', to: 'b', formula: '50%' },
      { id: 'c1', from: 'a', to: 'v', formula: '2' },
      { id: 'c2', from: 'b', to: 'v', formula: '1' },
      { id: 'c3', from: 'v', to: 'g', formula: '3' },
      { id: 'c4', from: 'g', to: 'x', formula: '1' },
      { id: 'c5', from: 'g', to: 'y', formula: '2' },
      { id: 'c6', from: 's', to: 'a', formula: 'randomInt(0, 3)' },
    ],
  ),
  'percentage and in-turn gates in a chain': diagram(
    [
      { id: 's', type: 'source', ...auto },
      { id: 'p', type: 'gate', distribution: 'random' },
      { id: 'q', type: 'gate', distribution: 'deterministic' },
      { id: 'x', type: 'pool' },
      { id: 'y', type: 'pool' },
      { id: 'z', type: 'pool', capacity: 40 },
    ],
    [
      { id: 'c0', from: 's', to: 'p', formula: 'D6' },
      { id: 'c1', from: 'p', to: 'q', formula: '30%' },
      { id: 'c2', from: 'p', to: 'x', formula: '50%' },
      { id: 'c3', from: 'q', to: 'y', formula: '2' },
      { id: 'c4', from: 'q', to: 'z', formula: '3' },
    ],
  ),
  'a source into a delay and a converter fed by pushes': diagram(
    [
      { id: 's', type: 'source', ...auto },
      { id: 'd', type: 'delay' },
      { id: 'v', type: 'converter' },
      { id: 'x', type: 'pool' },
      { id: 'w', type: 'pool', ...auto, mode: 'push-any', start: 5 },
    ],
    [
      { id: 'c0', from: 's', to: 'd', formula: '1|2' },
      { id: 'c1', from: 'd', to: 'x', formula: '2' },
      { id: 'c2', from: 'w', to: 'v', formula: '2' },
      { id: 'c3', from: 'v', to: 'x', formula: '1' },
      { id: 'c4', from: 'x', to: 'w', formula: '1' },
    ],
  ),
  'a pull that triggers when it is not satisfied': diagram(
    [
      { id: 'a', type: 'pool', start: 10 },
      { id: 'b', type: 'pool', ...auto },
      { id: 'r', type: 'source' },
      { id: 'x', type: 'pool' },
    ],
    [
      { id: 'c0', from: 'a', to: 'b', formula: '3' },
      { id: 'c1', from: 'r', to: 'x', formula: '10' },
      { id: 't1', kind: 'state', from: 'b', to: 'r', formula: '!' },
    ],
  ),
  'bounded registers, modifiers of every kind, intervals and an activator on a connection': diagram(
    [
      { id: 's', type: 'source', ...auto },
      { id: 'a', type: 'pool' },
      { id: 'b', type: 'pool', ...auto },
      { id: 'c', type: 'pool', start: 50 },
      { id: 'r', type: 'register', formula: 'a * 3 - 4', min: 2, max: 20 },
      { id: 'q', type: 'register', formula: 'randomInt(0, 4)' },
    ],
    [
      { id: 'c1', from: 's', to: 'a', formula: 'D4' },
      { id: 'c2', from: 'c', to: 'b', formula: '1' },
      { id: 'c3', from: 's', to: 'c', formula: '0.5' },
      { id: 'in', kind: 'state', from: 'a', to: 'r', formula: 'a' },
      { id: 'set', kind: 'state', from: 'r', to: 'c2', formula: '=' },
      { id: 'per', kind: 'state', from: 'a', to: 'c', formula: '+1/3' },
      { id: 'mod', kind: 'state', from: 'q', to: 'c3', formula: '+0.25' },
      { id: 'node', kind: 'state', from: 'q', to: 'b', formula: '-1' },
      { id: 'gate', kind: 'state', from: 'a', to: 'c1', formula: '0..30' },
      { id: 'c8', from: 's', to: 'c', formula: '2|3' },
      { id: 'iv', kind: 'state', from: 'q', to: 'c8', formula: '+1i' },
    ],
  ),
  'a queue, a delay drawn per resource and a delay of 0 into a full pool': diagram(
    [
      { id: 's', type: 'source', ...auto },
      { id: 'q', type: 'delay', queue: true },
      { id: 'r', type: 'delay' },
      { id: 'z', type: 'delay' },
      { id: 'x', type: 'pool', capacity: 9 },
      { id: 'y', type: 'pool', ...auto, mode: 'pull-any' },
      { id: 'v', type: 'pool', capacity: 2 },
      { id: 'u', type: 'pool', ...auto },
    ],
    [
      { id: 'c6', from: 's', to: 'q', formula: '3|5' },
      { id: 'c1', from: 'q', to: 'v', formula: '1' },
      { id: 'c2', from: 's', to: 'r', formula: '3' },
      { id: 'c3', from: 'r', to: 'z', formula: 'D4' },
      { id: 'c4', from: 'z', to: 'x', formula: '0' },
      { id: 'c5', from: 'x', to: 'y', formula: '1|3' },
      { id: 'c7', from: 'v', to: 'u', formula: '1|4' },
    ],
  ),
};

describe('code written for a program', () => {
  it('serves machines without log, colours or synchronous allocation, up to a size', () => {
    const always = { writtenStep: 'always' } as const;
    expect(new Machine(compile(generateDiagram(100)), always).usesWrittenStep).toBe(true);
    expect(new Machine(compile(generateDiagram(100)), { ...always, log: true }).usesWrittenStep).toBe(false);
    expect(new Machine(compile(generateDiagram(2000)), always).usesWrittenStep).toBe(false); // too long to pay
    const synchronous = generateDiagram(30);
    synchronous.settings.allocation = 'synchronous';
    expect(new Machine(compile(synchronous), always).usesWrittenStep).toBe(false);
  });

  it('by default takes over once a program has done enough work for compiling it to pay', () => {
    const diagram = generateDiagram(100, 77);
    const m = new Machine(compile(diagram));
    expect(m.usesWrittenStep).toBe(false); // a single run of a diagram just opened stays on the general path
    let runs = 0;
    for (; runs < 40 && !m.usesWrittenStep; runs++) {
      m.reset(runs);
      while (m.t < 1000 && m.step());
    }
    expect(m.usesWrittenStep).toBe(true);
    expect(runs).toBeGreaterThan(10); // 2 million node-steps: about 20 runs of 100 nodes × 1,000 steps
    // the same diagram compiled again (a study's next candidate) finds its code compiled after its first run
    const next = new Machine(compile(diagram));
    while (next.t < 30 && next.step());
    expect(next.usesWrittenStep).toBe(false);
    next.reset(1);
    expect(next.usesWrittenStep).toBe(true);
  });

  it.each(fixtures)('steps %s exactly as the general path', (name) => {
    const program = compiles(fixture(name));
    if (!program) return;
    for (const seed of [0, 1, 7]) expectSameSteps(program, seed, 60);
  });

  it.each(Object.keys(shapes))('steps %s exactly as the general path', (name) => {
    const program = compile(shapes[name]);
    expect(new Machine(program, { writtenStep: 'always' }).usesWrittenStep).toBe(true);
    for (const seed of [0, 1, 2, 3]) expectSameSteps(program, seed, 40);
  });

  it.each([10, 30, 100, 300])('steps the generated %i-node diagram exactly as the general path', (size) => {
    const program = compile(generateDiagram(size));
    expect(new Machine(program, { writtenStep: 'always' }).usesWrittenStep).toBe(true);
    for (const seed of [1, 2, 3]) expectSameSteps(program, seed, 150);
    for (const seed of [4, 5]) expectSameSteps(compile(generateDiagram(size, seed)), seed, 150);
  });

  it('steps the balance benchmark diagram exactly as the general path', () => {
    for (const seed of [0, 5]) expectSameSteps(compile(balanceDiagram()), seed, 30);
  });
});
