import { Rng } from '../random.js';
import { gridSample } from './samplers.js';

/** What a candidate scores; compared lexicographically (e.g. [goal violation, objective]), smaller is better. */
export type Key = number[];

export interface Scored {
  u: number[];
  key: Key;
}

export interface MinimizeOptions {
  dimensions: number;
  /** Scores a generation of points of the unit cube (one block of work). */
  evaluate: (points: number[][]) => Key[];
  /** Most points to score. */
  budget: number;
  /** Where to start (unit cube); default its centre. */
  start?: number[];
  seed?: number;
  /** Stop as soon as the best so far is good enough. */
  good?: (key: Key) => boolean;
}

export interface MinimizeResult {
  best: Scored;
  evaluations: number;
  /** Every point scored, in order. */
  history: Scored[];
}

export function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0,
      y = b[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Keeps the search inside the unit cube: a point outside is scored at its nearest point inside,
 * behind every point inside, ordered by how far out it is.
 */
class Scorer {
  readonly history: Scored[] = [];
  best: Scored | null = null;

  constructor(private readonly options: MinimizeOptions) {}

  get spent(): number {
    return this.history.length;
  }

  get done(): boolean {
    return this.spent >= this.options.budget || (this.best !== null && (this.options.good?.(this.best.key) ?? false));
  }

  score(points: number[][]): Key[] {
    const room = Math.max(0, this.options.budget - this.spent);
    const batch = points.slice(0, room);
    const inside = batch.map((p) => p.map((x) => Math.min(1, Math.max(0, x))));
    const keys = batch.length ? this.options.evaluate(inside) : [];
    const out = batch.map((p, i) => {
      const outside = p.reduce((a, x, j) => a + (x - inside[i][j]) ** 2, 0);
      const key = [outside, ...keys[i]];
      const scored = { u: inside[i], key: keys[i] };
      this.history.push(scored);
      if (this.best === null || compareKeys(keys[i], this.best.key) < 0) this.best = scored;
      return key;
    });
    // Points past the budget rank last.
    for (let i = batch.length; i < points.length; i++) out.push([Infinity]);
    return out;
  }

  result(): MinimizeResult {
    return { best: this.best!, evaluations: this.spent, history: this.history };
  }
}

/**
 * CMA-ES (Hansen's (μ/μ_w, λ) covariance matrix adaptation) on the unit cube. Rank-based, so it
 * works with lexicographic keys: feasibility first, then the objective.
 */
export function cmaes(options: MinimizeOptions, sigma0 = 0.3): MinimizeResult {
  const n = options.dimensions;
  const scorer = new Scorer(options);
  const rng = new Rng(options.seed ?? 0);
  const gauss = (): number => {
    const u = 1 - rng.next(),
      v = rng.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const lambda = 4 + Math.floor(3 * Math.log(n));
  const mu = Math.floor(lambda / 2);
  const rawWeights = Array.from({ length: mu }, (_, i) => Math.log(mu + 0.5) - Math.log(i + 1));
  const wSum = rawWeights.reduce((a, b) => a + b, 0);
  const w = rawWeights.map((x) => x / wSum);
  const mueff = 1 / w.reduce((a, x) => a + x * x, 0);
  const cc = (4 + mueff / n) / (n + 4 + (2 * mueff) / n);
  const cs = (mueff + 2) / (n + mueff + 5);
  const c1 = 2 / ((n + 1.3) ** 2 + mueff);
  const cmu = Math.min(1 - c1, (2 * (mueff - 2 + 1 / mueff)) / ((n + 2) ** 2 + mueff));
  const damps = 1 + 2 * Math.max(0, Math.sqrt((mueff - 1) / (n + 1)) - 1) + cs;
  const chiN = Math.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n));

  let mean = options.start ? options.start.slice() : new Array<number>(n).fill(0.5);
  let sigma = sigma0;
  const pc = new Array<number>(n).fill(0);
  const ps = new Array<number>(n).fill(0);
  let C = identity(n);
  let gen = 0;
  scorer.score([mean]);
  while (!scorer.done) {
    const { vectors: B, values } = symmetricEigen(C);
    const D = values.map((x) => Math.sqrt(Math.max(x, 1e-20)));
    const ys: number[][] = [];
    const xs: number[][] = [];
    for (let k = 0; k < lambda; k++) {
      const z = Array.from({ length: n }, gauss);
      const y = new Array<number>(n).fill(0);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) y[i] += B[i][j] * D[j] * z[j];
      ys.push(y);
      xs.push(mean.map((m, i) => m + sigma * y[i]));
    }
    const keys = scorer.score(xs);
    const order = xs.map((_, k) => k).sort((a, b) => compareKeys(keys[a], keys[b]));
    const old = mean;
    const yw = new Array<number>(n).fill(0);
    for (let r = 0; r < mu; r++) for (let i = 0; i < n; i++) yw[i] += w[r] * ys[order[r]][i];
    mean = old.map((m, i) => m + sigma * yw[i]);
    // C^(-1/2) yw = B D^-1 B^T yw
    const bty = B[0].map((_, j) => B.reduce((a, row, i) => a + row[j] * yw[i], 0));
    const invSqrt = B.map((row) => row.reduce((a, b, j) => a + (b * bty[j]) / D[j], 0));
    const csFactor = Math.sqrt(cs * (2 - cs) * mueff);
    for (let i = 0; i < n; i++) ps[i] = (1 - cs) * ps[i] + csFactor * invSqrt[i];
    const psNorm = Math.hypot(...ps);
    gen++;
    const hsig = psNorm / Math.sqrt(1 - (1 - cs) ** (2 * gen)) / chiN < 1.4 + 2 / (n + 1) ? 1 : 0;
    const ccFactor = Math.sqrt(cc * (2 - cc) * mueff);
    for (let i = 0; i < n; i++) pc[i] = (1 - cc) * pc[i] + hsig * ccFactor * yw[i];
    const next = identity(n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j <= i; j++) {
        let rankMu = 0;
        for (let r = 0; r < mu; r++) rankMu += w[r] * ys[order[r]][i] * ys[order[r]][j];
        const v = (1 - c1 - cmu) * C[i][j] + c1 * (pc[i] * pc[j] + (1 - hsig) * cc * (2 - cc) * C[i][j]) + cmu * rankMu;
        next[i][j] = next[j][i] = v;
      }
    C = next;
    sigma *= Math.exp((cs / damps) * (psNorm / chiN - 1));
    if (sigma * Math.max(...D) < 1e-12 || !Number.isFinite(sigma)) break;
  }
  return scorer.result();
}

