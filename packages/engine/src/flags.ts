/**
 * Per-node 0/1 flags that the step sets all at once (fired, satisfied, triggers, activators). The bytes
 * sit in a buffer rounded up to whole 8-byte words, with a Float64Array view over it: setting them all is
 * n/8 stores instead of a fill() call, which goes through the runtime and cost more than the step's use
 * of the flags.
 */
export interface Flags {
  readonly bytes: Uint8Array;
  readonly words: Float64Array;
}

export function newFlags(n: number): Flags {
  const buffer = new ArrayBuffer(Math.ceil(n / 8) * 8);
  return { bytes: new Uint8Array(buffer, 0, n), words: new Float64Array(buffer) };
}

/** The double whose eight bytes are all 1 (a normal number, so it is stored bit for bit). */
const ALL_ONES = new Float64Array(new Uint8Array(8).fill(1).buffer)[0];

export function clearFlags(words: Float64Array): void {
  for (let j = 0; j < words.length; j++) words[j] = 0;
}

export function setFlags(words: Float64Array): void {
  for (let j = 0; j < words.length; j++) words[j] = ALL_ONES;
}
