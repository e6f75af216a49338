import { runBatchSync } from '../batch.js';
import { BLOCK_NODE_STEPS, type BlockWork } from '../block-work.js';
import { compile } from '../compile.js';
import type { DiagramInput } from '../schema.js';
import { assertionTargets } from './goal-builder.js';
import { applyLevers, StudyInputError, type Lever } from './levers.js';
import { evaluateDesign, planStudy, pointValues, type SeedSet, type StudyPlan } from './measure.js';
import { designSensitivity, designTornado, type SensitivityResult, type TornadoBar } from './sensitivity.js';
import { solve, type SolveResult } from './solve.js';
import { designSweep, type SweepResult } from './sweep.js';

export type StudyKind = 'solve' | 'sensitivity' | 'sweep';

/** What a study asks for: everything needed to run it again (with the diagram version it ran on). */
export interface StudySettings {
  kind: StudyKind;
  levers: Lever[];
  /** solve */
  goals: string[];
  objective?: { sense: 'minimize' | 'maximize'; expression: string };
  budget: number;
  /** sensitivity, sweep */
  metric: string;
  method: 'sobol' | 'morris' | 'grid' | 'lhs';
  samples: number;
  /** Runs per evaluation (the same seeds seed … seed + runs − 1 for every one). */
  runs: number;
  seed: number;
}

/** P10, median and P90 per step of one element. */
export interface Fan {
  p10: number[];
  median: number[];
  p90: number[];
}

/** A study's whole answer: what its charts are drawn from. */
export type StudyOutcome =
  | { kind: 'solve'; result: SolveResult; fans: Record<string, { baseline: Fan; solution: Fan }> }
  | { kind: 'sensitivity'; result: SensitivityResult; tornado: { base: number; bars: TornadoBar[] } }
  | { kind: 'sweep'; result: SweepResult };

/** Baseline and solution per goal element: P10, median and P90 per step over the study's own seeds. */
export function solveFans(
  doc: DiagramInput,
  result: SolveResult,
  goals: string[],
  runs: number,
  seed: number,
): Record<string, { baseline: Fan; solution: Fan }> {
  const nodes = [...new Set(goals.flatMap(assertionTargets))];
  const solved = applyLevers(
    doc,
    Object.keys(result.levers).map((name) => ({ name, min: 0, max: 0 })),
    Object.values(result.levers),
  );
  const band = (d: DiagramInput, node: string): Fan => {
    const batch = runBatchSync(d, { runs, seed, steps: result.steps, percentiles: [10, 90] });
    const id = batch.stats.seriesIndex(node) >= 0 ? node : batch.stats.ids[batch.stats.names.indexOf(node)];
    const s = batch.summary[id];
    return s ? { p10: s.p10, median: s.median, p90: s.p90 } : { p10: [], median: [], p90: [] };
  };
  return Object.fromEntries(nodes.map((n) => [n, { baseline: band(doc, n), solution: band(solved, n) }]));
}

function solveStudy(doc: DiagramInput, s: StudySettings, onProgress?: (done: number, total: number) => void) {
  const result = solve(doc, {
    levers: s.levers,
    goals: s.goals,
    minimize: s.objective?.sense === 'minimize' ? s.objective.expression : undefined,
    maximize: s.objective?.sense === 'maximize' ? s.objective.expression : undefined,
    budget: s.budget,
    runs: s.runs,
    seed: s.seed,
    onCandidate: (_c, done, budget) => onProgress?.(done, budget),
  });
  return { kind: 'solve' as const, result, fans: solveFans(doc, result, s.goals, s.runs, s.seed) };
}

/**
 * A sweep or sensitivity study as a list of evaluations (lever values, all on the same seeds) and
 * a `finish` from their metric values to the answer: the pieces any worker can measure.
 */
interface StudyDesign {
  plan: StudyPlan;
  seeds: SeedSet;
  points: number[][];
  finish(values: number[]): StudyOutcome;
}

function designOf(doc: DiagramInput, s: StudySettings): StudyDesign {
  const common = { levers: s.levers, metric: s.metric, runs: s.runs, seed: s.seed };
  if (s.kind === 'sweep') {
    const d = designSweep(doc, { ...common, method: s.method === 'lhs' ? 'lhs' : 'grid', samples: s.samples });
    const points = d.unit.map((u) => pointValues(d.plan, u));
    return {
      plan: d.plan,
      seeds: d.seeds,
      points,
      finish: (values) => ({ kind: 'sweep', result: d.finish(points, values) }),
    };
  }
  if (s.kind === 'sensitivity') {
    const d = designSensitivity(doc, {
      ...common,
      method: s.method === 'morris' ? 'morris' : 'sobol',
      samples: s.samples,
    });
    // The tornado's 1 + 2d points come after the design's, measured the same way.
    const t = designTornado(doc, common);
    const n = d.unit.length;
    return {
      plan: d.plan,
      seeds: d.seeds,
      points: [...d.unit.map((u) => pointValues(d.plan, u)), ...t.points],
      finish: (values) => ({
        kind: 'sensitivity',
        result: d.finish(values.slice(0, n)),
        tornado: t.finish(values.slice(n)),
      }),
    };
  }
  throw new Error(`a ${s.kind} study has no design of points`);
}

/**
 * A study in one pass on this thread (the browser worker's path): the same answer, number for
 * number, as the same study cut into blocks (`studyWork`) on any number of workers.
 */
