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

/** The metric at every point of a grid or Latin hypercube over the levers, all on the same seeds. */
export function sweep(diagram: DiagramInput, options: SweepOptions): SweepResult {
  const method = options.method ?? 'grid';
  const d = options.levers.length;
  const samples = options.samples ?? (method === 'grid' ? Math.pow(d === 1 ? 20 : 10, d) : 50);
  const seed = options.seed ?? studySeed(diagram);
  const plan = planStudy(diagram, options.levers, [options.metric], options.steps);
  const unit = samplePoints(method, samples, d, seed);
  const { points, values } = evaluateUnitPoints(plan, unit, { seed, runs: options.runs ?? 100 }, options.onProgress);
  const result: SweepResult = {
    method,
    samples: points.length,
    evaluations: points.length,
    metric: options.metric,
    points: points.map((p, i) => ({
      levers: Object.fromEntries(options.levers.map((l, j) => [l.name, p[j]])),
      value: values[i][0],
    })),
  };
  if (method === 'grid') result.levels = gridLevels(samples, d);
  return result;
}
