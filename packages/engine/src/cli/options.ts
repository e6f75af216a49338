/**
 * The one command-line parser of loopwright-sim: the engine's commands (run, convert, studies …)
 * and the remote ones in @loopwright/cli (login, pull, push …) each describe their options in a
 * table, and this reads argv against it. A value option takes the next argument as it is (so
 * `--seed -3` and `-m "-fix"` work); an argument starting with `-` that no option names is refused.
 */
export class UsageError extends Error {}

interface Named {
  /** The spellings, e.g. ['-o', '--output']. */
  flags: readonly string[];
}
export type OptionSpec = Named &
  (
    | { type: 'boolean' }
    | { type: 'string' }
    /** Repeatable: every occurrence, in order. */
    | { type: 'strings' }
    | { type: 'int'; min: number }
    | { type: 'custom'; parse: (raw: string, flag: string) => unknown }
  );

type ValueOf<O extends OptionSpec> = O extends { type: 'boolean' }
  ? boolean
  : O extends { type: 'string' }
    ? string
    : O extends { type: 'strings' }
      ? string[]
      : O extends { type: 'int' }
        ? number
        : O extends { type: 'custom'; parse: (raw: string, flag: string) => infer R }
          ? R
          : never;

export type ParsedOptions<T extends Record<string, OptionSpec>> = {
  /** Booleans are false and lists empty when absent; the other options are undefined. */
  values: {
    [K in keyof T]: T[K] extends { type: 'boolean' } | { type: 'strings' } ? ValueOf<T[K]> : ValueOf<T[K]> | undefined;
  };
  positional: string[];
};

/** A whole number ≥ min, or the usage error naming the option. */
export function wholeNumber(raw: string, flag: string, min: number): number {
  const v = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(v) || v < min)
    throw new UsageError(`${flag} needs a whole number${min > 0 ? ` ≥ ${min}` : ''}, got '${raw}'`);
  return v;
}

export function parseOptions<T extends Record<string, OptionSpec>>(argv: string[], options: T): ParsedOptions<T> {
  const byFlag = new Map<string, [string, OptionSpec]>();
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(options)) {
    for (const flag of spec.flags) byFlag.set(flag, [key, spec]);
    if (spec.type === 'boolean') values[key] = false;
    if (spec.type === 'strings') values[key] = [];
  }
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const known = byFlag.get(arg);
    if (!known) {
      if (arg.length > 1 && arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
      positional.push(arg);
      continue;
    }
    const [key, spec] = known;
    if (spec.type === 'boolean') {
      values[key] = true;
      continue;
    }
    const raw = argv[++i];
    if (raw === undefined) throw new UsageError(`${arg} needs a value`);
    if (spec.type === 'string') values[key] = raw;
    else if (spec.type === 'strings') (values[key] as string[]).push(raw);
    else if (spec.type === 'int') values[key] = wholeNumber(raw, arg, spec.min);
    else values[key] = spec.parse(raw, arg);
  }
  return { values: values as ParsedOptions<T>['values'], positional };
}