export function runStudy(
  doc: DiagramInput,
  settings: StudySettings,
  onProgress?: (done: number, total: number) => void,
): StudyOutcome {
  if (settings.kind === 'solve') return solveStudy(doc, settings, onProgress);
  const design = designOf(doc, settings);
  const values: number[] = [];
  for (let first = 0; first < design.points.length; first += 64) {
    for (const v of evaluateDesign(design.plan, design.points.slice(first, first + 64), design.seeds))
      values.push(v[0]);
    onProgress?.(values.length, design.points.length);
  }
  return design.finish(values);
}

/** A balance study as block work: the document snapshot and the study's settings. */
export interface StudyBlockInput {
  document: DiagramInput;
  settings: StudySettings;
  /** Evaluations per block; default about BLOCK_NODE_STEPS of engine work. */
  blockSize?: number | null;
}

interface StudyAccumulator {
  solve: boolean;
  values: number[];
  outcome: StudyOutcome | null;
}

// The design of the last input seen: a worker thread runs many blocks of one study in a row.
let lastDesign: { input: StudyBlockInput; design: StudyDesign; nodes: number } | null = null;
function cached(input: StudyBlockInput) {
  if (lastDesign?.input === input) return lastDesign;
  lastDesign = {
    input,
    design: designOf(input.document, input.settings),
    nodes: compile(input.document).nodeCount,
  };
  return lastDesign;
}

const text = {
  encode: (s: string) => new TextEncoder().encode(s),
  decode: (b: Uint8Array) => new TextDecoder().decode(b),
};

/**
 * A balance study cut into blocks of evaluations. Sweeps and sensitivity studies: unit i is
 * evaluation i of the design (sensitivity: then the tornado's points), measured on the study's
 * common seeds, so a block is a pure function of (input, first, count); its bytes are the metric
 * values as float64, appended in block order — exact by construction. A solve is sequential
 * (each CMA-ES generation or Nelder–Mead step needs the one before), and one evaluation is far
 * below a block's worth of work: it is one unit, one block, the whole solver on one worker thread.
 */
export const studyWork: BlockWork<StudyBlockInput, StudyAccumulator, StudyOutcome> = {
  kind: 'study',
  units: (input) => (input.settings.kind === 'solve' ? 1 : cached(input).design.points.length),
  blockSize(input) {
    if (input.settings.kind === 'solve') return 1;
    if (input.blockSize) return input.blockSize;
    const { design, nodes } = cached(input);
    return Math.max(1, Math.ceil(BLOCK_NODE_STEPS / Math.max(1, nodes * design.plan.steps * design.seeds.runs)));
  },
  runBlock(input, first, count, onProgress) {
    if (input.settings.kind === 'solve')
      return text.encode(JSON.stringify(solveStudy(input.document, input.settings, onProgress)));
    const { design } = cached(input);
    const values = evaluateDesign(design.plan, design.points.slice(first, first + count), design.seeds);
    return new Uint8Array(Float64Array.from(values, (v) => v[0]).buffer);
  },
  start: (input) => ({ solve: input.settings.kind === 'solve', values: [], outcome: null }),
  add(accumulator, block) {
    if (accumulator.solve) accumulator.outcome = JSON.parse(text.decode(block)) as StudyOutcome;
    else {
      const values = new Float64Array(block.buffer, block.byteOffset, block.byteLength / 8);
      for (let i = 0; i < values.length; i++) accumulator.values.push(values[i]);
    }
    return accumulator;
  },
  finish(input, accumulator) {
    if (input.settings.kind === 'solve') return accumulator.outcome!;
    return cached(input).design.finish(accumulator.values);
  },
};

/** What a study will cost, checked before it is queued (bad levers or expressions throw StudyInputError). */
export interface StudyCost {
  /** Evaluations (a solve: at most its budget). */
  evaluations: number;
  /** Runs simulated in all: evaluations × runs per evaluation, and for a solve its verification and fan charts. */
  runs: number;
  /** Steps each run is simulated for. */
  steps: number;
}

export function studyCost(doc: DiagramInput, s: StudySettings): StudyCost {
  if (s.kind !== 'solve') {
    const d = designOf(doc, s);
    return { evaluations: d.points.length, runs: d.points.length * s.runs, steps: d.plan.steps };
  }
  if (s.goals.length === 0 && !s.objective) throw new StudyInputError('solve needs at least one goal or an objective');
  const plan = planStudy(doc, s.levers, s.objective ? [...s.goals, s.objective.expression] : s.goals);
  const fans = 2 * new Set(s.goals.flatMap(assertionTargets)).size * s.runs;
  return { evaluations: s.budget, runs: s.budget * s.runs + Math.max(s.runs, 200) + fans, steps: plan.steps };
}

/** What the play history keeps of a study's answer for its one-line summary (the whole outcome is kept beside it). */
export function studySummary(outcome: StudyOutcome): Record<string, unknown> {
  if (outcome.kind === 'solve') {
    const r = outcome.result;
    return {
      met: r.met,
      levers: r.levers,
      goals: r.goals,
      evaluations: r.evaluations,
      method: r.method,
      verified: { runs: r.verified.runs, seed: r.verified.seed, share: r.verified.share },
      ...(r.objective ? { objective: r.objective } : {}),
    };
  }
  const { method, samples, evaluations } = outcome.result;
  return { method, samples, evaluations };
}
