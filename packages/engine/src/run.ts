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

// A compiled program's machine and series buffers, reset for each quick run of it (as a batch's
// blocks reuse theirs): many runs of one program in a row allocate little more than their results.
const reusable = new WeakMap<Program, { machine: Machine; columns: Float64Array[] }>();

function machineFor(p: Program, limit: number): { machine: Machine; columns: Float64Array[] } {
  let kept = reusable.get(p);
  if (!kept) reusable.set(p, (kept = { machine: new Machine(p), columns: [] }));
  if ((kept.columns[0]?.length ?? 0) < limit || kept.columns.length !== p.charted.length)
    kept.columns = Array.from(p.charted, () => new Float64Array(limit));
  return kept;
}

/** Quick run: one run to its end condition or the step limit. */
export function run(source: unknown, options: RunOptions = {}): RunResult {
  const p = toProgram(source);
  const limit = options.steps ?? p.settings.stepsLimit;
  const charted = p.charted;
  const { machine: m, columns } = options.log
    ? { machine: new Machine(p, { log: true }), columns: Array.from(charted, () => new Float64Array(limit)) }
    : machineFor(p, limit);
  m.reset(options.seed ?? p.settings.seed ?? 0);
  const steps = simulate(m, charted, columns, limit);
  const series: Record<string, number[]> = {};
  const final: Record<string, number> = {};
  p.chartedIds.forEach((id, s) => {
    series[id] = toArray(columns[s], steps);
    final[id] = m.value[charted[s]];
  });
  const result: RunResult = { steps, end: m.endReason ?? 'limit', final, series };
  if (m.log) result.events = m.log;
  return result;
}

/**
 * Steps the machine to its end or the limit, recording the charted values of every step; returns the
 * steps taken. Its own function, so that the optimised step loop is reused from one run to the next
 * (inside run(), the loop's optimised code stopped at the result building after it, every run).
 */
function simulate(m: Machine, charted: Int32Array, columns: Float64Array[], limit: number): number {
  let steps = 0;
  const value = m.value; // allocated once per machine
  const S = charted.length;
  while (steps < limit && m.step()) {
    for (let s = 0; s < S; s++) columns[s][steps] = value[charted[s]];
    steps++;
    if (m.ended) break;
  }
  return steps;
}

/** The first `length` values of a column as a plain array (a loop: many times faster than Array.from on a typed array). */
function toArray(column: Float64Array, length: number): number[] {
  const out = new Array<number>(length);
  for (let j = 0; j < length; j++) out[j] = column[j];
  return out;
}
