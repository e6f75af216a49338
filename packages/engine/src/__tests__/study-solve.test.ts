import { describe, expect, it } from 'vitest';
import { parseAssertion } from '../assert.js';
import { runBatchSync } from '../batch.js';
import { applyLevers, parseLever, StudyInputError, type Lever } from '../study/levers.js';
import { sensitivity, tornado } from '../study/sensitivity.js';
import { solve } from '../study/solve.js';
import { sweep } from '../study/sweep.js';
import { diagram } from './helpers.js';

/** Sources with rates a, b, c into Gold, a drain taking 2 a step: Gold(t) = (a + b + c)·t − 2(t − 1) while it lasts. */
const incomes = (rates: string[], variables: Record<string, string>, start = 0) =>
  diagram(
    [
      ...rates.map((_, i) => ({ id: `S${i}`, type: 'source', activation: 'automatic' })),
      { id: 'Gold', type: 'pool', name: 'Gold', start },
      { id: 'Tax', type: 'drain', activation: 'automatic' },
    ],
    [
      ...rates.map((formula, i) => ({ id: `c${i}`, from: `S${i}`, to: 'Gold', formula })),
      { id: 'tax', from: 'Gold', to: 'Tax', formula: '2' },
    ],
    { stepsLimit: 10 },
    Object.entries(variables).map(([name, formula]) => ({ name, formula })),
  );

/** The goals judged by the existing `--assert` checker on a batch of the solved diagram, on the same seeds. */
function independentlyHolds(
  doc: ReturnType<typeof incomes>,
  levers: Lever[],
  values: Record<string, number>,
  goals: string[],
  seed: number,
  runs: number,
) {
  const solved = applyLevers(
    doc,
    levers,
    levers.map((l) => values[l.name]),
  );
  const batch = runBatchSync(solved, { runs, seed, steps: 10 });
  return goals.map((g) => parseAssertion(g).check(batch).ok);
}

describe('solve on diagrams whose answers are known by construction', () => {
  it('one lever: Gold(10) = 10·income − 18 lies in [40, 45] only for income = 6', () => {
    const doc = incomes(['income'], { income: '1' });
    const goals = ['min(Gold, 10) >= 40', 'max(Gold, 10) <= 45'];
    const r = solve(doc, { levers: [parseLever('income=0:20:int')], goals, runs: 5, seed: 3 });
    expect(r.method).toBe('grid+nelder-mead');
    expect(r.levers).toEqual({ income: 6 });
    expect(r.met).toBe(true);
    expect(r.goals).toEqual([
      { goal: goals[0], value: 42, met: true },
      { goal: goals[1], value: 42, met: true },
    ]);
    expect(r.verified).toMatchObject({ runs: 200, seed: 8, share: 1 });
    expect(r.evaluations).toBeLessThanOrEqual(300);
  });

  it("a pool's start as a lever: Gold(5) = start + 15 − 10 (the drain takes 2 from step 1) equals 50 for start = 45", () => {
    const doc = incomes(['3'], {});
    const r = solve(doc, { levers: [parseLever('Gold.start=0:100')], goals: ['mean(Gold, 5) == 50'], runs: 2 });
    expect(r.levers).toEqual({ 'Gold.start': 45 });
    expect(r.met).toBe(true);
  });

  it('three levers (CMA-ES) with random income: the answer meets every goal under the existing assertion checker', () => {
    const doc = diagram(
      [
        { id: 'S', type: 'source', activation: 'automatic' },
        { id: 'Mine', type: 'source', activation: 'automatic' },
        { id: 'Gold', type: 'pool', name: 'Gold', start: 0 },
        { id: 'Gems', type: 'pool', name: 'Gems' },
      ],
      [
        { id: 'gold', from: 'S', to: 'Gold', formula: 'goldRate + D6' },
        { id: 'gems', from: 'Mine', to: 'Gems', formula: 'gemRate' },
      ],
      { stepsLimit: 10 },
      [
        { name: 'goldRate', formula: '0' },
        { name: 'gemRate', formula: '0' },
      ],
    );
    const levers = ['goldRate=0:30', 'gemRate=0:10', 'Gold.start=0:200'].map(parseLever);
    // Gold(10) = start + 10·goldRate + ten D6 (35 ± 5.4); Gems(10) = ⌊10·gemRate⌋.
    const goals = [
      'median(Gold, 10) >= 150',
      'p90(Gold, 10) <= 190',
      'mean(Gems, 10) >= 30 && mean(Gems, 10) <= 40',
      'min(Gold, 1) >= 20',
    ];
    const r = solve(doc, { levers, goals, runs: 100, seed: 11 });
    expect(r.method).toBe('cma-es');
    expect(r.met).toBe(true);
    expect(r.evaluations).toBeLessThanOrEqual(300);
    expect(independentlyHolds(doc, levers, r.levers, goals, 11, 100)).toEqual([true, true, true, true]);
    expect(r.levers.gemRate).toBeGreaterThanOrEqual(3);
    expect(r.levers.gemRate).toBeLessThan(4.1);
    expect(Number.isInteger(r.levers['Gold.start'])).toBe(true);
    expect(r.verified.runs).toBe(200);
    expect(r.verified.share).toBeGreaterThan(0);
    expect(r.verified.share).toBeLessThanOrEqual(1);
    // Common random numbers and a seeded search: the same answer every time.
    expect(solve(doc, { levers, goals, runs: 100, seed: 11 })).toEqual(r);
  });

  it('maximises an objective among the answers that meet every goal: a + b + c = 9 gives Gold(10) = 72', () => {
    const doc = incomes(['a', 'b', 'c'], { a: '0', b: '0', c: '0' });
    const levers = ['a=0:10:int', 'b=0:10:int', 'c=0:10:int'].map(parseLever);
    const r = solve(doc, { levers, goals: ['max(Gold, 10) <= 75'], maximize: 'mean(Gold, 10)', runs: 1, budget: 300 });
    expect(r.met).toBe(true);
    expect(r.objective).toEqual({ expression: 'mean(Gold, 10)', sense: 'maximize', value: 72 });
    expect(r.levers.a + r.levers.b + r.levers.c).toBe(9);
    expect(r.candidates[0].levers).toEqual(r.levers);
  });

  it('reports the best it found when no answer meets the goals', () => {
    const doc = incomes(['income'], { income: '1' });
    const r = solve(doc, { levers: [parseLever('income=0:5:int')], goals: ['min(Gold, 10) >= 100'], runs: 1 });
    expect(r.met).toBe(false);
    expect(r.levers).toEqual({ income: 5 });
    expect(r.goals[0]).toEqual({ goal: 'min(Gold, 10) >= 100', value: 32, met: false });
  });

  it('refuses bad input with a plain message', () => {
    const doc = incomes(['income'], { income: '1' });
    const bad =
      (levers: string[], goals = ['mean(Gold, 10) > 1']) =>
      () =>
        solve(doc, { levers: levers.map(parseLever), goals });
    expect(bad(['nope=0:1'])).toThrow(/no variable of that name/);
    expect(bad(['income=5:1'])).toThrow(/MIN must be below MAX/);
    expect(bad(['income=0:10:log'])).toThrow(/log scale needs MIN > 0/);
    expect(bad(['Tax.start=0:3'])).toThrow(/not a pool/);
    expect(bad(['income=0:10'], ['mean(Silver, 10) > 1'])).toThrow(/'Silver' is not a pool or register/);
    expect(bad(['income=0:10'], ['mean(Gold, 10) >'])).toThrow(StudyInputError);
    expect(() => parseLever('income=0')).toThrow(/NAME=MIN:MAX/);
    expect(() => parseLever('income=0:1:cube')).toThrow(/'int' or 'log'/);
    expect(parseLever('rate=0.5:50:log')).toEqual({ name: 'rate', min: 0.5, max: 50, log: true });
  });
});

