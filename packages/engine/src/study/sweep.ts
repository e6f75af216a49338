import type { DiagramInput } from '../schema.js';
import type { Lever } from './levers.js';
import { evaluateUnitPoints, planStudy, studySeed } from './measure.js';
import { gridLevels, samplePoints } from './samplers.js';

export interface SweepOptions {
  levers: Lever[];
  /** A statistic expression, e.g. `p90(Gold, 30)`. */
  metric: string;
  method?: 'grid' | 'lhs';
  /** About this many points (a grid takes ⌊samples^(1/d)⌋ levels per lever); default 20 per lever for a grid, 50 for lhs. */
  samples?: number;
  runs?: number;
  seed?: number;
  steps?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface SweepResult {
  method: 'grid' | 'lhs';
  samples: number;
  evaluations: number;
  metric: string;
  /** Grid levels per lever (grid only). */
  levels?: number;
  points: { levers: Record<string, number>; value: number }[];
}

/** A sweep cut in two (see designSensitivity): the plan and the points, then `finish` with the metric at each. */
export function designSweep(diagram: DiagramInput, options: SweepOptions) {
  const method = options.method ?? 'grid';
  const d = options.levers.length;
  const samples = options.samples ?? (method === 'grid' ? Math.pow(d === 1 ? 20 : 10, d) : 50);
  const seed = options.seed ?? studySeed(diagram);
  const plan = planStudy(diagram, options.levers, [options.metric], options.steps);
  return {
    plan,
    seeds: { seed, runs: options.runs ?? 100 },
    unit: samplePoints(method, samples, d, seed),
    finish: (points: number[][], values: number[]): SweepResult => {
      const result: SweepResult = {
        method,
        samples: points.length,
        evaluations: points.length,
        metric: options.metric,
        points: points.map((p, i) => ({
          levers: Object.fromEntries(options.levers.map((l, j) => [l.name, p[j]])),
          value: values[i],
        })),
      };
      if (method === 'grid') result.levels = gridLevels(samples, d);
      return result;
    },
  };
}

/** The metric at every point of a grid or Latin hypercube over the levers, all on the same seeds. */
export function sweep(diagram: DiagramInput, options: SweepOptions): SweepResult {
  const study = designSweep(diagram, options);
  const { points, values } = evaluateUnitPoints(study.plan, study.unit, study.seeds, options.onProgress);
  return study.finish(
    points,
    values.map((v) => v[0]),
  );
}
