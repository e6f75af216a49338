import type { BlockData } from './block.js';

/** At most this many distinct buckets per (series, step); beyond it buckets double in width. */
export const MAX_BUCKETS = 128;
export const DEFAULT_PERCENTILES = [5, 25, 75, 95];

export interface SeriesSummary {
  mean: number[];
  median: number[];
  min: number[];
  max: number[];
  /** p5, p25, p75, p95 and any other requested percentile, as `p<n>`. */
  [percentile: `p${number}`]: number[];
}

/**
 * Streaming per-step statistics over many runs without keeping the series. Per (series, step):
 * exact count, min, max and sum (values are turned into integer keys: resources as they are,
 * registers in thousandths, so sums are exact and independent of the order runs are added), and a
 * sparse histogram of keys. The histogram is exact while a step sees at most MAX_BUCKETS distinct
 * values; past that, keys are grouped into buckets of width 2^level, the smallest level that fits,
 * which depends only on the set of values, so any split of the runs over threads gives the same result.
 */
export class SeriesStats {
  readonly cells: number;
  readonly count: Float64Array;
  readonly sum: Float64Array;
  readonly min: Float64Array;
  readonly max: Float64Array;
  // All histograms live in two arenas (keys, counts) with per-cell offset and capacity: tens of
  // thousands of small typed arrays would cost far more memory than their contents.
  private keyArena: Float64Array;
  private countArena: Uint32Array;
  private arenaEnd = 0;
  private readonly offset: Int32Array;
  private readonly capacity: Int32Array;
  private readonly size: Int32Array;
  private readonly level: Uint8Array;
  private keys = new Float64Array(0);
  private mergeBuf = new Float64Array(0);
  runs = 0;
  maxSteps = 0;
  totalSteps = 0;
  readonly ends = new Map<string, number>();

  /** Display names of the series (for lookups by name). */
  names: string[] = [];

  constructor(
    readonly ids: string[],
    readonly scales: Float64Array,
    readonly steps: number,
  ) {
    this.names = ids.slice();
    this.cells = ids.length * steps;
    this.count = new Float64Array(this.cells);
    this.sum = new Float64Array(this.cells);
    this.min = new Float64Array(this.cells).fill(Infinity);
    this.max = new Float64Array(this.cells).fill(-Infinity);
    this.keyArena = new Float64Array(Math.max(1024, this.cells * 4));
    this.countArena = new Uint32Array(this.keyArena.length);
    this.offset = new Int32Array(this.cells);
    this.capacity = new Int32Array(this.cells);
    this.size = new Int32Array(this.cells);
    this.level = new Uint8Array(this.cells);
  }

  addBlock(block: BlockData, endNames: string[]): void {
    const R = block.count,
      L = this.steps;
    if (block.steps !== L || block.series !== this.ids.length)
      throw new Error('block does not match the statistics layout');
    if (this.keys.length < R) {
      this.keys = new Float64Array(R);
      this.mergeBuf = new Float64Array(2 * (MAX_BUCKETS + R));
    }
    for (let r = 0; r < R; r++) {
      const taken = block.stepsTaken[r];
      if (taken > this.maxSteps) this.maxSteps = taken;
      this.totalSteps += taken;
      const end = block.endIndex[r] < 0 ? 'limit' : endNames[block.endIndex[r]];
      this.ends.set(end, (this.ends.get(end) ?? 0) + 1);
    }
    this.runs += R;
    const keys = this.keys.subarray(0, R);
    for (let s = 0; s < this.ids.length; s++) {
      const scale = this.scales[s];
      for (let t = 0; t < L; t++) {
        const cell = s * L + t;
        const base = cell * R;
        let lo = this.min[cell],
          hi = this.max[cell],
          sum = 0;
        for (let r = 0; r < R; r++) {
          const v = block.values[base + r];
          if (v < lo) lo = v;
          if (v > hi) hi = v;
          const k = scale === 1 ? Math.round(v) : Math.round(v * scale);
          keys[r] = k;
          sum += k;
        }
        this.min[cell] = lo;
        this.max[cell] = hi;
        this.sum[cell] += sum;
        this.count[cell] += R;
        keys.sort();
        this.mergeKeys(cell, keys);
      }
    }
  }

