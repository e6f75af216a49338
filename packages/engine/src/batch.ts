import { blockRunSeries, blockSizeFor, simulateBlock, type BlockData } from './block.js';
import { Machine } from './machine.js';
import type { Program } from './program.js';
import type { RunResult } from './run.js';
import { toProgram } from './run.js';
import { DEFAULT_PERCENTILES, SeriesStats, type SeriesSummary } from './stats.js';

export interface BatchOptions {
  runs: number;
  /** Run i is seeded seed + i; default settings.seed, else 0. */
  seed?: number;
  /** Step limit; default settings.stepsLimit. */
  steps?: number;
  /** Percentiles reported besides the median; default 5, 25, 75, 95. */
  percentiles?: number[];
  /** Keep every run's result (with its series unless keepSeries is false) in `runResults`. */
  keepRuns?: boolean;
  keepSeries?: boolean;
  /** Called as runs finish (in blocks; not necessarily in run order when parallel). */
  onRun?: (run: BatchRun) => void;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** Runs handed out at a time; default chosen from the diagram size. */
  blockSize?: number;
}

export interface BatchRun extends RunResult {
  index: number;
  seed: number;
}

export interface BatchResult {
  runs: number;
  completed: number;
  cancelled: boolean;
  seed: number;
  stepsLimit: number;
  /** Length of the summary series: the most steps any run took. */
  steps: number;
  meanSteps: number;
  /** How many runs ended by each end condition (or 'limit'). */
  ends: Record<string, number>;
  summary: Record<string, SeriesSummary>;
  runResults?: BatchRun[];
  /** The accumulator, for other percentiles (`stats.quantile`). */
  stats: SeriesStats;
}

export interface BatchPlan {
  program: Program;
  runs: number;
  seed: number;
  steps: number;
  blockSize: number;
}

export function planBatch(program: Program, options: BatchOptions, threads = 1): BatchPlan {
  const steps = options.steps ?? program.settings.stepsLimit;
  const runs = Math.max(0, Math.floor(options.runs));
  return {
    program,
    runs,
    steps,
    seed: options.seed ?? program.settings.seed ?? 0,
    blockSize: options.blockSize ?? blockSizeFor(program.charted.length, steps, runs, threads),
  };
}

/** An empty accumulator for a batch of this program: one series per charted node, registers kept in thousandths. */
export function newBatchStats(p: Program, steps: number): SeriesStats {
  const scales = Float64Array.from(p.chartedIsRegister, (isReg) => (isReg ? 1000 : 1));
  const stats = new SeriesStats(p.chartedIds, scales, steps);
  stats.names = Array.from(p.charted, (i) => p.nodeNames[i]);
  return stats;
}

/** The batch result read from its accumulator; end reasons in name order, whatever order runs came back in. */
export function batchResultOf(
  plan: Pick<BatchPlan, 'runs' | 'seed' | 'steps'>,
  s: SeriesStats,
  percentiles: number[] | undefined,
  cancelled: boolean,
): BatchResult {
  return {
    runs: plan.runs,
    completed: s.runs,
    cancelled,
    seed: plan.seed,
    stepsLimit: plan.steps,
    steps: s.maxSteps,
    meanSteps: s.runs ? s.totalSteps / s.runs : 0,
    ends: Object.fromEntries([...s.ends].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    summary: s.summary(percentiles ?? DEFAULT_PERCENTILES),
    stats: s,
  };
}

/** Gathers blocks as they come back (in any order) into statistics and, when asked, run results. */
export class BatchCollector {
  readonly stats: SeriesStats;
  private readonly runResults: BatchRun[] | null;
  private readonly endNames: string[];
  completed = 0;

  constructor(
    private readonly plan: BatchPlan,
    private readonly options: BatchOptions,
  ) {
    const p = plan.program;
    this.stats = newBatchStats(p, plan.steps);
    this.runResults = options.keepRuns ? new Array(plan.runs) : null;
    this.endNames = Array.from(p.ends, (i) => p.nodeNames[i]);
  }

  add(block: BlockData): void {
    this.stats.addBlock(block, this.endNames);
    this.completed += block.count;
    if (this.runResults || this.options.onRun) {
      for (let r = 0; r < block.count; r++) {
        const withSeries = this.options.onRun !== undefined || this.options.keepSeries !== false;
        const { series, final } = blockRunSeries(block, r, this.plan.program.chartedIds, withSeries);
        const index = block.first + r;
        const run: BatchRun = {
          index,
          seed: this.plan.seed + index,
          steps: block.stepsTaken[r],
          end: block.endIndex[r] < 0 ? 'limit' : this.endNames[block.endIndex[r]],
          final,
          series,
        };
        this.options.onRun?.(run);
        if (this.runResults) {
          if (this.options.keepSeries === false) run.series = {};
          this.runResults[index] = run;
        }
      }
    }
    this.options.onProgress?.(this.completed, this.plan.runs);
  }

  result(cancelled: boolean): BatchResult {
    const result = batchResultOf(this.plan, this.stats, this.options.percentiles, cancelled);
    if (this.runResults) result.runResults = this.runResults.filter((r) => r !== undefined);
    return result;
  }
}

/** Multiple runs in this thread, yielding to the event loop between blocks so progress and cancel work. */
export async function runBatch(source: unknown, options: BatchOptions): Promise<BatchResult> {
  const plan = planBatch(toProgram(source), options);
  const collector = new BatchCollector(plan, options);
  const m = new Machine(plan.program);
  let lastYield = Date.now();
  let buffer: ArrayBuffer | undefined;
  for (let first = 0; first < plan.runs; first += plan.blockSize) {
    if (options.signal?.aborted) return collector.result(true);
    const count = Math.min(plan.blockSize, plan.runs - first);
    const block = simulateBlock(m, first, count, plan.seed, plan.steps, buffer);
    collector.add(block);
    buffer = block.values.buffer as ArrayBuffer;
    if (Date.now() - lastYield > 20) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastYield = Date.now();
    }
  }
  return collector.result(options.signal?.aborted ?? false);
}

/** Multiple runs in this thread, synchronously. */
export function runBatchSync(source: unknown, options: Omit<BatchOptions, 'signal'>): BatchResult {
  const plan = planBatch(toProgram(source), options);
  const collector = new BatchCollector(plan, options);
  const m = new Machine(plan.program);
  let buffer: ArrayBuffer | undefined;
  for (let first = 0; first < plan.runs; first += plan.blockSize) {
    const block = simulateBlock(m, first, Math.min(plan.blockSize, plan.runs - first), plan.seed, plan.steps, buffer);
    collector.add(block);
    buffer = block.values.buffer as ArrayBuffer;
  }
  return collector.result(false);
}
