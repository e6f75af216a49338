import type { DiagramInput } from '../schema.js';
import type { Lever } from './levers.js';
import { StudyInputError } from './levers.js';
import { evaluateDesign, evaluateUnitPoints, planStudy, studySeed } from './measure.js';
import { currentLeverValues, leverValue } from './levers.js';
import { SOBOL_MAX_DIMENSIONS } from './sobol-sequence.js';
import {
  morrisDesign,
  morrisIndices,
  saltelliDesign,
  sobolIndices,
  type MorrisIndex,
  type SobolIndex,
} from './sensitivity-math.js';

export interface SensitivityOptions {
  levers: Lever[];
  metric: string;
  method?: 'sobol' | 'morris';
  /** Sobol: base samples N (N (d + 2) evaluations; default 256). Morris: trajectories (default 20). */
  samples?: number;
  runs?: number;
  seed?: number;
  steps?: number;
  onProgress?: (done: number, total: number) => void;
}

export type SensitivityResult =
  | { method: 'sobol'; samples: number; evaluations: number; metric: string; indices: Record<string, SobolIndex> }
  | { method: 'morris'; samples: number; evaluations: number; metric: string; indices: Record<string, MorrisIndex> };

/**
 * A sensitivity study cut in two, so that its points can be measured anywhere (this thread, worker
 * threads, other machines): the plan and the points of the unit cube, then `finish` with the
 * metric's value at each point.
 */
export function designSensitivity(diagram: DiagramInput, options: SensitivityOptions) {
  const method = options.method ?? 'sobol';
  const d = options.levers.length;
  const seed = options.seed ?? studySeed(diagram);
  const plan = planStudy(diagram, options.levers, [options.metric], options.steps);
  const seeds = { seed, runs: options.runs ?? 100 };
  const named = <T>(list: T[]): Record<string, T> =>
    Object.fromEntries(options.levers.map((l, i) => [l.name, list[i]]));
  if (method === 'sobol') {
    if (2 * d > SOBOL_MAX_DIMENSIONS)
      throw new StudyInputError(`Sobol indices take at most ${Math.floor(SOBOL_MAX_DIMENSIONS / 2)} levers`);
    const samples = options.samples ?? 256;
    return {
      plan,
      seeds,
      unit: saltelliDesign(samples, d),
      finish: (values: number[]): SensitivityResult => ({
        method,
        samples,
        evaluations: values.length,
        metric: options.metric,
        indices: named(sobolIndices(values, samples, d, seed)),
      }),
    };
  }
  const samples = options.samples ?? 20;
  const design = morrisDesign(samples, d, seed);
  return {
    plan,
    seeds,
    unit: design.points,
    finish: (values: number[]): SensitivityResult => ({
      method,
      samples,
      evaluations: values.length,
      metric: options.metric,
      indices: named(morrisIndices(values, design.moves, d, seed)),
    }),
  };
}

/** Which levers move the metric: Sobol' indices (Saltelli/Jansen, bootstrap intervals) or Morris screening. */
export function sensitivity(diagram: DiagramInput, options: SensitivityOptions): SensitivityResult {
  const study = designSensitivity(diagram, options);
  const { values } = evaluateUnitPoints(study.plan, study.unit, study.seeds, options.onProgress);
  return study.finish(values.map((v) => v[0]));
}

export interface TornadoBar {
  lever: string;
  /** The metric with this lever at its minimum and at its maximum, every other lever as the diagram has it. */
  low: number;
  high: number;
}

/**
 * One lever at a time from the diagram's own values (the middle of a lever's range when the
 * diagram's value is outside it or not a number): the bars of a tornado chart, widest first.
 */
export function tornado(
  diagram: DiagramInput,
  options: Omit<SensitivityOptions, 'method' | 'samples' | 'onProgress'>,
): { base: number; bars: TornadoBar[] } {
  const t = designTornado(diagram, options);
  return t.finish(evaluateDesign(t.plan, t.points, t.seeds).map((v) => v[0]));
}

/** A tornado cut in two (see designSensitivity): 1 + 2d points (lever values), then `finish` with the metric at each. */
export function designTornado(
  diagram: DiagramInput,
  options: Omit<SensitivityOptions, 'method' | 'samples' | 'onProgress'>,
) {
  const seed = options.seed ?? studySeed(diagram);
  const plan = planStudy(diagram, options.levers, [options.metric], options.steps);
  const current = currentLeverValues(diagram, options.levers);
  const base = options.levers.map((l, i) =>
    Number.isFinite(current[i]) && current[i] >= l.min && current[i] <= l.max
      ? current[i]
      : leverValue(l, 0.5, plan.integer[i]),
  );
  const points = [base];
  options.levers.forEach((l, i) => {
    for (const end of [0, 1]) {
      const p = base.slice();
      p[i] = leverValue(l, end, plan.integer[i]);
      points.push(p);
    }
  });
  return {
    plan,
    seeds: { seed, runs: options.runs ?? 100 },
    points,
    finish(values: number[]): { base: number; bars: TornadoBar[] } {
      const bars = options.levers.map((l, i) => ({ lever: l.name, low: values[1 + 2 * i], high: values[2 + 2 * i] }));
      bars.sort((a, b) => Math.abs(b.high - b.low) - Math.abs(a.high - a.low));
      return { base: values[0], bars };
    },
  };
}