  private mergeKeys(cell: number, sorted: Float64Array): void {
    const level = this.level[cell];
    const div = level === 0 ? 1 : 2 ** level;
    const off = this.offset[cell];
    const oldSize = this.size[cell];
    const keysA = this.keyArena,
      countsA = this.countArena;
    const buf = this.mergeBuf;
    let i = 0,
      j = 0,
      n = 0;
    const R = sorted.length;
    while (i < oldSize || j < R) {
      let key: number, cnt: number;
      const nextNew = j < R ? (div === 1 ? sorted[j] : Math.floor(sorted[j] / div)) : Infinity;
      if (i < oldSize && keysA[off + i] <= nextNew) {
        key = keysA[off + i];
        cnt = countsA[off + i];
        i++;
      } else {
        key = nextNew;
        cnt = 0;
        while (j < R && (div === 1 ? sorted[j] : Math.floor(sorted[j] / div)) === key) {
          cnt++;
          j++;
        }
      }
      if (n > 0 && buf[2 * n - 2] === key) buf[2 * n - 1] += cnt;
      else {
        buf[2 * n] = key;
        buf[2 * n + 1] = cnt;
        n++;
      }
    }
    this.store(cell, buf, n, level);
  }

  /**
   * Adds another accumulator over other runs of the same batch (same series, scales and steps).
   * Counts, integer-key sums, min and max add up exactly; histograms are brought to the coarser of
   * the two levels, added bucket by bucket and coarsened until they fit, so the result depends only
   * on the set of runs, not on how they were split or in which order the parts are merged.
   */
  merge(other: SeriesStats): void {
    if (other.steps !== this.steps || other.ids.join('\u0000') !== this.ids.join('\u0000'))
      throw new Error('statistics do not have the same layout');
    this.runs += other.runs;
    this.totalSteps += other.totalSteps;
    if (other.maxSteps > this.maxSteps) this.maxSteps = other.maxSteps;
    for (const [end, n] of other.ends) this.ends.set(end, (this.ends.get(end) ?? 0) + n);
    for (let cell = 0; cell < this.cells; cell++) {
      if (other.count[cell] === 0) continue;
      this.count[cell] += other.count[cell];
      this.sum[cell] += other.sum[cell];
      if (other.min[cell] < this.min[cell]) this.min[cell] = other.min[cell];
      if (other.max[cell] > this.max[cell]) this.max[cell] = other.max[cell];
      const [keys, counts] = other.histogram(cell);
      this.mergeHistogram(cell, keys, counts, other.level[cell]);
    }
  }

  /** The sorted bucket keys and counts of one cell, and its level (bucket width 2^level in key units). */
  histogram(cell: number): [Float64Array, Uint32Array, number] {
    const off = this.offset[cell],
      size = this.size[cell];
    return [this.keyArena.subarray(off, off + size), this.countArena.subarray(off, off + size), this.level[cell]];
  }

  /** Sets one cell wholesale (when reading an encoded accumulator). */
  setCell(
    cell: number,
    values: { count: number; sum: number; min: number; max: number; level: number },
    keys: Float64Array,
    counts: Uint32Array,
  ): void {
    this.count[cell] = values.count;
    this.sum[cell] = values.sum;
    this.min[cell] = values.min;
    this.max[cell] = values.max;
    this.size[cell] = 0;
    this.level[cell] = values.level;
    this.mergeHistogram(cell, keys, counts, values.level);
  }

  private mergeHistogram(cell: number, keys: Float64Array, counts: Uint32Array, sourceLevel: number): void {
    const n0 = this.size[cell];
    const level = Math.max(this.level[cell], sourceLevel);
    const need = 2 * (n0 + keys.length);
    if (this.mergeBuf.length < need) this.mergeBuf = new Float64Array(need);
    const buf = this.mergeBuf;
    const off = this.offset[cell];
    const divA = 2 ** (level - this.level[cell]),
      divB = 2 ** (level - sourceLevel);
    let i = 0,
      j = 0,
      n = 0;
    while (i < n0 || j < keys.length) {
      const a = i < n0 ? Math.floor(this.keyArena[off + i] / divA) : Infinity;
      const b = j < keys.length ? Math.floor(keys[j] / divB) : Infinity;
      let key: number, cnt: number;
      if (a <= b) {
        key = a;
        cnt = this.countArena[off + i++];
      } else {
        key = b;
        cnt = counts[j++];
      }
      if (n > 0 && buf[2 * n - 2] === key) buf[2 * n - 1] += cnt;
      else {
        buf[2 * n] = key;
        buf[2 * n + 1] = cnt;
        n++;
      }
    }
    this.store(cell, buf, n, level);
  }