/**
 * For one or two levers: a coarse grid (9 or 5×5 points) to find the right basin, then
 * Nelder–Mead from its best point.
 */
export function gridThenNelderMead(options: MinimizeOptions): MinimizeResult {
  const n = options.dimensions;
  const scorer = new Scorer(options);
  const levels = n === 1 ? 9 : 5;
  const grid = gridSample(levels, n);
  const start = options.start ? [options.start, ...grid] : grid;
  const keys = scorer.score(start);
  if (scorer.done) return scorer.result();
  let bestIndex = 0;
  for (let i = 1; i < start.length; i++) if (compareKeys(keys[i], keys[bestIndex]) < 0) bestIndex = i;
  nelderMead(scorer, start[bestIndex], keys[bestIndex], 0.5 / (levels - 1));
  return scorer.result();
}

function nelderMead(scorer: Scorer, x0: number[], k0: Key, size: number): void {
  const n = x0.length;
  const simplex: { x: number[]; k: Key }[] = [{ x: x0, k: k0 }];
  for (let i = 0; i < n; i++) {
    const x = x0.slice();
    x[i] = x[i] + size <= 1 ? x[i] + size : x[i] - size;
    simplex.push({ x, k: scorer.score([x])[0] });
  }
  const one = (x: number[]): Key => scorer.score([x])[0];
  while (!scorer.done) {
    simplex.sort((a, b) => compareKeys(a.k, b.k));
    const spread = Math.max(
      ...simplex.slice(1).map((s) => Math.max(...s.x.map((v, i) => Math.abs(v - simplex[0].x[i])))),
    );
    if (spread < 1e-10) break;
    const centroid = new Array<number>(n).fill(0);
    for (let s = 0; s < n; s++) for (let i = 0; i < n; i++) centroid[i] += simplex[s].x[i] / n;
    const worst = simplex[n];
    const along = (t: number): number[] => centroid.map((c, i) => c + t * (worst.x[i] - c));
    const xr = along(-1);
    const kr = one(xr);
    if (compareKeys(kr, simplex[0].k) < 0) {
      const xe = along(-2);
      const ke = one(xe);
      simplex[n] = compareKeys(ke, kr) < 0 ? { x: xe, k: ke } : { x: xr, k: kr };
    } else if (compareKeys(kr, simplex[n - 1].k) < 0) {
      simplex[n] = { x: xr, k: kr };
    } else {
      const outside = compareKeys(kr, worst.k) < 0;
      const xc = along(outside ? -0.5 : 0.5);
      const kc = one(xc);
      if (compareKeys(kc, outside ? kr : worst.k) < 0) simplex[n] = { x: xc, k: kc };
      else
        for (let s = 1; s <= n && !scorer.done; s++) {
          const x = simplex[s].x.map((v, i) => simplex[0].x[i] + 0.5 * (v - simplex[0].x[i]));
          simplex[s] = { x, k: one(x) };
        }
    }
  }
}

function identity(n: number): number[][] {
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
}

/** Eigen-decomposition of a small symmetric matrix by cyclic Jacobi rotations: columns of `vectors`. */
export function symmetricEigen(matrix: number[][]): { values: number[]; vectors: number[][] } {
  const n = matrix.length;
  const a = matrix.map((row) => row.slice());
  const v = identity(n);
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p][q] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p][q]) < 1e-300) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1),
          s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k][p],
            akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p][k],
            aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k][p],
            vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
  }
  return { values: a.map((row, i) => row[i]), vectors: v };
}
