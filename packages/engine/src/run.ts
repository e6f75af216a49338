import { compile } from './compile.js';
import type { SimEvent } from './events.js';
import { Machine } from './machine.js';
import type { Program } from './program.js';

export interface RunOptions {
  /** Seed of the run; default settings.seed, else 0. */
  seed?: number;
  /** Step limit; default settings.stepsLimit. */
  steps?: number;
  /** Keep the event log in the result. */
  log?: boolean;
}

export interface RunResult {
  /** Steps taken. */
  steps: number;
  /** Name of the end condition that stopped the run, or 'limit'. */
  end: string;
  /** Value of every pool and register at the end. */
  final: Record<string, number>;
  /** Value of every pool and register at the end of t = 1, 2, …. */
  series: Record<string, number[]>;
  events?: SimEvent[];
}

/** A compiled Program as it is, or a diagram document (parsed JSON), validated and compiled. */
export function toProgram(source: unknown): Program {
  return isProgram(source) ? source : compile(source);
}

export function isProgram(x: unknown): x is Program {
  return typeof x === 'object' && x !== null && 'cKind' in x && 'nodeIndex' in x;
}

// A compiled program's machine and series buffer, reset for each quick run of it (as a batch's blocks
// reuse theirs): many runs of one program in a row allocate little more than their results.
const reusable = new WeakMap<Program, { machine: Machine; rows: Float64Array }>();

/**
 * The series buffer, one column per charted value: value s of step t at s * limit + t. Read back one
 * column at a time, it is read in order (a row-wise buffer made every read of a long run a cache miss).
 */
function machineFor(p: Program, limit: number): { machine: Machine; rows: Float64Array } {
  let kept = reusable.get(p);
  if (!kept) reusable.set(p, (kept = { machine: new Machine(p), rows: new Float64Array(0) }));
  if (kept.rows.length < limit * p.charted.length) kept.rows = new Float64Array(limit * p.charted.length);
  return kept;
}

/** Quick run: one run to its end condition or the step limit. */
export function run(source: unknown, options: RunOptions = {}): RunResult {
  const p = toProgram(source);
  const limit = options.steps ?? p.settings.stepsLimit;
  const charted = p.charted;
  const { machine: m, rows } = options.log
    ? { machine: new Machine(p, { log: true }), rows: new Float64Array(limit * charted.length) }
    : machineFor(p, limit);
  m.reset(options.seed ?? p.settings.seed ?? 0);
  const steps = simulate(m, rows, limit);
  const series: Record<string, number[]> = {};
  const final: Record<string, number> = {};
  const ids = p.chartedIds;
  for (let s = 0; s < ids.length; s++) {
    series[ids[s]] = column(rows, s * limit, steps);
    final[ids[s]] = m.value[charted[s]];
  }
  const result: RunResult = { steps, end: m.endReason ?? 'limit', final, series };
  if (m.log) result.events = m.log;
  return result;
}

/**
 * Steps the machine to its end or the limit, recording the charted values of every step; returns the
 * steps taken. Its own function, so that the optimised step loop is reused from one run to the next
 * (inside run(), the loop's optimised code stopped at the result building after it, every run).
 */
function simulate(m: Machine, rows: Float64Array, limit: number): number {
  let steps = 0;
  while (steps < limit && m.step()) {
    m.recordCharted(rows, steps, limit);
    steps++;
    if (m.ended) break;
  }
  return steps;
}

/** The first `steps` values of the column at `start` as a plain array (a loop: many times faster than Array.from on a typed array). */
function column(rows: Float64Array, start: number, steps: number): number[] {
  // With a fraction stored first, the array holds unboxed doubles: each copy below is then a plain
  // store, not a check of the value's kind (integer or not). One store changes the element kind for the
  // whole array; fill() did the same in C++ at about 15 instructions per element.
  const out = new Array<number>(steps);
  if (steps > 0) out[0] = 0.5;
  for (let j = 0; j < steps; j++) out[j] = rows[start + j];
  return out;
}