  /** Writes n (key, count) pairs from buf into the cell at `level`, coarsening until they fit MAX_BUCKETS. */
  private store(cell: number, buf: Float64Array, n: number, level: number): void {
    let lv = level;
    while (n > MAX_BUCKETS) {
      lv++;
      let w = 0;
      for (let k = 0; k < n; k++) {
        const key = Math.floor(buf[2 * k] / 2);
        if (w > 0 && buf[2 * w - 2] === key) buf[2 * w - 1] += buf[2 * k + 1];
        else {
          buf[2 * w] = key;
          buf[2 * w + 1] = buf[2 * k + 1];
          w++;
        }
      }
      n = w;
    }
    this.level[cell] = lv;
    if (n > this.capacity[cell]) this.relocate(cell, Math.min(MAX_BUCKETS, Math.max(4, this.capacity[cell] * 2, n)));
    const at = this.offset[cell];
    for (let k = 0; k < n; k++) {
      this.keyArena[at + k] = buf[2 * k];
      this.countArena[at + k] = buf[2 * k + 1];
    }
    this.size[cell] = n;
  }

  /** Gives a cell a bigger slot at the end of the arena, compacting the arena when it is full. */
  private relocate(cell: number, cap: number): void {
    if (this.arenaEnd + cap > this.keyArena.length) {
      let live = cap;
      for (let c = 0; c < this.cells; c++) live += this.capacity[c];
      const length = Math.ceil(live * 1.25) + 1024;
      const keys = new Float64Array(length),
        counts = new Uint32Array(length);
      let end = 0;
      for (let c = 0; c < this.cells; c++) {
        const size = this.size[c],
          off = this.offset[c];
        keys.set(this.keyArena.subarray(off, off + size), end);
        counts.set(this.countArena.subarray(off, off + size), end);
        this.offset[c] = end;
        end += this.capacity[c];
      }
      this.keyArena = keys;
      this.countArena = counts;
      this.arenaEnd = end;
    }
    const from = this.offset[cell],
      size = this.size[cell];
    this.keyArena.copyWithin(this.arenaEnd, from, from + size);
    this.countArena.copyWithin(this.arenaEnd, from, from + size);
    this.offset[cell] = this.arenaEnd;
    this.capacity[cell] = cap;
    this.arenaEnd += cap;
  }

  /** Percentile q in [0, 1] of the values at step t (0-based) of series s, by linear interpolation between ranks. */
  quantile(s: number, t: number, q: number): number {
    const cell = s * this.steps + t;
    const n = this.count[cell];
    if (n === 0) return NaN;
    const h = (n - 1) * Math.min(1, Math.max(0, q));
    const lo = Math.floor(h);
    const frac = h - lo;
    const off = this.offset[cell];
    const size = this.size[cell];
    const hiRank = lo + 1 < n ? lo + 1 : lo;
    let seen = 0,
      vLo = NaN,
      vHi = NaN;
    for (let k = 0; k < size; k++) {
      const cnt = this.countArena[off + k];
      if (vLo !== vLo && lo < seen + cnt) vLo = this.keyValue(cell, s, this.keyArena[off + k]);
      if (hiRank < seen + cnt) {
        vHi = this.keyValue(cell, s, this.keyArena[off + k]);
        break;
      }
      seen += cnt;
    }
    return frac === 0 ? vLo : vLo + frac * (vHi - vLo);
  }

  private keyValue(cell: number, s: number, key: number): number {
    const level = this.level[cell];
    const scale = this.scales[s];
    if (level === 0) return scale === 1 ? key : key / scale;
    const width = 2 ** level;
    const mid = (key * width + (width - 1) / 2) / scale;
    return Math.min(this.max[cell], Math.max(this.min[cell], mid));
  }

  mean(s: number, t: number): number {
    const cell = s * this.steps + t;
    return this.sum[cell] / this.scales[s] / this.count[cell];
  }

  /** Whether step t of series s is still exact (no bucketing). */
  exact(s: number, t: number): boolean {
    return this.level[s * this.steps + t] === 0;
  }

  seriesIndex(idOrName: string): number {
    return this.ids.indexOf(idOrName);
  }

  summary(percentiles: number[] = DEFAULT_PERCENTILES): Record<string, SeriesSummary> {
    const out: Record<string, SeriesSummary> = {};
    const T = this.maxSteps;
    this.ids.forEach((id, s) => {
      const row = (f: (t: number) => number): number[] => Array.from({ length: T }, (_, t) => f(t));
      const summary: SeriesSummary = {
        mean: row((t) => this.mean(s, t)),
        median: row((t) => this.quantile(s, t, 0.5)),
        min: row((t) => this.min[s * this.steps + t]),
        max: row((t) => this.max[s * this.steps + t]),
      };
      for (const pc of percentiles) summary[`p${pc}`] = row((t) => this.quantile(s, t, pc / 100));
      out[id] = summary;
    });
    return out;
  }
}
