import { AssertError, evaluateAssertion, parseAssertionTree, type AssertNode, type StatSource } from '../assert.js';
import { compile } from '../compile.js';
import { Machine } from '../machine.js';
import type { Program } from '../program.js';
import type { DiagramInput } from '../schema.js';
import { applyLevers, checkLevers, isIntegerLever, leverValue, StudyInputError, type Lever } from './levers.js';

/** The runs one design point is measured on: seeds seed, seed + 1, …, seed + runs − 1. */
export interface SeedSet {
  seed: number;
  runs: number;
}

interface Cell {
  node: number;
  /** 1-based step, or 0 for the end of each run. */
  step: number;
}

/**
 * What a study measures: statistic expressions in the assertion language (goals, metrics, an
 * objective), resolved once against the diagram. Candidates only change numbers, never the nodes,
 * so the cells found here hold for every lever setting.
 */
export interface StudyPlan {
  diagram: DiagramInput;
  levers: Lever[];
  integer: boolean[];
  trees: AssertNode[];
  texts: string[];
  cells: Cell[];
  /** By `node:step` and by the reference as written (refKey). */
  cellIndex: Map<string, number>;
  /** Steps each run is simulated for. */
  steps: number;
  endNames: string[];
}

export function planStudy(diagram: DiagramInput, levers: Lever[], expressions: string[], steps?: number): StudyPlan {
  checkLevers(diagram, levers);
  let program: Program;
  try {
    program = compile(diagram);
  } catch (e) {
    throw new StudyInputError(`the diagram does not compile: ${(e as Error).message}`);
  }
  const trees = expressions.map((text) => {
    try {
      return parseAssertionTree(text);
    } catch (e) {
      throw new StudyInputError(`bad expression "${text}": ${(e as Error).message}`);
    }
  });
  const cells: Cell[] = [];
  const cellIndex = new Map<string, number>();
  let maxStep = 0;
  let needsEnd = false;
  const visit = (n: AssertNode, text: string): void => {
    if (n.kind === 'bin') {
      visit(n.a, text);
      visit(n.b, text);
    } else if (n.kind === 'neg') visit(n.a, text);
    else if (n.kind === 'ends') needsEnd = true;
    else if (n.kind === 'stat') {
      const node = resolveCharted(program, n.target);
      if (node < 0)
        throw new StudyInputError(
          `bad expression "${text}": '${n.target}' is not a pool or register of the diagram at position ${n.pos}`,
        );
      const step = n.step === 'end' ? 0 : n.step;
      if (step === 0) needsEnd = true;
      maxStep = Math.max(maxStep, step);
      const key = `${node}:${step}`;
      if (!cellIndex.has(key)) cellIndex.set(key, cells.push({ node, step }) - 1);
      cellIndex.set(refKey(n.target, n.step), cellIndex.get(key)!);
    }
  };
  trees.forEach((t, i) => visit(t, expressions[i]));
  // Values at step t do not depend on later steps: without `end` or ends(), runs stop at the last step read.
  const limit = steps ?? (needsEnd ? Math.max(program.settings.stepsLimit, maxStep) : maxStep);
  return {
    diagram,
    levers,
    integer: levers.map((l) => isIntegerLever(diagram, l)),
    trees,
    texts: expressions,
    cells,
    cellIndex,
    steps: limit,
    endNames: Array.from(program.ends, (i) => program.nodeNames[i]),
  };
}

const refKey = (target: string, step: number | 'end'): string => `${step}\u0000${target}`;

function resolveCharted(program: Program, ref: string): number {
  const byId = program.nodeIndex.get(ref);
  if (byId !== undefined && program.charted.includes(byId)) return byId;
  const byName = Array.from(program.charted).filter((i) => program.nodeNames[i] === ref);
  return byName.length === 1 ? byName[0] : -1;
}

/** A study's first seed when none is given: the diagram's seed, else 0. */
export function studySeed(diagram: DiagramInput): number {
  return diagram.settings?.seed ?? 0;
}

/** Lever values at a point of the unit cube. */
export function pointValues(plan: StudyPlan, u: ArrayLike<number>): number[] {
  return plan.levers.map((lever, i) => leverValue(lever, u[i], plan.integer[i]));
}

/**
 * The recorded values of a seed set's runs at the cells a plan reads. A StatSource: the
 * statistics of the assertion language over these runs (percentiles interpolate linearly
 * between ranks, as in batches).
 */
export class RunSample implements StatSource {
  private readonly sorted: (Float64Array | null)[];

