import { describe, expect, it } from 'vitest';
import { cmaes, gridThenNelderMead, type MinimizeOptions } from '../study/optimize.js';
import { gridSample, latinHypercube, sobolSample } from '../study/samplers.js';
import { morrisDesign, morrisIndices, saltelliDesign, sobolIndices } from '../study/sensitivity-math.js';
import { sobolPoints } from '../study/sobol-sequence.js';

const N = 4096;

/** f over the unit cube, scaled to each parameter's range. */
function sobolOf(f: (x: number[]) => number, d: number, scale: (u: number, i: number) => number = (u) => u) {
  const design = saltelliDesign(N, d);
  const values = design.map((u) => f(u.map(scale)));
  return sobolIndices(values, N, d, 1);
}

describe('samplers', () => {
  it('gives the Joe–Kuo Sobol points (first points from the reference implementation)', () => {
    const p = sobolPoints(10, 3);
    expect(Array.from(p)).toEqual(
      [
        [0, 0, 0],
        [0.5, 0.5, 0.5],
        [0.75, 0.25, 0.25],
        [0.25, 0.75, 0.75],
        [0.375, 0.375, 0.625],
        [0.875, 0.875, 0.125],
        [0.625, 0.125, 0.875],
        [0.125, 0.625, 0.375],
        [0.1875, 0.3125, 0.9375],
        [0.6875, 0.8125, 0.4375],
      ].flat(),
    );
  });

  it('fills every dyadic interval evenly in every one of 53 dimensions (a (t, s)-sequence property)', () => {
    const points = sobolPoints(1024, 53);
    for (let j = 0; j < 53; j++) {
      const bins = new Array<number>(64).fill(0);
      for (let i = 0; i < 1024; i++) bins[Math.floor(points[i * 53 + j] * 64)]++;
      expect(bins.every((b) => b === 16)).toBe(true);
    }
    expect(() => sobolPoints(1, 54)).toThrow(RangeError);
  });

  it('Latin hypercube hits each stratum once per dimension, the same under the same seed', () => {
    const pts = latinHypercube(50, 3, 7);
    for (let j = 0; j < 3; j++) {
      const strata = pts.map((p) => Math.floor(p[j] * 50)).sort((a, b) => a - b);
      expect(strata).toEqual(Array.from({ length: 50 }, (_, i) => i));
    }
    expect(latinHypercube(50, 3, 7)).toEqual(pts);
    expect(latinHypercube(50, 3, 8)).not.toEqual(pts);
  });

  it('grid covers the ends and every level combination', () => {
    const g = gridSample(3, 2);
    expect(g).toHaveLength(9);
    expect(g[0]).toEqual([0, 0]);
    expect(g[8]).toEqual([1, 1]);
    expect(g[1]).toEqual([0, 0.5]);
    expect(sobolSample(4, 2)[0]).toEqual([0.5, 0.5]);
  });
});

describe('Sobol indices against analytic values (N = 4,096)', () => {
  it('Ishigami: S1 = 0.3139, 0.4424, 0; ST = 0.5576, 0.4424, 0.2437', () => {
    const a = 7,
      b = 0.1;
    const ishigami = (x: number[]) => Math.sin(x[0]) + a * Math.sin(x[1]) ** 2 + b * x[2] ** 4 * Math.sin(x[0]);
    const idx = sobolOf(ishigami, 3, (u) => -Math.PI + 2 * Math.PI * u);
    const S1 = [0.3139, 0.4424, 0];
    const ST = [0.5576, 0.4424, 0.2437];
    idx.forEach((s, i) => {
      expect(Math.abs(s.S1 - S1[i])).toBeLessThan(0.02);
      expect(Math.abs(s.ST - ST[i])).toBeLessThan(0.02);
      expect(s.S1_conf).toBeGreaterThan(0);
      expect(s.S1_conf).toBeLessThan(0.1);
    });
  });

  it('linear: S1 = ST = a_i² / Σa²', () => {
    const coef = [1, 2, 3, 0];
    const idx = sobolOf((x) => coef.reduce((s, c, i) => s + c * x[i], 0), 4);
    const total = coef.reduce((s, c) => s + c * c, 0);
    idx.forEach((s, i) => {
      expect(Math.abs(s.S1 - coef[i] ** 2 / total)).toBeLessThan(0.02);
      expect(Math.abs(s.ST - coef[i] ** 2 / total)).toBeLessThan(0.02);
    });
  });

  it('product x1·x2·x3 on [0, 1]: S1 = 9/37 each (0.2432), ST = 16/37 (0.4324)', () => {
    // E = 1/8, Var(x) = 1/12, E[x²] = 1/3: V = 1/27 − 1/64 = 37/1728; V_i = (1/12)(1/16) = 1/192 (S1 = 9/37);
    // V_Ti = E[V(f|x~i)] = Var(x_i)·E[x_j² x_k²] = (1/12)(1/9) = 1/108.
    const idx = sobolOf((x) => x[0] * x[1] * x[2], 3);
    const V = 37 / 1728;
    for (const s of idx) {
      expect(Math.abs(s.S1 - 1 / 192 / V)).toBeLessThan(0.02);
      expect(Math.abs(s.ST - 1 / 108 / V)).toBeLessThan(0.02);
    }
  });
});

