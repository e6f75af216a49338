import { describe, expect, it } from 'vitest';
import { compile } from '../compile.js';
import { run } from '../run.js';
import { runBatchSync } from '../batch.js';
import { fixture } from './helpers.js';

// ENGINE.md §10: values are end-of-step, t = 1, 2, …
const cases: [string, Record<string, number[]>, string?][] = [
  ['ex01-source', { Energy: [2, 4, 6, 8, 10] }],
  ['ex02-drain', { Gold: [3, 4, 5, 6, 7] }],
  ['ex03-pull', { B: [1, 2, 3, 4, 5, 5], A: [4, 3, 2, 1, 0, 0] }],
  ['ex04-pull-all', { B: [3, 6, 6, 6] }],
  ['ex04-pull-any', { B: [3, 6, 7, 7] }],
  ['ex05-push-all', { B: [2, 2, 2], C: [2, 2, 2], A: [1, 1, 1] }],
  ['ex06-converter', { Fragments: [7, 4, 1, 1], Keys: [1, 2, 3, 3] }],
  ['ex07-trigger', { Keys: [0, 1, 2, 3, 3], Fragments: [7, 4, 1, 1, 1] }],
  ['ex07-trigger-same-step', { Keys: [1, 2, 3, 3] }],
  [
    'ex08-invest',
    {
      Gold: [1, 2, 3, 4, 5, 1, 3, 5, 2, 5, 3, 7, 6, 6, 7, 9],
      Upgrades: [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7],
    },
  ],
  ['ex09-node-modifier', { Settlements: [1, 2, 3, 4], VP: [0, 2, 4, 6] }],
  ['ex10-activator-end', { P: [1, 2, 3, 4, 5], Q: [1, 2, 3, 3, 3] }, 'win'],
  ['ex11-interval', { P: [0, 0, 1, 1, 1, 2] }],
  ['ex11-fraction', { P: [0, 1, 1, 2, 2, 3] }],
  ['ex12-gate', { A: [3, 5, 8], B: [7, 15, 22] }],
];

describe('golden examples (ENGINE.md §10)', () => {
  for (const [name, expected, end] of cases) {
    it(name, () => {
      const result = run(fixture(name));
      for (const [id, series] of Object.entries(expected)) expect(result.series[id], id).toEqual(series);
      expect(result.end).toBe(end ?? 'limit');
      expect(result.steps).toBe(Object.values(expected)[0].length);
    });
    it(`${name}, after other runs of its compiled program (whose machine is reused)`, () => {
      const program = compile(fixture(name));
      for (const seed of [7, 8]) run(program, { seed, steps: 9 });
      const result = run(program);
      for (const [id, series] of Object.entries(expected)) expect(result.series[id], id).toEqual(series);
      expect(result.end).toBe(end ?? 'limit');
    });
  }

  it('ex12: the gate gives (3,7), (2,8), (3,7) per step', () => {
    const { A, B } = run(fixture('ex12-gate')).series;
    const gains = A.map((a, t) => [a - (A[t - 1] ?? 0), B[t] - (B[t - 1] ?? 0)]);
    expect(gains).toEqual([
      [3, 7],
      [2, 8],
      [3, 7],
    ]);
  });

  it('ex13: D6 has mean 3.5 and variance 35/12 per step', () => {
    const n = 4000;
    const r = runBatchSync(fixture('ex13-dice'), { runs: n, steps: 1, seed: 1 });
    const mean = r.summary.P.mean[0];
    expect(Math.abs(mean - 3.5)).toBeLessThan(4 * Math.sqrt(35 / 12 / n));
    expect(r.summary.P.min[0]).toBe(1);
    expect(r.summary.P.max[0]).toBe(6);
    // variance from the exact histogram: E[X²] − E[X]² via the per-step sum of 20 steps
    const long = runBatchSync(fixture('ex13-dice'), { runs: 2000, steps: 20, seed: 7 });
    const m20 = long.summary.P.mean[19];
    expect(Math.abs(m20 - 70)).toBeLessThan(4 * Math.sqrt((20 * 35) / 12 / 2000));
    const iqr = long.summary.P.p75[19] - long.summary.P.p25[19];
    const sd = iqr / 1.349; // normal approximation of the sum of 20 rolls
    expect(Math.abs(sd * sd - (20 * 35) / 12)).toBeLessThan(15);
  });

  it('ex13: 2D6+1 has mean 8 and range 3..13', () => {
    const r = runBatchSync(fixture('ex13-2d6'), { runs: 4000, steps: 1, seed: 3 });
    expect(Math.abs(r.summary.P.mean[0] - 8)).toBeLessThan(0.15);
    expect(r.summary.P.min[0]).toBe(3);
    expect(r.summary.P.max[0]).toBe(13);
  });

  it('ex13: 250% is 2 plus one more half the time', () => {
    const r = runBatchSync(fixture('ex13-chance'), { runs: 4000, steps: 1, seed: 5 });
    expect(r.summary.P.min[0]).toBe(2);
    expect(r.summary.P.max[0]).toBe(3);
    expect(Math.abs(r.summary.P.mean[0] - 2.5)).toBeLessThan(0.04);
  });
});
