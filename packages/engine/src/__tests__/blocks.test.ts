import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runBatchSync } from '../batch.js';
import type { BlockData } from '../block.js';
import { batchWork, splitIntoBlocks, type BatchBlockInput } from '../blocks.js';
import { SeriesStats } from '../stats.js';
import { decodeStats, encodeStats } from '../stats-codec.js';
import { diagram } from './helpers.js';

function block(values: number[], first: number): BlockData {
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

const accumulator = (scale = 1) => new SeriesStats(['x'], Float64Array.of(scale), 1);

/** Gold gains D6 a step and a register follows half of it; runs that reach 120 gold end early, the rest hit the limit. */
const diceEconomy = diagram(
  [
    { id: 'src', type: 'source', name: 'Mint', activation: 'automatic' },
    { id: 'gold', type: 'pool', name: 'Gold' },
    { id: 'half', type: 'register', name: 'Half', formula: 'a / 2' },
    { id: 'end', type: 'end', name: 'rich' },
  ],
  [
    { id: 'c1', from: 'src', to: 'gold', formula: 'D6' },
    { id: 's1', kind: 'state', from: 'gold', to: 'half', formula: 'a' },
    { id: 's2', kind: 'state', from: 'gold', to: 'end', formula: '>=120' },
  ],
  { stepsLimit: 40 },
);

describe('block summaries', () => {
  it('merge to the same bytes as one pass over every run, for any cut into blocks and values beyond the exact range', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5_000, max: 5_000 }), { minLength: 1, maxLength: 600 }),
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(1, 1000),
        (values, cuts, scale) => {
          const whole = accumulator(scale);
          whole.addBlock(block(values, 0), []);
          const merged = accumulator(scale);
          for (let at = 0, i = 0; at < values.length; i++) {
            const n = cuts[i % cuts.length];
            const part = accumulator(scale);
            part.addBlock(block(values.slice(at, at + n), at), []);
            merged.merge(decodeStats(encodeStats(part)));
            at += n;
          }
          expect(encodeStats(merged)).toEqual(encodeStats(whole));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('survive encoding: the decoded accumulator reports the same figures', () => {
    const stats = accumulator();
    stats.addBlock(
      block(
        Array.from({ length: 500 }, (_, i) => (i * 7919) % 1000),
        0,
      ),
      [],
    );
    const back = decodeStats(encodeStats(stats));
    expect(back.summary([5, 50, 95])).toEqual(stats.summary([5, 50, 95]));
    expect(back.exact(0, 0)).toBe(false);
  });
});

describe('a batch as block work', () => {
  const input: BatchBlockInput = { document: diceEconomy, runs: 700, seed: 11, percentiles: [10, 90] };

  function runInBlocks(size: number, order: (n: number) => number[]): string {
    const blocks = splitIntoBlocks(batchWork.units(input), size);
    // Blocks finish in any order; the merge takes their outputs in block order.
    const outputs = new Array<Uint8Array>(blocks.length);
    for (const i of order(blocks.length)) outputs[i] = batchWork.runBlock(input, blocks[i].first, blocks[i].count);
    let acc = batchWork.start(input);
    for (const out of outputs) acc = batchWork.add(acc, out);
    const result = batchWork.finish(input, acc, false);
    return JSON.stringify({
      summary: result.summary,
      ends: result.ends,
      meanSteps: result.meanSteps,
      steps: result.steps,
    });
  }

  it('gives byte-identical results for any block size and completion order, equal to the single-thread batch', () => {
    const reference = runBatchSync(diceEconomy, { runs: 700, seed: 11, percentiles: [10, 90] });
    const expected = JSON.stringify({
      summary: reference.summary,
      ends: reference.ends,
      meanSteps: reference.meanSteps,
      steps: reference.steps,
    });
    expect(Object.keys(reference.ends).sort()).toEqual(['limit', 'rich']);
    const forwards = (n: number) => Array.from({ length: n }, (_, i) => i);
    const backwards = (n: number) => forwards(n).reverse();
    const shuffled = (n: number) => forwards(n).sort((a, b) => ((a * 37) % 11) - ((b * 37) % 11));
    for (const size of [700, 256, 100, 33, 7]) {
      expect(runInBlocks(size, forwards)).toBe(expected);
      expect(runInBlocks(size, backwards)).toBe(expected);
      expect(runInBlocks(size, shuffled)).toBe(expected);
    }
  });

  it('sizes blocks by the work in them', () => {
    expect(batchWork.blockSize({ ...input, blockSize: 50 })).toBe(50);
    const small = batchWork.blockSize(input);
    const longer = batchWork.blockSize({ ...input, steps: 4_000 });
    expect(small).toBeGreaterThan(longer);
    expect(longer * 4 * 4_000).toBeGreaterThanOrEqual(4e7);
    expect(splitIntoBlocks(10, 4)).toEqual([
      { index: 0, first: 0, count: 4 },
      { index: 1, first: 4, count: 4 },
      { index: 2, first: 8, count: 2 },
    ]);
  });
});
