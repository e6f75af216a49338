import type { Machine } from './machine.js';

/**
 * The raw results of `count` consecutive runs, the unit of work a thread hands back. values is laid
 * out [series][step][run] so that each (series, step) is contiguous; a run that ended early repeats
 * its final values up to `steps`.
 */
export interface BlockData {
  first: number;
  count: number;
  steps: number;
  series: number;
  values: Float64Array;
  stepsTaken: Int32Array;
  endIndex: Int16Array;
}

/** Runs first … first+count-1, run i seeded seed + i. `reuse` is a spent block's buffer to fill instead of allocating. */
export function simulateBlock(
  m: Machine,
  first: number,
  count: number,
  seed: number,
  steps: number,
  reuse?: ArrayBuffer,
): BlockData {
  const charted = m.p.charted;
  const S = charted.length,
    L = steps,
    R = count;
  const values =
    reuse && reuse.byteLength >= S * L * R * 8 ? new Float64Array(reuse, 0, S * L * R) : new Float64Array(S * L * R);
  const stepsTaken = new Int32Array(R);
  const endIndex = new Int16Array(R);
  const stride = L * R;
  for (let r = 0; r < R; r++) {
    m.reset(seed + first + r);
    let t = 0;
    while (t < L && m.step()) {
      const base = t * R + r;
      for (let s = 0; s < S; s++) values[s * stride + base] = m.value[charted[s]];
      t++;
      if (m.ended) break;
    }
    stepsTaken[r] = t;
    endIndex[r] = m.endIndex;
    for (let s = 0; s < S; s++) {
      const last = t > 0 ? values[s * stride + (t - 1) * R + r] : m.value[charted[s]];
      for (let tt = t; tt < L; tt++) values[s * stride + tt * R + r] = last;
    }
  }
  return { first, count, steps, series: S, values, stepsTaken, endIndex };
}

/** The series of run r of a block, cut at the step it ended. */
export function blockRunSeries(
  block: BlockData,
  r: number,
  ids: string[],
  withSeries = true,
): { series: Record<string, number[]>; final: Record<string, number> } {
  const { steps: L, count: R } = block;
  const taken = block.stepsTaken[r];
  const series: Record<string, number[]> = {};
  const final: Record<string, number> = {};
  ids.forEach((id, s) => {
    if (withSeries) {
      const row = new Array<number>(taken);
      for (let t = 0; t < taken; t++) row[t] = block.values[s * L * R + t * R + r];
      series[id] = row;
    }
    final[id] = L > 0 ? block.values[s * L * R + (L - 1) * R + r] : NaN;
  });
  return { series, final };
}

/** Runs per block: about 1M values (8 MB) per block, and enough blocks to share among threads. */
export function blockSizeFor(series: number, steps: number, runs: number, threads: number): number {
  const byMemory = Math.floor((1 << 20) / Math.max(1, series * steps));
  const byBalance = Math.ceil(runs / Math.max(1, threads * 4));
  return Math.max(1, Math.min(256, byMemory, byBalance));
}
