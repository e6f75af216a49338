import { describe, expect, it } from 'vitest';
import { parseArgs } from '../cli/args.js';
import { parseOptions, UsageError } from '../cli/options.js';

describe('the one command-line parser (engine and remote commands)', () => {
  const options = {
    output: { flags: ['-o', '--output'], type: 'string' },
    message: { flags: ['-m', '--message'], type: 'string' },
    runs: { flags: ['--runs'], type: 'int', min: 1 },
    goals: { flags: ['--goal'], type: 'strings' },
    json: { flags: ['--json'], type: 'boolean' },
  } as const;

  it('reads aliases, repeats, flags and positionals in any order; a value is taken as it is', () => {
    const parsed = parseOptions(
      ['push', '-m', '-fix: gold', 'a.json', '--goal', 'x > 1', '--output', 'o.json', '--goal', 'y < 2', '--runs', '5'],
      options,
    );
    expect(parsed).toEqual({
      values: { output: 'o.json', message: '-fix: gold', runs: 5, goals: ['x > 1', 'y < 2'], json: false },
      positional: ['push', 'a.json'],
    });
  });

  it('refuses a missing value, a bad number and an unknown option, naming them', () => {
    const error = (argv: string[]) => {
      try {
        parseOptions(argv, options);
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(error(['push', '-m'])).toBe('-m needs a value');
    expect(error(['--runs', '0'])).toBe("--runs needs a whole number ≥ 1, got '0'");
    expect(error(['--runs', '2.5'])).toBe("--runs needs a whole number ≥ 1, got '2.5'");
    expect(error(['--bogus'])).toBe('unknown option --bogus');
    expect(error(['-x'])).toBe('unknown option -x');
  });

  it('keeps the engine commands as they were: negative seeds, percentiles, test and diff arguments', () => {
    expect(parseArgs(['run', 'f.json', '--seed', '-3', '--percentiles', '5,95', '--summary-only'])).toMatchObject({
      command: 'run',
      file: 'f.json',
      seed: -3,
      percentiles: [5, 95],
      summaryOnly: true,
      asserts: [],
    });
    expect(parseArgs(['test', 'f.json', 'tests.json']).testsFile).toBe('tests.json');
    expect(() => parseArgs(['run', 'a', 'b'])).toThrow("unexpected argument 'b'");
    expect(() => parseArgs(['run', 'a', '--percentiles', '5,101'])).toThrow("bad percentile '101'");
  });
});
