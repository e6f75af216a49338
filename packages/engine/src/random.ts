/**
 * Small fast PRNG (sfc32) seeded through splitmix32, so that any integer seed, including
 * neighbouring ones (run i is seeded seed + i), gives an independent-looking stream.
 */
export class Rng {
  /**
   * The four 32-bit words of state. In a typed array they stay untagged 32-bit integers; as four object
   * fields V8 kept them boxed, which made every draw about three times slower.
   */
  private readonly s = new Int32Array(4);

  constructor(seed = 0) {
    this.seed(seed);
  }

  seed(seed: number): void {
    let s = (Math.trunc(seed) ^ (Math.trunc(seed / 4294967296) * 0x9e3779b1)) >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    const state = this.s;
    for (let i = 0; i < 4; i++) state[i] = next();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const state = this.s;
    const a = state[0],
      b = state[1],
      c = state[2],
      d = state[3];
    const t = (((a + b) | 0) + d) | 0;
    state[3] = (d + 1) | 0;
    state[0] = b ^ (b >>> 9);
    state[1] = (c + (c << 3)) | 0;
    const r = (c << 21) | (c >>> 11);
    state[2] = (r + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}
