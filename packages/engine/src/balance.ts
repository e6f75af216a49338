import { compile } from './compile.js';
import type { Program } from './program.js';
import { isProgram, run } from './run.js';

/**
 * A balance test: "pool Gold after 100 steps is between 50 and 200 in at least 95% of 1,000 runs,
 * seed 42". Run i is seeded seed + i, as in every batch, so a test gives the same answer everywhere.
 */
export interface BalanceTestSpec {
  name?: string;
  /** A pool or register, by id or name. */
  nodeId: string;
  /** 1-based step; null or absent: the end of each run (its final value). */
  step?: number | null;
  min?: number | null;
  max?: number | null;
  /** Percentage of runs that must lie within [min, max]; default 100. */
  share?: number;
  /** Default 100. */
  runs?: number;
  /** Default 0. */
  seed?: number;
}

export interface BalanceTestOutcome {
  passed: boolean;
  /** Percentage of runs within the range (0..100). */
  observedShare: number;
  runs: number;
  within: number;
  /** Lowest, mean and highest observed value. */
  low: number;
  mean: number;
  high: number;
}

export class BalanceTestError extends Error {
  constructor(
    readonly code: 'UNKNOWN_NODE' | 'NOTHING_PLOTTED' | 'BAD_TEST',
    message: string,
  ) {
    super(message);
    this.name = 'BalanceTestError';
  }
}

/** The spec's rule for multiple runs, word for word. */
export const NOTHING_PLOTTED = 'Multiple run needs at least one element plotted on the chart';

export function runBalanceTest(source: unknown, spec: BalanceTestSpec): BalanceTestOutcome {
  const diagram = isProgram(source)
    ? null
    : (source as { nodes?: { id: string; name?: string; type: string; showInChart?: boolean }[] });
  if (
    diagram &&
    !(diagram.nodes ?? []).some((n) => (n.type === 'pool' || n.type === 'register') && n.showInChart !== false)
  ) {
    throw new BalanceTestError('NOTHING_PLOTTED', NOTHING_PLOTTED);
  }
  const program: Program = isProgram(source) ? source : compile(source);
  const id = resolveNode(program, spec.nodeId);
  if (spec.min == null && spec.max == null)
    throw new BalanceTestError('BAD_TEST', 'a balance test needs a minimum, a maximum or both');
  const runs = spec.runs ?? 100;
  const seed = spec.seed ?? 0;
  const share = spec.share ?? 100;
  const steps = spec.step ? Math.max(spec.step, program.settings.stepsLimit) : undefined;
  let within = 0;
  let low = Infinity;
  let high = -Infinity;
  let sum = 0;
  for (let i = 0; i < runs; i++) {
    const result = run(program, { seed: seed + i, steps });
    const series = result.series[id];
    // A run that stopped before the step counts with its final value.
    const value = spec.step ? (series[spec.step - 1] ?? result.final[id]) : result.final[id];
    if ((spec.min == null || value >= spec.min) && (spec.max == null || value <= spec.max)) within++;
    low = Math.min(low, value);
    high = Math.max(high, value);
    sum += value;
  }
  const observedShare = runs ? (within / runs) * 100 : 0;
  return { passed: observedShare >= share, observedShare, runs, within, low, mean: runs ? sum / runs : 0, high };
}

function resolveNode(program: Program, ref: string): string {
  const ids = program.chartedIds;
  if (ids.includes(ref)) return ref;
  const byName = ids.filter((id, i) => program.nodeNames[program.charted[i]] === ref);
  if (byName.length === 1) return byName[0];
  throw new BalanceTestError('UNKNOWN_NODE', `no pool or register '${ref}' in the diagram`);
}

const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 4 });

/** "pool Gold after 100 steps is between 50 and 200 in at least 95% of 1,000 runs, seed 42". */
export function describeBalanceTest(spec: BalanceTestSpec, node?: { type: string; name?: string }): string {
  const what = `${node?.type ?? 'element'} ${node?.name || spec.nodeId}`;
  const when = spec.step ? `after ${number(spec.step)} step${spec.step === 1 ? '' : 's'}` : 'at the end';
  const range =
    spec.min != null && spec.max != null
      ? `between ${number(spec.min)} and ${number(spec.max)}`
      : spec.min != null
        ? `at least ${number(spec.min)}`
        : `at most ${number(spec.max!)}`;
  const runs = spec.runs ?? 100;
  return `${what} ${when} is ${range} in at least ${number(spec.share ?? 100)}% of ${number(runs)} run${runs === 1 ? '' : 's'}, seed ${spec.seed ?? 0}`;
}
