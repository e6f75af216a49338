import { SeriesStats } from './stats.js';

const MAGIC = 0x4c575331; // "LWS1"

/**
 * SeriesStats as bytes, to hand a block's statistics from one process to another and merge them
 * there. Encoding then decoding gives an accumulator equal to the original in every figure, and the
 * same accumulator always gives the same bytes.
 */
export function encodeStats(stats: SeriesStats): Uint8Array {
  const header = new TextEncoder().encode(
    JSON.stringify({
      ids: stats.ids,
      names: stats.names,
      scales: Array.from(stats.scales),
      steps: stats.steps,
      runs: stats.runs,
      maxSteps: stats.maxSteps,
      totalSteps: stats.totalSteps,
      ends: [...stats.ends].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    }),
  );
  const w = new Writer(64 + header.length + stats.cells * 40);
  w.u32(MAGIC);
  w.u32(header.length);
  w.bytes(header);
  for (const column of [stats.count, stats.sum, stats.min, stats.max]) w.f64s(column);
  for (let cell = 0; cell < stats.cells; cell++) {
    const [keys, counts, level] = stats.histogram(cell);
    w.byte(level);
    w.varint(keys.length);
    let previous = 0;
    for (let k = 0; k < keys.length; k++) {
      w.varint(zigzag(keys[k] - previous));
      previous = keys[k];
      w.varint(counts[k]);
    }
  }
  return w.done();
}

export function decodeStats(bytes: Uint8Array): SeriesStats {
  const r = new Reader(bytes);
  if (r.u32() !== MAGIC) throw new Error('not encoded statistics');
  const header = JSON.parse(new TextDecoder().decode(r.bytes(r.u32()))) as {
    ids: string[];
    names: string[];
    scales: number[];
    steps: number;
    runs: number;
    maxSteps: number;
    totalSteps: number;
    ends: [string, number][];
  };
  const stats = new SeriesStats(header.ids, Float64Array.from(header.scales), header.steps);
  stats.names = header.names;
  stats.runs = header.runs;
  stats.maxSteps = header.maxSteps;
  stats.totalSteps = header.totalSteps;
  for (const [end, n] of header.ends) stats.ends.set(end, n);
  const [count, sum, min, max] = [0, 1, 2, 3].map(() => r.f64s(stats.cells));
  let keys = new Float64Array(16),
    counts = new Uint32Array(16);
  for (let cell = 0; cell < stats.cells; cell++) {
    const level = r.byte();
    const size = r.varint();
    if (size > keys.length) {
      keys = new Float64Array(size);
      counts = new Uint32Array(size);
    }
    let key = 0;
    for (let k = 0; k < size; k++) {
      key += unzigzag(r.varint());
      keys[k] = key;
      counts[k] = r.varint();
    }
    stats.setCell(
      cell,
      { count: count[cell], sum: sum[cell], min: min[cell], max: max[cell], level },
      keys.subarray(0, size),
      counts.subarray(0, size),
    );
  }
  return stats;
}

// Keys are integers up to 2^53 in magnitude, so the varints use arithmetic, not 32-bit bit operations.
const zigzag = (n: number): number => (n >= 0 ? 2 * n : -2 * n - 1);
const unzigzag = (n: number): number => (n % 2 === 0 ? n / 2 : -(n + 1) / 2);

class Writer {
  private buf: Uint8Array;
  private view: DataView;
  private at = 0;
  constructor(size: number) {
    this.buf = new Uint8Array(size);
    this.view = new DataView(this.buf.buffer);
  }
  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    bigger.set(this.buf);
    this.buf = bigger;
    this.view = new DataView(bigger.buffer);
  }
  byte(v: number): void {
    this.room(1);
    this.buf[this.at++] = v;
  }
  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.at, v, true);
    this.at += 4;
  }
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.at);
    this.at += b.length;
  }
  f64s(values: Float64Array): void {
    this.room(values.length * 8);
    for (let i = 0; i < values.length; i++, this.at += 8) this.view.setFloat64(this.at, values[i], true);
  }
  varint(v: number): void {
    this.room(8);
    while (v >= 128) {
      this.buf[this.at++] = (v % 128) + 128;
      v = Math.floor(v / 128);
      this.room(8);
    }
    this.buf[this.at++] = v;
  }
  done(): Uint8Array {
    return this.buf.slice(0, this.at);
  }
}

class Reader {
  private readonly view: DataView;
  private at = 0;
  constructor(private readonly buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  byte(): number {
    return this.buf[this.at++];
  }
  u32(): number {
    const v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }
  bytes(n: number): Uint8Array {
    const b = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return b;
  }
  f64s(n: number): Float64Array {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++, this.at += 8) out[i] = this.view.getFloat64(this.at, true);
    return out;
  }
  varint(): number {
    let v = 0,
      scale = 1,
      b: number;
    do {
      b = this.buf[this.at++];
      v += (b % 128) * scale;
      scale *= 128;
    } while (b >= 128);
    return v;
  }
}
