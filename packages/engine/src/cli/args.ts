import { parseOptions, UsageError, type OptionSpec } from './options.js';

export { UsageError };

export interface CliArgs {
  command: string;
  file?: string;
  /** Absent: 1 for run, 100 for the studies. */
  runs?: number;
  seed?: number;
  steps?: number;
  threads?: number;
  json: boolean;
  summaryOnly: boolean;
  asserts: string[];
  percentiles?: number[];
  help: boolean;
  /** convert: where to write the JSON (default: standard output). */
  output?: string;
  /** test: the balance tests file (JSON: an array of tests, or { "tests": [...] }). */
  testsFile?: string;
  /** sweep, sensitivity: --param; solve: --lever (NAME=MIN:MAX[:int|:log]). */
  levers: string[];
  metric?: string;
  method?: string;
  samples?: number;
  csv: boolean;
  goals: string[];
  minimize?: string;
  maximize?: string;
  budget?: number;
  /** diff: the second file, compared with `file`. */
  otherFile?: string;
}

export const USAGE = `Usage:
  loopwright-sim run FILE [--runs N] [--seed S] [--steps N] [--threads T] [--json] [--summary-only]
                          [--percentiles 5,25,75,95] [--assert "EXPR"]...
  loopwright-sim validate FILE
  loopwright-sim convert FILE [-o OUT.json]
  loopwright-sim test FILE TESTS.json
  loopwright-sim sweep FILE --param NAME=MIN:MAX[:int|:log] ... --metric "STAT(NODE, STEP)"
                            [--method grid|lhs] [--samples N] [--runs R] [--seed S] [--json|--csv]
  loopwright-sim sensitivity FILE --param ... --metric "..." [--method sobol|morris] [--samples N]
                                  [--runs R] [--seed S] [--json]
  loopwright-sim solve FILE --lever NAME=MIN:MAX[:int|:log] ... --goal "ASSERTION" ...
                            [--minimize|--maximize "EXPR"] [--budget N] [--runs R] [--seed S] [--json] [-o SOLVED.json]
  loopwright-sim diff A B [--json]
  loopwright-sim login|pull|push|mcp …, test --remote FUID, run --remote FUID   (a server: see login --help)

FILE is a Loopwright JSON document, a Machinations XML file or a machinations.io (mxGraph) XML file.
convert writes FILE as a Loopwright JSON document (to OUT.json or standard output) and prints the
import report on standard error: every element it left out or changed, with its id, kind and reason.
--assert, e.g. "p95(Gold, 100) < 500" or "mean(Upgrades, end) >= 3", may be repeated.
A lever (--param, --lever) is a variable's name, or Pool.start / Pool.capacity (a pool's id or name),
with its range; :int keeps it whole, :log samples it on a log scale. Studies run R runs (default 100)
per point, all on the same seeds S, S+1, …; solve verifies its answer on fresh seeds. sweep and
sensitivity spread their points over --threads T (default every core), with the same result.
test runs balance tests: TESTS.json holds [{ "name", "nodeId", "step", "min", "max", "share", "runs", "seed" }]
(e.g. Gold after step 100 between 50 and 200 in at least 95% of 1000 runs, seed 42); one PASS/FAIL line each.
diff compares two versions (files of either format) element by element: added, removed, changed (field, before,
after; formulas token by token) and moved (layout only). --json prints { "added", "removed", "changed", "moved" }.
Exit codes: 0 ok, 1 an assertion or balance test failed (solve: no answer meets every goal; the best
found is still printed), 2 bad file, formula, assertion, test, lever or arguments.`;

const OPTIONS = {
  runs: { flags: ['--runs'], type: 'int', min: 1 },
  seed: { flags: ['--seed'], type: 'custom', parse: seed },
  steps: { flags: ['--steps'], type: 'int', min: 0 },
  threads: { flags: ['--threads'], type: 'int', min: 1 },
  json: { flags: ['--json'], type: 'boolean' },
  summaryOnly: { flags: ['--summary-only'], type: 'boolean' },
  asserts: { flags: ['--assert'], type: 'strings' },
  percentiles: { flags: ['--percentiles'], type: 'custom', parse: percentiles },
  levers: { flags: ['--param', '--lever'], type: 'strings' },
  metric: { flags: ['--metric'], type: 'string' },
  method: { flags: ['--method'], type: 'string' },
  samples: { flags: ['--samples'], type: 'int', min: 1 },
  csv: { flags: ['--csv'], type: 'boolean' },
  goals: { flags: ['--goal'], type: 'strings' },
  minimize: { flags: ['--minimize'], type: 'string' },
  maximize: { flags: ['--maximize'], type: 'string' },
  budget: { flags: ['--budget'], type: 'int', min: 1 },
  output: { flags: ['-o', '--output'], type: 'string' },
  help: { flags: ['-h', '--help'], type: 'boolean' },
} as const satisfies Record<string, OptionSpec>;

function seed(raw: string, flag: string): number {
  if (!/^-?\d+$/.test(raw)) throw new UsageError(`${flag} needs a whole number, got '${raw}'`);
  return Number(raw);
}

function percentiles(raw: string): number[] {
  return raw.split(',').map((s) => {
    const n = Number(s);
    if (!(n >= 0 && n <= 100)) throw new UsageError(`bad percentile '${s}'`);
    return n;
  });
}

export function parseArgs(argv: string[]): CliArgs {
  const { values, positional } = parseOptions(argv, OPTIONS);
  const args: CliArgs = { ...values, command: positional[0] ?? '', file: positional[1] };
  if (args.command === 'test' || args.command === 'diff') {
    if (args.command === 'test') args.testsFile = positional[2];
    else args.otherFile = positional[2];
    if (positional.length > 3) throw new UsageError(`unexpected argument '${positional[3]}'`);
  } else if (positional.length > 2) throw new UsageError(`unexpected argument '${positional[2]}'`);
  return args;
}
