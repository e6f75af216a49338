import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BalanceTestError, describeBalanceTest, NOTHING_PLOTTED, runBalanceTest } from '../balance.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = `${ROOT}packages/engine/dist/cli/main.js`;
const economy = JSON.parse(readFileSync(`${ROOT}examples/economy.json`, 'utf8')) as {
  nodes: { id: string; showInChart?: boolean }[];
};

function newestSource(dir: string): number {
  let t = 0;
  for (const f of readdirSync(dir)) {
    const s = statSync(`${dir}/${f}`);
    t = Math.max(t, s.isDirectory() ? newestSource(`${dir}/${f}`) : s.mtimeMs);
  }
  return t;
}

describe('balance tests', () => {
  it('counts the runs whose value lies in the range, deterministically under the seed', () => {
    // Gold gains D6+3 and loses 2 a step: about 4.5 a step, ~450 after 100 steps.
    const spec = { nodeId: 'Gold', step: 100, min: 380, max: 520, share: 95, runs: 300, seed: 42 };
    const a = runBalanceTest(economy, spec);
    expect(a.passed).toBe(true);
    expect(a.observedShare).toBeGreaterThanOrEqual(95);
    expect(a.low).toBeGreaterThanOrEqual(300);
    expect(a.mean).toBeGreaterThan(420);
    expect(a.mean).toBeLessThan(480);
    expect(runBalanceTest(economy, spec)).toEqual(a);
    expect(runBalanceTest(economy, { ...spec, seed: 43 })).not.toEqual(a);

    const failing = runBalanceTest(economy, { ...spec, min: 50, max: 200 });
    expect(failing).toMatchObject({ passed: false, observedShare: 0, within: 0 });
    // A narrow band passes in some runs only: the share decides.
    const band = runBalanceTest(economy, { ...spec, min: 440, max: 470, share: 50 });
    expect(band.observedShare).toBeGreaterThan(0);
    expect(band.observedShare).toBeLessThan(100);
    expect(band.passed).toBe(band.observedShare >= 50);
  });

  it('takes the final value at the end, names as well as ids, and explains what is wrong', () => {
    const atEnd = runBalanceTest(economy, { nodeId: 'Gold', min: 300, runs: 20 });
    expect(atEnd.passed).toBe(true);
    expect(() => runBalanceTest(economy, { nodeId: 'Silver', min: 1 })).toThrow(BalanceTestError);
    expect(() => runBalanceTest(economy, { nodeId: 'Gold' })).toThrow(/minimum, a maximum or both/);
    const hidden = { ...economy, nodes: economy.nodes.map((n) => ({ ...n, showInChart: false })) };
    expect(() => runBalanceTest(hidden, { nodeId: 'Gold', min: 1 })).toThrow(NOTHING_PLOTTED);
    expect(
      describeBalanceTest(
        { nodeId: 'Gold', step: 100, min: 50, max: 200, share: 95, runs: 1000, seed: 42 },
        { type: 'pool', name: 'Gold' },
      ),
    ).toBe('pool Gold after 100 steps is between 50 and 200 in at least 95% of 1,000 runs, seed 42');
    expect(describeBalanceTest({ nodeId: 'Gold', max: 10 })).toBe(
      'element Gold at the end is at most 10 in at least 100% of 100 runs, seed 0',
    );
  });

  describe('loopwright-sim test', () => {
    beforeAll(() => {
      if (!existsSync(CLI) || statSync(CLI).mtimeMs < newestSource(`${ROOT}packages/engine/src`)) {
        execFileSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-b', `${ROOT}packages/engine`], {
          stdio: 'inherit',
        });
      }
    }, 120_000);
    const cli = (...args: string[]) => {
      const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    const dir = mkdtempSync(`${tmpdir()}/balance-`);
    const write = (name: string, value: unknown) => {
      writeFileSync(`${dir}/${name}`, JSON.stringify(value));
      return `${dir}/${name}`;
    };

    it('prints PASS/FAIL per test and exits 1 when one fails', () => {
      const passing = write('pass.json', [
        { name: 'Gold on track', nodeId: 'Gold', step: 100, min: 380, max: 520, share: 95, runs: 200, seed: 42 },
      ]);
      const ok = cli('test', `${ROOT}examples/economy.json`, passing);
      expect(ok.code).toBe(0);
      expect(ok.out).toMatch(
        /^PASS Gold on track: pool Gold after 100 steps is between 380 and 520 in at least 95% of 200 runs, seed 42 {2}\(observed 100\.0%/,
      );
      const mixed = write('mixed.json', {
        tests: [
          { name: 'on track', nodeId: 'Gold', step: 100, min: 380, runs: 50 },
          { name: 'too rich', nodeId: 'Gold', step: 100, max: 200, runs: 50 },
        ],
      });
      const bad = cli('test', `${ROOT}examples/economy.json`, mixed);
      expect(bad.code).toBe(1);
      expect(bad.out).toContain('PASS on track');
      expect(bad.out).toContain('FAIL too rich');
      expect(bad.err).toContain('1 of 2 balance test(s) failed');
    });

    it('exits 2 on a bad tests file, an unknown node or a missing argument', () => {
      expect(cli('test', `${ROOT}examples/economy.json`).code).toBe(2);
      expect(cli('test', `${ROOT}examples/economy.json`, write('broken.json', { nope: 1 })).code).toBe(2);
      const unknown = cli(
        'test',
        `${ROOT}examples/economy.json`,
        write('unknown.json', [{ nodeId: 'Silver', min: 1 }]),
      );
      expect(unknown.code).toBe(2);
      expect(unknown.err).toContain("no pool or register 'Silver'");
    });
  });
});
