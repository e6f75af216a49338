import { Rng } from '../random.js';
import { sobolSample, type UnitPoints } from './samplers.js';

/** Sobol' first-order and total indices of one parameter, with 95 % bootstrap half-widths. */
export interface SobolIndex {
  S1: number;
  S1_conf: number;
  ST: number;
  ST_conf: number;
}

/**
 * Saltelli's design for N base samples and d parameters: A and B from a 2d-dimensional Sobol'
 * sequence, then for each parameter i the matrix AB_i (A with column i from B). Rows are laid
 * out A (N), B (N), AB_1 (N), …, AB_d (N): N (d + 2) points.
 */
export function saltelliDesign(samples: number, dimensions: number): UnitPoints {
  const base = sobolSample(samples, 2 * dimensions);
  const A = base.map((p) => p.slice(0, dimensions));
  const B = base.map((p) => p.slice(dimensions));
  const out: UnitPoints = [...A, ...B];
  for (let i = 0; i < dimensions; i++)
    for (let j = 0; j < samples; j++) {
      const row = A[j].slice();
      row[i] = B[j][i];
      out.push(row);
    }
  return out;
}

/**
 * First-order indices by Saltelli et al. (2010), total indices by Jansen (1999), from the values
 * of f over saltelliDesign's points; confidence: 1.96 × the standard deviation over `resamples`
 * bootstrap resamples of the N rows.
 */
export function sobolIndices(
  values: ArrayLike<number>,
  samples: number,
  dimensions: number,
  seed = 0,
  resamples = 100,
) {
  const N = samples;
  const fA = Float64Array.from({ length: N }, (_, j) => values[j]);
  const fB = Float64Array.from({ length: N }, (_, j) => values[N + j]);
  const fAB = Array.from({ length: dimensions }, (_, i) =>
    Float64Array.from({ length: N }, (_, j) => values[(2 + i) * N + j]),
  );
  const estimate = (rows: Int32Array, i: number): [number, number] => {
    let mean = 0;
    for (const j of rows) mean += fA[j] + fB[j];
    mean /= 2 * rows.length;
    let variance = 0,
      first = 0,
      total = 0;
    for (const j of rows) {
      variance += (fA[j] - mean) ** 2 + (fB[j] - mean) ** 2;
      first += fB[j] * (fAB[i][j] - fA[j]);
      total += (fA[j] - fAB[i][j]) ** 2;
    }
    variance /= 2 * rows.length;
    if (variance === 0) return [0, 0];
    return [first / rows.length / variance, total / (2 * rows.length) / variance];
  };
  const all = Int32Array.from({ length: N }, (_, j) => j);
  const rng = new Rng(seed);
  const draws = Array.from({ length: resamples }, () => Int32Array.from({ length: N }, () => rng.int(N)));
  const out: SobolIndex[] = [];
  for (let i = 0; i < dimensions; i++) {
    const [S1, ST] = estimate(all, i);
    const boot = draws.map((rows) => estimate(rows, i));
    out.push({
      S1,
      S1_conf: 1.96 * standardDeviation(boot.map((b) => b[0])),
      ST,
      ST_conf: 1.96 * standardDeviation(boot.map((b) => b[1])),
    });
  }
  return out;
}

/** Morris screening of one parameter: mean of the elementary effects, of their absolute values, and their spread. */
export interface MorrisIndex {
  mu: number;
  mu_star: number;
  sigma: number;
  mu_star_conf: number;
}

/**
 * Morris' one-at-a-time design: `trajectories` paths of d + 1 points on a grid of `levels`
 * levels, each moving one parameter by Δ = levels / (2 (levels − 1)) in a random order.
 * Points are laid out trajectory after trajectory; `moves` tells which parameter each step moved
 * and by how much (signed, in units of the range).
 */
export function morrisDesign(trajectories: number, dimensions: number, seed: number, levels = 4) {
  const rng = new Rng(seed);
  const delta = levels / (2 * (levels - 1));
  const points: UnitPoints = [];
  const moves: { parameter: number; delta: number }[][] = [];
  for (let r = 0; r < trajectories; r++) {
    const x = Array.from({ length: dimensions }, () => rng.int(levels) / (levels - 1));
    points.push(x.slice());
    const order = Array.from({ length: dimensions }, (_, i) => i);
    for (let i = dimensions - 1; i > 0; i--) {
      const k = rng.int(i + 1);
      [order[i], order[k]] = [order[k], order[i]];
    }
    const path: { parameter: number; delta: number }[] = [];
    for (const i of order) {
      const step = x[i] + delta <= 1 + 1e-12 ? delta : -delta;
      x[i] = Math.min(1, Math.max(0, x[i] + step));
      path.push({ parameter: i, delta: step });
      points.push(x.slice());
    }
    moves.push(path);
  }
  return { points, moves };
}

export function morrisIndices(
  values: ArrayLike<number>,
  moves: { parameter: number; delta: number }[][],
  dimensions: number,
  seed = 0,
  resamples = 100,
): MorrisIndex[] {
  const effects: number[][] = Array.from({ length: dimensions }, () => []);
  moves.forEach((path, r) => {
    const base = r * (dimensions + 1);
    path.forEach((move, k) => {
      effects[move.parameter].push((values[base + k + 1] - values[base + k]) / move.delta);
    });
  });
  const rng = new Rng(seed);
  return effects.map((ee) => {
    const abs = ee.map(Math.abs);
    const boot = Array.from({ length: resamples }, () => mean(ee.map(() => abs[rng.int(ee.length)])));
    return {
      mu: mean(ee),
      mu_star: mean(abs),
      sigma: standardDeviation(ee),
      mu_star_conf: 1.96 * standardDeviation(boot),
    };
  });
}

function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN;
}

/** Sample standard deviation (n − 1). */
function standardDeviation(xs: number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}
