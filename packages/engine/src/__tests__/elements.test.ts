import { describe, expect, it } from 'vitest';
import { compile } from '../compile.js';
import { run } from '../run.js';
import { createSession } from '../session.js';
import { runBatchSync } from '../batch.js';
import { diagram } from './helpers.js';

const auto = 'automatic' as const;

describe('elements and options', () => {
  it('pool capacity: block leaves the rest at the origin, drain destroys it', () => {
    const block = run(
      diagram(
        [
          { id: 'A', type: 'pool', start: 10 },
          { id: 'B', type: 'pool', capacity: 4, activation: auto },
        ],
        [{ id: 'c', from: 'A', to: 'B', formula: '3' }],
        { stepsLimit: 3 },
      ),
    );
    expect(block.series.B).toEqual([3, 4, 4]);
    expect(block.series.A).toEqual([7, 6, 6]);
    const drain = run(
      diagram(
        [
          { id: 'S', type: 'source', activation: auto },
          { id: 'B', type: 'pool', capacity: 4, overflow: 'drain' },
        ],
        [{ id: 'c', from: 'S', to: 'B', formula: '3' }],
        { stepsLimit: 3 },
      ),
    );
    expect(drain.series.B).toEqual([3, 4, 4]);
  });

  it('a random weighted gate splits by weight', () => {
    const d = diagram(
      [
        { id: 'S', type: 'source', activation: auto },
        { id: 'G', type: 'gate', distribution: 'random' },
        { id: 'A', type: 'pool' },
        { id: 'B', type: 'pool' },
      ],
      [
        { id: 'c1', from: 'S', to: 'G', formula: '100' },
        { id: 'c2', from: 'G', to: 'A', formula: '1' },
        { id: 'c3', from: 'G', to: 'B', formula: '3' },
      ],
      { stepsLimit: 40 },
    );
    const r = run(d, { seed: 4 });
    expect(r.final.A + r.final.B).toBe(4000);
    expect(Math.abs(r.final.A / 4000 - 0.25)).toBeLessThan(0.03);
  });

  it('percentages on a gate destroy the rest; deterministic percentages cycle over 100 slots', () => {
    const d = (distribution: 'random' | 'deterministic') =>
      diagram(
        [
          { id: 'S', type: 'source', activation: auto },
          { id: 'G', type: 'gate', distribution },
          { id: 'A', type: 'pool' },
          { id: 'B', type: 'pool' },
        ],
        [
          { id: 'c1', from: 'S', to: 'G', formula: '100' },
          { id: 'c2', from: 'G', to: 'A', formula: '20%' },
          { id: 'c3', from: 'G', to: 'B', formula: '30%' },
        ],
        { stepsLimit: 10 },
      );
    expect(run(d('deterministic')).final).toEqual({ A: 200, B: 300 });
    const r = run(d('random'), { seed: 2 });
    expect(Math.abs(r.final.A - 200)).toBeLessThan(60);
    expect(Math.abs(r.final.B - 300)).toBeLessThan(60);
  });

  it('conditions on a deterministic gate use a counter from 1 and copy to every output that holds', () => {
    const d = diagram(
      [
        { id: 'S', type: 'source', activation: auto },
        { id: 'G', type: 'gate' },
        { id: 'Low', type: 'pool' },
        { id: 'Mid', type: 'pool' },
        { id: 'Else', type: 'pool' },
      ],
      [
        { id: 'c1', from: 'S', to: 'G', formula: '1' },
        { id: 'c2', from: 'G', to: 'Low', formula: '<3' },
        { id: 'c3', from: 'G', to: 'Mid', formula: '2..4' },
        { id: 'c4', from: 'G', to: 'Else', formula: 'else' },
      ],
      { stepsLimit: 6 },
    );
    const r = run(d);
    expect(r.series.Low).toEqual([1, 2, 2, 2, 2, 2]);
    expect(r.series.Mid).toEqual([0, 1, 2, 3, 3, 3]);
    expect(r.series.Else).toEqual([0, 0, 0, 0, 1, 2]);
  });

  it('a trigger gate fires one of its targets per firing', () => {
    const d = diagram(
      [
        { id: 'G', type: 'gate', activation: auto },
        { id: 'S1', type: 'source' },
        { id: 'S2', type: 'source' },
        { id: 'A', type: 'pool' },
        { id: 'B', type: 'pool' },
      ],
      [
        { id: 't1', kind: 'state', from: 'G', to: 'S1', formula: '1' },
        { id: 't2', kind: 'state', from: 'G', to: 'S2', formula: '1' },
        { id: 'c1', from: 'S1', to: 'A' },
        { id: 'c2', from: 'S2', to: 'B' },
      ],
      { stepsLimit: 5 },
    );
    const r = run(d);
    expect(r.series.A).toEqual([0, 1, 1, 2, 2]);
    expect(r.series.B).toEqual([0, 0, 1, 1, 2]);
  });

  it('a delay holds each resource d steps; a queue releases one at a time', () => {
    const mk = (queue: boolean) =>
      diagram(
        [
          { id: 'S', type: 'source', activation: auto },
          { id: 'D', type: 'delay', queue },
          { id: 'P', type: 'pool' },
        ],
        [
          { id: 'c1', from: 'S', to: 'D', formula: '2' },
          { id: 'c2', from: 'D', to: 'P', formula: '2' },
        ],
        { stepsLimit: 6 },
      );
    expect(run(mk(false)).series.P).toEqual([0, 0, 2, 4, 6, 8]);
    expect(run(mk(true)).series.P).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('a passive register computes from its named inputs; activators read it', () => {
    const d = diagram(
      [
        { id: 'S', type: 'source', activation: auto },
        { id: 'P', type: 'pool' },
        { id: 'Q', type: 'pool', start: 3 },
        { id: 'R', type: 'register', formula: 'a * 2 + b' },
        { id: 'S2', type: 'source', activation: auto },
        { id: 'Z', type: 'pool' },
      ],
      [
        { id: 'c1', from: 'S', to: 'P' },
        { id: 'i1', kind: 'state', from: 'P', to: 'R', formula: 'a' },
        { id: 'i2', kind: 'state', from: 'Q', to: 'R', formula: 'b' },
        { id: 'c2', from: 'S2', to: 'Z' },
        { id: 'a1', kind: 'state', from: 'R', to: 'S2', formula: '<8' },
      ],
      { stepsLimit: 4 },
    );
    const r = run(d);
    expect(r.series.R).toEqual([5, 7, 9, 11]);
    expect(r.series.Z).toEqual([1, 2, 3, 3]);
  });

  it('label modifiers: +n% on a chance label adds points, = copies the origin', () => {
    const d = diagram(
      [
        { id: 'S', type: 'source', activation: auto },
        { id: 'P', type: 'pool', start: 4 },
        { id: 'T', type: 'source', activation: auto },
        { id: 'Q', type: 'pool' },
      ],
      [
        { id: 'c1', from: 'S', to: 'P', formula: '0' },
        { id: 'c2', from: 'T', to: 'Q', formula: '1' },
        { id: 'm', kind: 'state', from: 'P', to: 'c2', formula: '=' },
      ],
      { stepsLimit: 3 },
    );
    expect(run(d).series.Q).toEqual([4, 8, 12]);
    const pct = diagram(
      [
        { id: 'P', type: 'pool', start: 1 },
        { id: 'T', type: 'source', activation: auto },
        { id: 'Q', type: 'pool' },
      ],
      [
        { id: 'c2', from: 'T', to: 'Q', formula: '100%' },
        { id: 'm', kind: 'state', from: 'P', to: 'c2', formula: '+100%' },
      ],
      { stepsLimit: 3 },
    );
    expect(run(pct).series.Q).toEqual([2, 4, 6]);
  });

  it('node modifier +a/b adds a each time ⌊S/b⌋ changes', () => {
    const d = diagram(
      [
        { id: 'S', type: 'source', activation: auto },
        { id: 'P', type: 'pool' },
        { id: 'V', type: 'pool' },
      ],
      [
        { id: 'c', from: 'S', to: 'P' },
        { id: 'm', kind: 'state', from: 'P', to: 'V', formula: '+1/3' },
      ],
      { stepsLimit: 7 },
    );
    expect(run(d).series.V).toEqual([0, 0, 0, 1, 1, 1, 2]);
  });

  it('reverse triggers fire when the origin fired but was not satisfied', () => {
    const d = diagram(
      [
        { id: 'A', type: 'pool', start: 2 },
        { id: 'D', type: 'drain', activation: auto, mode: 'pull-all' },
        { id: 'S', type: 'source' },
        { id: 'Fails', type: 'pool' },
      ],
      [
        { id: 'c1', from: 'A', to: 'D', formula: '1' },
        { id: 'r', kind: 'state', from: 'D', to: 'S', formula: '!' },
        { id: 'c2', from: 'S', to: 'Fails' },
      ],
      { stepsLimit: 5 },
    );
    expect(run(d).series.Fails).toEqual([0, 0, 0, 1, 2]);
  });

  it('allocation: synchronous serves nobody from an over-requested pool', () => {
    const mk = (allocation: string) =>
      diagram(
        [
          { id: 'A', type: 'pool', start: 3 },
          { id: 'B', type: 'pool', activation: auto },
          { id: 'C', type: 'pool', activation: auto },
        ],
        [
          { id: 'c1', from: 'A', to: 'B', formula: '2' },
          { id: 'c2', from: 'A', to: 'C', formula: '2' },
        ],
        { stepsLimit: 2, allocation },
      );
    expect(run(mk('creationOrder')).series).toEqual({ A: [0, 0], B: [2, 2], C: [1, 1] });
    expect(run(mk('synchronous')).series).toEqual({ A: [3, 3], B: [0, 0], C: [0, 0] });
  });

  it('colour filters move only their colour; a trader swaps colour-coded pairs', () => {
    const d = diagram(
      [
        { id: 'S', type: 'source', activation: auto },
        { id: 'P', type: 'pool' },
        { id: 'Red', type: 'pool', activation: auto },
        { id: 'Blue', type: 'pool', activation: auto },
      ],
      [
        { id: 'c1', from: 'S', to: 'P', formula: '2', color: 'red' },
        { id: 'c2', from: 'S', to: 'P', formula: '1', color: 'blue' },
        { id: 'c3', from: 'P', to: 'Red', formula: '5', color: 'red' },
        { id: 'c4', from: 'P', to: 'Blue', formula: '5', color: 'blue' },
      ],
      { stepsLimit: 3 },
    );
    expect(run(d).series).toEqual({ P: [3, 3, 3], Red: [0, 2, 4], Blue: [0, 1, 2] });
    const t = diagram(
      [
        { id: 'A', type: 'pool', start: 0 },
        { id: 'B', type: 'pool' },
        { id: 'SA', type: 'source', activation: 'onstart' },
        { id: 'SB', type: 'source', activation: 'onstart' },
        { id: 'T', type: 'trader', activation: auto },
      ],
      [
        { id: 's1', from: 'SA', to: 'A', formula: '3', color: 'gold' },
        { id: 's2', from: 'SB', to: 'B', formula: '3', color: 'wood' },
        { id: 'i1', from: 'A', to: 'T', formula: '1', color: 'gold' },
        { id: 'i2', from: 'B', to: 'T', formula: '1', color: 'wood' },
        { id: 'o1', from: 'T', to: 'B', formula: '1', color: 'gold' },
        { id: 'o2', from: 'T', to: 'A', formula: '1', color: 'wood' },
      ],
      { stepsLimit: 3 },
    );
    const r = run(t);
    expect(r.series.A).toEqual([3, 3, 3]);
    expect(r.final).toEqual({ A: 3, B: 3 });
  });

  it('variables: constants and per-step random values', () => {
    const d = diagram(
      [
        { id: 'S', type: 'source', activation: auto },
        { id: 'P', type: 'pool' },
      ],
      [{ id: 'c', from: 'S', to: 'P', formula: 'rate * 2' }],
      { stepsLimit: 3 },
      [{ name: 'rate', formula: '3' }],
    );
    expect(run(d).series.P).toEqual([6, 12, 18]);
  });

  it('onstart nodes fire at t = 1 only; interactive nodes act as passive in quick runs', () => {
    const d = diagram(
      [
        { id: 'S', type: 'source', activation: 'onstart' },
        { id: 'I', type: 'source', activation: 'interactive' },
        { id: 'P', type: 'pool' },
      ],
      [
        { id: 'c', from: 'S', to: 'P', formula: '5' },
        { id: 'c2', from: 'I', to: 'P', formula: '1' },
      ],
      { stepsLimit: 3 },
    );
    expect(run(d).series.P).toEqual([5, 5, 5]);
  });

  it('an activator on a constant-rate connection stops it for a step and lets it move again, in every run of a program', () => {
    const d = compile(
      diagram(
        [
          { id: 'S', type: 'source', activation: auto },
          { id: 'P', type: 'pool' },
          { id: 'T', type: 'source', activation: auto },
          { id: 'Q', type: 'pool' },
        ],
        [
          { id: 'c', from: 'S', to: 'P', formula: '2' },
          { id: 'q', from: 'T', to: 'Q', formula: '1' },
          { id: 'a', kind: 'state', from: 'Q', to: 'c', formula: '!=2' },
        ],
        { stepsLimit: 5 },
      ),
    );
    // Q is t after step t; c is off in the step after Q = 2.
    for (const seed of [1, 2]) expect(run(d, { seed }).series.P).toEqual([2, 4, 4, 6, 8]);
  });

  it('a node triggered after steps in which nothing was triggered fires in the next step', () => {
    const d = diagram(
      [
        { id: 'S', type: 'source', activation: auto },
        { id: 'P', type: 'pool' },
        { id: 'G', type: 'source' },
        { id: 'K', type: 'pool' },
      ],
      [
        { id: 'c', from: 'S', to: 'P', formula: '1' },
        { id: 'g', from: 'G', to: 'K', formula: '1' },
        { id: 't', kind: 'state', from: 'S', to: 'G', formula: '*' },
        { id: 'a', kind: 'state', from: 'P', to: 'S', formula: '<3' },
      ],
      { stepsLimit: 6 },
    );
    // S fires while P < 3 (steps 1–3) and triggers G each time: K grows in steps 2–4, then stays.
    expect(run(d).series.K).toEqual([0, 1, 2, 3, 3, 3]);
  });
});

describe('interactive session', () => {
  it('clicks fire at the next step, registers move by their step within min/max, events explain', () => {
    const d = diagram(
      [
        { id: 'I', type: 'source', activation: 'interactive' },
        { id: 'P', type: 'pool' },
        { id: 'R', type: 'register', interactive: true, initial: 1, step: 2, min: 0, max: 4 },
        { id: 'S', type: 'source', activation: auto },
        { id: 'Q', type: 'pool' },
      ],
      [
        { id: 'c', from: 'I', to: 'P', formula: '1' },
        { id: 'c2', from: 'S', to: 'Q', formula: '1' },
        { id: 'a', kind: 'state', from: 'R', to: 'S', formula: '>=3' },
      ],
    );
    const s = createSession(d);
    expect(s.step().values.P).toBe(0);
    s.click('I');
    expect(s.step().values.P).toBe(1);
    expect(s.step().values.P).toBe(1);
    expect(s.value('Q')).toBe(0);
    expect(s.raise('R')).toBe(3);
    expect(s.raise('R')).toBe(4);
    s.step(); // activators are evaluated at the end of a step
    expect(s.step().values.Q).toBe(1);
    expect(s.lower('R')).toBe(2);
    expect(s.events().some((e) => e.kind === 'inhibited' && e.node === 'S')).toBe(true);
    expect(s.events(2).some((e) => e.kind === 'transfer' && e.connection === 'c')).toBe(true);
    expect(() => s.click('P')).toThrow();
  });

  it('a batch gives each run seed + i', () => {
    const d = diagram(
      [
        { id: 'S', type: 'source', activation: auto },
        { id: 'P', type: 'pool' },
      ],
      [{ id: 'c', from: 'S', to: 'P', formula: 'D6' }],
    );
    const b = runBatchSync(d, { runs: 5, seed: 10, keepRuns: true });
    b.runResults!.forEach((r, i) => expect(r.series.P).toEqual(run(d, { seed: 10 + i }).series.P));
  });
});