describe('Morris screening', () => {
  it('gives μ* = |a_i| and σ = 0 for a linear function, and spots the interacting pair', () => {
    const d = 5;
    const { points, moves } = morrisDesign(30, d, 3);
    expect(points).toHaveLength(30 * (d + 1));
    const linear = morrisIndices(
      points.map((x) => 4 * x[0] - 2 * x[1] + 0 * x[2] + 10 * x[3]),
      moves,
      d,
    );
    expect(linear.map((m) => m.mu_star)).toEqual([4, 2, 0, 10, 0].map((v) => expect.closeTo(v, 9)));
    expect(linear.map((m) => m.mu)).toEqual([4, -2, 0, 10, 0].map((v) => expect.closeTo(v, 9)));
    expect(linear.every((m) => m.sigma < 1e-9)).toBe(true);

    // x0·x1 interacts; x2 acts alone and linearly; x3, x4 do nothing.
    const mixed = morrisIndices(
      points.map((x) => 8 * x[0] * x[1] + 3 * x[2]),
      moves,
      d,
    );
    expect(mixed[0].sigma).toBeGreaterThan(1);
    expect(mixed[1].sigma).toBeGreaterThan(1);
    expect(mixed[2].sigma).toBeLessThan(1e-9);
    expect(mixed[2].mu_star).toBeCloseTo(3, 9);
    expect(mixed[3].mu_star).toBe(0);
    expect(mixed[4].mu_star).toBe(0);
  });

  it("ranks the Sobol' G-function's parameters by their importance (a = 0, 1, 4.5, 9, 99)", () => {
    const a = [0, 1, 4.5, 9, 99];
    const g = (x: number[]) => a.reduce((p, ai, i) => p * ((Math.abs(4 * x[i] - 2) + ai) / (1 + ai)), 1);
    const { points, moves } = morrisDesign(50, a.length, 11);
    const idx = morrisIndices(points.map(g), moves, a.length);
    const order = idx
      .map((m, i) => [m.mu_star, i])
      .sort((p, q) => q[0] - p[0])
      .map((p) => p[1]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(idx[4].mu_star).toBeLessThan(0.05 * idx[0].mu_star);
  });
});

describe('solver on known optima', () => {
  const onBox =
    (f: (x: number[]) => number, lo: number, hi: number): MinimizeOptions['evaluate'] =>
    (points) =>
      points.map((u) => [f(u.map((v) => lo + (hi - lo) * v))]);
  const sphere = (x: number[]) => x.reduce((s, v) => s + (v - 0.3) ** 2, 0);
  const rosenbrock = (x: number[]) =>
    x.slice(0, -1).reduce((s, v, i) => s + 100 * (x[i + 1] - v * v) ** 2 + (1 - v) ** 2, 0);
  const toBox = (u: number[], lo: number, hi: number) => u.map((v) => lo + (hi - lo) * v);

  for (const d of [2, 3, 4, 6, 8]) {
    it(`CMA-ES reaches the sphere's optimum in ${d} dimensions within 2,000 evaluations`, () => {
      const r = cmaes({ dimensions: d, evaluate: onBox(sphere, -5, 5), budget: 2000, seed: d });
      expect(r.evaluations).toBeLessThanOrEqual(2000);
      expect(r.best.key[0]).toBeLessThan(1e-8);
      for (const x of toBox(r.best.u, -5, 5)) expect(x).toBeCloseTo(0.3, 3);
    });

    it(`CMA-ES reaches Rosenbrock's optimum (1, …, 1) in ${d} dimensions within 20,000 evaluations`, () => {
      const r = cmaes({ dimensions: d, evaluate: onBox(rosenbrock, -2, 2), budget: 20000, seed: d });
      expect(r.best.key[0]).toBeLessThan(1e-6);
      for (const x of toBox(r.best.u, -2, 2)) expect(Math.abs(x - 1)).toBeLessThan(1e-2);
    });
  }

  it('grid + Nelder–Mead reaches the optimum of the sphere (1-D, 2-D) and Rosenbrock (2-D) within 600 evaluations', () => {
    for (const d of [1, 2]) {
      const r = gridThenNelderMead({ dimensions: d, evaluate: onBox(sphere, -5, 5), budget: 600 });
      for (const x of toBox(r.best.u, -5, 5)) expect(x).toBeCloseTo(0.3, 4);
    }
    const r = gridThenNelderMead({ dimensions: 2, evaluate: onBox(rosenbrock, -2, 2), budget: 600 });
    expect(r.evaluations).toBeLessThanOrEqual(600);
    for (const x of toBox(r.best.u, -2, 2)) expect(Math.abs(x - 1)).toBeLessThan(1e-3);
  });

  it('finds a feasible point first when keys rank feasibility before the objective, and stays in the box', () => {
    // Minimise x0 + x1 subject to x0 ≥ 0.6 and x1 ≥ 0.2 (on the unit square): answer (0.6, 0.2).
    const evaluate: MinimizeOptions['evaluate'] = (points) =>
      points.map(([a, b]) => [Math.max(0, 0.6 - a) + Math.max(0, 0.2 - b), a + b]);
    for (const r of [
      cmaes({ dimensions: 2, evaluate, budget: 1500, seed: 1 }),
      gridThenNelderMead({ dimensions: 2, evaluate, budget: 400 }),
    ]) {
      expect(r.best.key[0]).toBe(0);
      expect(r.best.u[0]).toBeCloseTo(0.6, 2);
      expect(r.best.u[1]).toBeCloseTo(0.2, 2);
      expect(r.history.every((h) => h.u.every((v) => v >= 0 && v <= 1))).toBe(true);
    }
  });

  it('is deterministic under a seed', () => {
    const run = () => cmaes({ dimensions: 4, evaluate: onBox(rosenbrock, -2, 2), budget: 500, seed: 9 });
    expect(run().history).toEqual(run().history);
  });
});
