import { batchResultOf, newBatchStats, type BatchResult } from './batch.js';
import { blockSizeFor, simulateBlock } from './block.js';
import { BLOCK_NODE_STEPS, type BlockWork } from './block-work.js';
import { compile } from './compile.js';
import { Machine } from './machine.js';
import type { Program } from './program.js';
import type { SeriesStats } from './stats.js';
import { decodeStats, encodeStats } from './stats-codec.js';
import { studyWork } from './study/work.js';

/** One block of a job: units first … first+count-1. */
export interface BlockRange {
  index: number;
  first: number;
  count: number;
}

export { BLOCK_NODE_STEPS, type BlockWork };

export function splitIntoBlocks(units: number, size: number): BlockRange[] {
  const blocks: BlockRange[] = [];
  const n = Math.max(1, Math.floor(size));
  for (let first = 0, index = 0; first < units; first += n, index++)
    blocks.push({ index, first, count: Math.min(n, units - first) });
  return blocks;
}

/** A multiple run as block work. */
export interface BatchBlockInput {
  document: unknown;
  runs: number;
  seed: number;
  /** Step limit; default the document's stepsLimit. */
  steps?: number | null;
  percentiles?: number[] | null;
  /** Runs per block; default from the diagram's size and the step limit. */
  blockSize?: number | null;
}

// The compiled program of the last document seen: a worker thread runs many blocks of one batch in a row.
let lastProgram: { document: unknown; program: Program } | null = null;
function programOf(document: unknown): Program {
  const cached = lastProgram;
  if (cached && cached.document === document) return cached.program;
  const program = compile(document);
  lastProgram = { document, program };
  return program;
}
const stepsOf = (input: BatchBlockInput, p: Program): number => input.steps ?? p.settings.stepsLimit;

/** Runs first … first+count-1 of a batch (run i seeded seed + i) into one accumulator, in engine-sized pieces. */
export function runBatchBlock(
  program: Program,
  seed: number,
  steps: number,
  first: number,
  count: number,
): SeriesStats {
  const stats = newBatchStats(program, steps);
  const endNames = Array.from(program.ends, (i) => program.nodeNames[i]);
  const m = new Machine(program);
  const piece = blockSizeFor(program.charted.length, steps, count, 1);
  let buffer: ArrayBuffer | undefined;
  for (let at = first; at < first + count; at += piece) {
    const block = simulateBlock(m, at, Math.min(piece, first + count - at), seed, steps, buffer);
    stats.addBlock(block, endNames);
    buffer = block.values.buffer as ArrayBuffer;
  }
  return stats;
}

export const batchWork: BlockWork<BatchBlockInput, SeriesStats | null, BatchResult> = {
  kind: 'batch',
  units: (input) => Math.max(0, Math.floor(input.runs)),
  blockSize(input) {
    if (input.blockSize) return input.blockSize;
    const p = programOf(input.document);
    return Math.max(1, Math.ceil(BLOCK_NODE_STEPS / Math.max(1, p.nodeCount * stepsOf(input, p))));
  },
  runBlock(input, first, count) {
    const p = programOf(input.document);
    return encodeStats(runBatchBlock(p, input.seed, stepsOf(input, p), first, count));
  },
  start: () => null,
  add(accumulator, block) {
    const stats = decodeStats(block);
    if (!accumulator) return stats;
    accumulator.merge(stats);
    return accumulator;
  },
  finish(input, accumulator, cancelled) {
    const p = programOf(input.document);
    const plan = { runs: batchWork.units(input), seed: input.seed, steps: stepsOf(input, p) };
    return batchResultOf(plan, accumulator ?? newBatchStats(p, plan.steps), input.percentiles ?? undefined, cancelled);
  },
};

/** Every kind of block work, by name: what a queue worker or a worker thread may be asked to run. */
export const blockWorks: Record<string, BlockWork<never, unknown, unknown>> = {
  [batchWork.kind]: batchWork,
  [studyWork.kind]: studyWork,
};
