/** Node-steps per block: about 1.5 s on one core of the machines we measured (2.9e7 node-steps/s). */
export const BLOCK_NODE_STEPS = 4e7;

/**
 * Work that splits into blocks any process can run: a multiple run (its units are runs) or, the
 * same way, a balance study (its units are evaluations). The contract that makes the answer the
 * same for any number of workers, any block size and any completion order:
 * - `runBlock(input, first, count)` is a pure function of its arguments (unit i is seeded from
 *   the input's seed and i alone), so a block run twice gives the same bytes;
 * - the job's result is `finish(fold of add over the block outputs in block order)`, and `add`
 *   is exact, so the way units were cut into blocks does not show either.
 */
export interface BlockWork<Input, Accumulator, Result> {
  readonly kind: string;
  /** How many units the job has. */
  units(input: Input): number;
  /** Units per block: about BLOCK_NODE_STEPS of engine work, so queue overhead stays small. */
  blockSize(input: Input): number;
  /** `onProgress(done)`: units of this block done so far, for work whose blocks are long (a solve). */
  runBlock(input: Input, first: number, count: number, onProgress?: (done: number, total: number) => void): Uint8Array;
  start(input: Input): Accumulator;
  /** Adds one block's output; called in block order. */
  add(accumulator: Accumulator, block: Uint8Array): Accumulator;
  finish(input: Input, accumulator: Accumulator, cancelled: boolean): Result;
}