  constructor(
    private readonly plan: StudyPlan,
    readonly values: Float64Array[],
    readonly endIndex: Int16Array,
  ) {
    this.sorted = values.map(() => null);
  }

  get runs(): number {
    return this.endIndex.length;
  }

  stat(fn: string, target: string, step: number | 'end', pos: number): number {
    const c = this.cell(target, step, pos);
    const xs = this.values[c];
    const n = xs.length;
    if (n === 0) return NaN;
    if (fn === 'mean') {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += xs[i];
      return sum / n;
    }
    const sorted = (this.sorted[c] ??= Float64Array.from(xs).sort());
    if (fn === 'min') return sorted[0];
    if (fn === 'max') return sorted[n - 1];
    const q = fn === 'median' ? 0.5 : Number(fn.slice(1)) / 100;
    const h = (n - 1) * Math.min(1, Math.max(0, q));
    const lo = Math.floor(h);
    // Rounded to 15 significant digits so that interpolation noise (82.20000000000002) does not show.
    return lo + 1 < n ? Number((sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo])).toPrecision(15)) : sorted[lo];
  }

  ends(name: string): number {
    const e = this.plan.endNames.indexOf(name);
    let count = 0;
    for (let i = 0; i < this.endIndex.length; i++) if (e >= 0 && this.endIndex[i] === e) count++;
    return this.endIndex.length ? count / this.endIndex.length : NaN;
  }

  /** Run r alone: every statistic is that run's value. */
  single(r: number): StatSource {
    return {
      stat: (_fn, target, step, pos) => this.values[this.cell(target, step, pos)][r],
      ends: (name) => (this.endIndex[r] >= 0 && this.plan.endNames[this.endIndex[r]] === name ? 1 : 0),
    };
  }

  private cell(target: string, step: number | 'end', pos: number): number {
    const c = this.plan.cellIndex.get(refKey(target, step));
    if (c === undefined) throw new AssertError(`'${target}' at step ${step} is not measured by this study`, pos);
    return c;
  }
}

/** Runs the diagram with the levers at `values` on a seed set and keeps what the plan reads. */
export function measure(plan: StudyPlan, values: ArrayLike<number>, seeds: SeedSet): RunSample {
  const program = compile(applyLevers(plan.diagram, plan.levers, values));
  const m = new Machine(program);
  const R = seeds.runs,
    L = plan.steps;
  const cells = plan.cells;
  const out = cells.map(() => new Float64Array(R));
  const endIndex = new Int16Array(R);
  const atStep: number[][] = Array.from({ length: L + 1 }, () => []);
  for (let c = 0; c < cells.length; c++) if (cells[c].step > 0 && cells[c].step <= L) atStep[cells[c].step].push(c);
  for (let r = 0; r < R; r++) {
    m.reset(seeds.seed + r);
    let t = 0;
    while (t < L && m.step()) {
      t++;
      const list = atStep[t];
      for (let k = 0; k < list.length; k++) out[list[k]][r] = m.value[cells[list[k]].node];
      if (m.ended) break;
    }
    // A run that stopped early counts with its final value at later steps (as in batches).
    for (let c = 0; c < cells.length; c++)
      if (cells[c].step === 0 || cells[c].step > t) out[c][r] = m.value[cells[c].node];
    endIndex[r] = m.endIndex;
  }
  return new RunSample(plan, out, endIndex);
}

/** The value of each of the plan's expressions on a sample (comparisons give 1 or 0). */
export function expressionValues(plan: StudyPlan, sample: StatSource): number[] {
  return plan.trees.map((tree) => evaluateAssertion(tree, sample));
}

/**
 * Every design point's expression values on the same seed set (common random numbers): a pure
 * function of (diagram, levers, points, seeds), so a study can be cut into blocks of points and
 * handed to any number of workers.
 */
export function evaluateDesign(plan: StudyPlan, points: number[][], seeds: SeedSet): number[][] {
  return points.map((values) => expressionValues(plan, measure(plan, values, seeds)));
}

/** evaluateDesign over points of the unit cube, in blocks of 64 so that progress can be reported between them. */
export function evaluateUnitPoints(
  plan: StudyPlan,
  unit: number[][],
  seeds: SeedSet,
  onProgress?: (done: number, total: number) => void,
): { points: number[][]; values: number[][] } {
  const points = unit.map((u) => pointValues(plan, u));
  const values: number[][] = [];
  for (let first = 0; first < points.length; first += 64) {
    values.push(...evaluateDesign(plan, points.slice(first, first + 64), seeds));
    onProgress?.(values.length, points.length);
  }
  return { points, values };
}
