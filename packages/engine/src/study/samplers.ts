import { Rng } from '../random.js';
import { sobolPoints } from './sobol-sequence.js';

/** Points of the unit cube [0, 1]^d, one array per point. */
export type UnitPoints = number[][];

export type SamplerMethod = 'grid' | 'lhs' | 'sobol';

/** The levels per lever of a grid of about `samples` points: ⌊samples^(1/d)⌋, at least 2. */
export function gridLevels(samples: number, dimensions: number): number {
  return Math.max(2, Math.floor(Math.pow(samples, 1 / dimensions) + 1e-9));
}

/** A full factorial grid over `levels` evenly spaced values per dimension (ends included); the last dimension varies fastest. */
export function gridSample(levels: number, dimensions: number): UnitPoints {
  const total = Math.pow(levels, dimensions);
  const out: UnitPoints = [];
  for (let n = 0; n < total; n++) {
    const point = new Array<number>(dimensions);
    let rest = n;
    for (let j = dimensions - 1; j >= 0; j--) {
      point[j] = levels === 1 ? 0.5 : (rest % levels) / (levels - 1);
      rest = Math.floor(rest / levels);
    }
    out.push(point);
  }
  return out;
}

/** Latin hypercube: every dimension's range cut into `samples` strata, each hit once, at a random spot. */
export function latinHypercube(samples: number, dimensions: number, seed: number): UnitPoints {
  const rng = new Rng(seed);
  const out: UnitPoints = Array.from({ length: samples }, () => new Array<number>(dimensions));
  for (let j = 0; j < dimensions; j++) {
    const strata = Array.from({ length: samples }, (_, i) => i);
    for (let i = samples - 1; i > 0; i--) {
      const k = rng.int(i + 1);
      [strata[i], strata[k]] = [strata[k], strata[i]];
    }
    for (let i = 0; i < samples; i++) out[i][j] = (strata[i] + rng.next()) / samples;
  }
  return out;
}

/** The Sobol' sequence without its first point (the origin). */
export function sobolSample(samples: number, dimensions: number): UnitPoints {
  const flat = sobolPoints(samples, dimensions, 1);
  return Array.from({ length: samples }, (_, i) => Array.from(flat.subarray(i * dimensions, (i + 1) * dimensions)));
}

export function samplePoints(method: SamplerMethod, samples: number, dimensions: number, seed: number): UnitPoints {
  if (method === 'grid') return gridSample(gridLevels(samples, dimensions), dimensions);
  if (method === 'lhs') return latinHypercube(samples, dimensions, seed);
  return sobolSample(samples, dimensions);
}
