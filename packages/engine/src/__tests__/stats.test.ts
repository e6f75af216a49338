import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlockData } from '../block.js';
import { MAX_BUCKETS, SeriesStats } from '../stats.js';

function block(values: number[], first = 0): BlockData {
  return {
    first,
    count: values.length,
    steps: 1,
    series: 1,
    values: Float64Array.from(values),
    stepsTaken: new Int32Array(values.length).fill(1),
    endIndex: new Int16Array(values.length).fill(-1),
  };
}

function linearQuantile(sorted: number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  return sorted[lo] + (h - lo) * ((sorted[lo + 1] ?? sorted[lo]) - sorted[lo]);
}

describe('streaming statistics', () => {
  it('are exact while a step has few distinct values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 60 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 40 }),
        (values, chunk) => {
          const stats = new SeriesStats(['x'], Float64Array.of(1), 1);
          for (let i = 0; i < values.length; i += chunk) stats.addBlock(block(values.slice(i, i + chunk), i), []);
          const sorted = [...values].sort((a, b) => a - b);
          for (const q of [0, 0.05, 0.25, 0.5, 0.75, 0.95, 1])
            expect(stats.quantile(0, 0, q)).toBeCloseTo(linearQuantile(sorted, q), 9);
          expect(stats.mean(0, 0)).toBeCloseTo(values.reduce((a, b) => a + b) / values.length, 9);
          expect(stats.min[0]).toBe(sorted[0]);
          expect(stats.max[0]).toBe(sorted[sorted.length - 1]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('bucket wide spreads the same way whatever the split, within a bucket width', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100000 }), { minLength: 300, maxLength: 600 }),
        fc.integer({ min: 1, max: 97 }),
        (values, chunk) => {
          const whole = new SeriesStats(['x'], Float64Array.of(1), 1);
          whole.addBlock(block(values), []);
          const parts = new SeriesStats(['x'], Float64Array.of(1), 1);
          for (let i = values.length - chunk; i > -chunk; i -= chunk)
            parts.addBlock(block(values.slice(Math.max(0, i), i + chunk)), []);
          const sorted = [...values].sort((a, b) => a - b);
          const width = (sorted[sorted.length - 1] - sorted[0]) / (MAX_BUCKETS / 4) + 1;
          for (const q of [0.05, 0.5, 0.95]) {
            expect(parts.quantile(0, 0, q)).toBe(whole.quantile(0, 0, q));
            expect(Math.abs(whole.quantile(0, 0, q) - linearQuantile(sorted, q))).toBeLessThanOrEqual(width);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