describe('sweep and sensitivity on a diagram', () => {
  it('sweeps a grid: Gold(10) = 10·income − 18', () => {
    const doc = incomes(['income'], { income: '1' });
    const r = sweep(doc, { levers: [parseLever('income=2:6:int')], metric: 'mean(Gold, 10)', samples: 5, runs: 3 });
    expect(r.points.map((p) => [p.levers.income, p.value])).toEqual([
      [2, 2],
      [3, 12],
      [4, 22],
      [5, 32],
      [6, 42],
    ]);
    const lhs = sweep(doc, {
      levers: [parseLever('income=2:6')],
      metric: 'mean(Gold, 10)',
      method: 'lhs',
      samples: 7,
      runs: 1,
    });
    expect(lhs.points).toHaveLength(7);
  });

  it('gives a lever that moves nothing zero indices and the lever that does all of them', () => {
    const doc = incomes(['a', 'b'], { a: '1', b: '0' });
    // b feeds Gold too, but over a range of 0 to 0.01 it pays nothing within 10 steps.
    const levers = ['a=2:10', 'b=0:0.01'].map(parseLever);
    const r = sensitivity(doc, { levers, metric: 'mean(Gold, 10)', samples: 256, runs: 1 });
    if (r.method !== 'sobol') throw new Error('sobol expected');
    expect(r.evaluations).toBe(256 * 4);
    expect(r.indices.b).toEqual({ S1: 0, S1_conf: 0, ST: 0, ST_conf: 0 });
    expect(r.indices.a.S1).toBeGreaterThan(0.95);
    expect(r.indices.a.ST).toBeGreaterThan(0.95);
    const m = sensitivity(doc, { levers, metric: 'mean(Gold, 10)', method: 'morris', samples: 10, runs: 1 });
    if (m.method !== 'morris') throw new Error('morris expected');
    expect(m.evaluations).toBe(30);
    expect(m.indices.b.mu_star).toBe(0);
    expect(m.indices.a.mu_star).toBeGreaterThan(50);
  });

  it("draws a tornado one lever at a time from the diagram's values (the middle of the range when outside it)", () => {
    const doc = incomes(['a', 'b'], { a: '1', b: '0' });
    const levers = ['a=2:10', 'b=0:0.01'].map(parseLever);
    expect(tornado(doc, { levers, metric: 'mean(Gold, 10)', runs: 1 })).toEqual({
      base: 42,
      bars: [
        { lever: 'a', low: 2, high: 82 },
        { lever: 'b', low: 42, high: 42 },
      ],
    });
  });
});
