import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = `${ROOT}packages/engine/dist/cli/main.js`;

function newestSource(dir: string): number {
  let t = 0;
  for (const f of readdirSync(dir)) {
    const p = `${dir}/${f}`;
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newestSource(p) : s.mtimeMs);
  }
  return t;
}

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  // The CLI runs from the build; rebuild when the sources are newer.
  if (!existsSync(CLI) || statSync(CLI).mtimeMs < newestSource(`${ROOT}packages/engine/src`)) {
    execFileSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-b', `${ROOT}packages/engine`], {
      stdio: 'inherit',
    });
  }
}, 120_000);

describe('loopwright-sim', () => {
  it('reproduces the golden examples from JSON with --json', () => {
    const r = cli('run', `${FIXTURES}ex08-invest.json`, '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.runs).toHaveLength(1);
    expect(doc.runs[0]).toMatchObject({ steps: 16, end: 'limit', final: { Gold: 9, Upgrades: 7 } });
    expect(doc.runs[0].series.Gold).toEqual([1, 2, 3, 4, 5, 1, 3, 5, 2, 5, 3, 7, 6, 6, 7, 9]);
    expect(doc.summary.Upgrades.median).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7]);
    const ten = JSON.parse(cli('run', `${FIXTURES}ex10-activator-end.json`, '--json').out);
    expect(ten.runs[0]).toEqual({
      steps: 5,
      end: 'win',
      final: { P: 5, Q: 3 },
      series: { P: [1, 2, 3, 4, 5], Q: [1, 2, 3, 3, 3] },
    });
  });

  it('reads both XML formats', () => {
    const m = JSON.parse(cli('run', `${FIXTURES}ex08-invest.machinations.xml`, '--json', '--steps', '16').out);
    expect(m.runs[0].series.n3).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7]);
    const x = cli('run', `${FIXTURES}ex10-activator-end.mxgraph.xml`, '--json');
    expect(x.err).toMatch(/x1 \[mxCell\]: element 'mxCell \(shape=cloud\)' is not a Machinations element; left out/);
    expect(JSON.parse(x.out).runs[0]).toMatchObject({ steps: 5, end: 'win' });
  });

  it('convert writes our JSON and prints the import report on stderr', () => {
    const out = `${mkdtempSync(`${tmpdir()}/lw-convert-`)}/ex10.json`;
    const r = cli('convert', `${FIXTURES}ex10-activator-end.mxgraph.xml`, '-o', out);
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^import report: 3 elements left out or changed$/m);
    expect(r.err).toMatch(/^ {2}0 \[layer\]: Loopwright has no layers/m);
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    expect(doc.nodes.map((n: { id: string }) => n.id)).toEqual(['s1', 'p', 's2', 'q', 'end']);
    expect(JSON.parse(cli('run', out, '--json').out).runs[0]).toMatchObject({ steps: 5, end: 'win' });
    const stdout = cli('convert', `${FIXTURES}ex08-invest.json`);
    expect(JSON.parse(stdout.out).nodes.length).toBeGreaterThan(0);
    expect(stdout.err).toBe('');
  });

  it('gives the same batch on 1 and 2 threads and D6 statistics within sampling error', () => {
    const args = ['run', `${FIXTURES}ex13-dice.json`, '--runs', '3000', '--seed', '5', '--json', '--summary-only'];
    const one = JSON.parse(cli(...args, '--threads', '1').out);
    const two = JSON.parse(cli(...args, '--threads', '2').out);
    expect(two).toEqual(one);
    expect(one.runs[0].series).toBeUndefined();
    const mean = one.summary.P.mean;
    expect(Math.abs(mean[0] - 3.5)).toBeLessThan(4 * Math.sqrt(35 / 12 / 3000));
    expect(Math.abs(mean[19] - 70)).toBeLessThan(4 * Math.sqrt((20 * 35) / 12 / 3000));
    expect(Object.keys(one.summary.P).sort()).toEqual(['max', 'mean', 'median', 'min', 'p25', 'p5', 'p75', 'p95']);
  });

  it('--assert exits 0 when all hold, 1 naming each failure', () => {
    const ok = cli(
      'run',
      `${FIXTURES}ex08-invest.json`,
      '--assert',
      'mean(Upgrades, end) >= 3',
      '--assert',
      'p95(Gold, 16) < 500',
    );
    expect(ok.code).toBe(0);
    expect(ok.err).toMatch(/PASS mean\(Upgrades, end\) >= 3/);
    const bad = cli(
      'run',
      `${FIXTURES}ex08-invest.json`,
      '--assert',
      'mean(Upgrades, end) >= 30',
      '--assert',
      'max(Gold, 16) == 9',
      '--assert',
      'median(Gold, 3) > 3',
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/FAIL mean\(Upgrades, end\) >= 30/);
    expect(bad.err).toMatch(/FAIL median\(Gold, 3\) > 3/);
    expect(bad.err).toMatch(/2 of 3 assertion/);
  });

  it('exits 2 with the element id and position for a bad formula, file or assertion', () => {
    const bad = cli('run', `${FIXTURES}bad-formula.json`);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/income: INVALID_FORMULA at position 5 of formula: unexpected '\*'/);
    expect(cli('run', `${FIXTURES}missing.json`).code).toBe(2);
    const a = cli('run', `${FIXTURES}ex01-source.json`, '--assert', 'mean(Nope, end) > 1');
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/Nope/);
    expect(cli('run', `${FIXTURES}ex01-source.json`, '--assert', 'mean(Energy end)').code).toBe(2);
    expect(cli('run', `${FIXTURES}ex01-source.json`, '--bogus').code).toBe(2);
  });

  it('diff --json prints added, removed, changed and moved; a move alone is not a change', () => {
    const doc = JSON.parse(readFileSync(`${FIXTURES}ex08-invest.json`, 'utf8'));
    doc.nodes[1].name = 'Coins';
    doc.nodes[1].x = 300;
    doc.nodes[0].y = 40;
    doc.connections[1].formula = '5 * 2';
    doc.nodes.pop();
    doc.connections = doc.connections.filter((c: { to: string }) => c.to !== 'Upgrades');
    doc.nodes.push({ id: 'Sink', type: 'drain', name: 'Sink' });
    const b = `${mkdtempSync(`${tmpdir()}/lw-diff-`)}/b.json`;
    writeFileSync(b, JSON.stringify(doc));
    const r = cli('diff', `${FIXTURES}ex08-invest.json`, b, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      added: [{ kind: 'node', id: 'Sink', name: 'Sink' }],
      removed: [
        { kind: 'node', id: 'Upgrades', name: 'Upgrades' },
        { kind: 'connection', id: 'c3', name: 'Invest → Upgrades' },
      ],
      changed: [
        { kind: 'node', id: 'Gold', field: 'name', before: 'Gold', after: 'Coins' },
        { kind: 'connection', id: 'c2', field: 'formula', before: '5', after: '5 * 2' },
      ],
      moved: [
        { kind: 'node', id: 'Source' },
        { kind: 'node', id: 'Gold' },
      ],
    });
    const text = cli('diff', `${FIXTURES}ex08-invest.json`, b);
    expect(text.out).toMatch(/^1 added, 2 removed, 2 changed, 2 moved$/m);
    expect(text.out).toMatch(/^ {2}~ connection c2 formula: 5 \[∅ → \* 2\]$/m);
    expect(text.out).toMatch(/^ {2}↔ node Source$/m);
  });

  it('diff reads either format and exits 2 without a second file or on a bad one', () => {
    const json = `${mkdtempSync(`${tmpdir()}/lw-diff-`)}/ex08.json`;
    expect(cli('convert', `${FIXTURES}ex08-invest.machinations.xml`, '-o', json).code).toBe(0);
    const same = cli('diff', `${FIXTURES}ex08-invest.machinations.xml`, json, '--json');
    expect(same.code).toBe(0);
    expect(JSON.parse(same.out)).toEqual({ added: [], removed: [], changed: [], moved: [] });
    expect(cli('diff', `${FIXTURES}ex08-invest.json`).code).toBe(2);
    expect(cli('diff', `${FIXTURES}ex08-invest.json`, `${FIXTURES}missing.json`).code).toBe(2);
  });
});

describe('loopwright-sim sweep, sensitivity and solve', () => {
  const inflation = `${ROOT}examples/inflation.json`;
  const levers = [
    '--lever',
    'upgradePrice=10:80:int',
    '--lever',
    'repairCost=0:20:int',
    '--lever',
    'questReward=4:20:int',
  ];
  const goals = [
    '--goal',
    'p90(Coins, 30) <= 150',
    '--goal',
    'median(Upgrades, 30) >= 20',
    '--goal',
    'p10(Coins, 10) >= 10',
  ];

  it('solve finds levers that meet every goal, exits 0, and -o writes a diagram on which --assert passes', () => {
    const out = `${mkdtempSync(`${tmpdir()}/lw-solve-`)}/solved.json`;
    const r = cli('solve', inflation, ...levers, ...goals, '--runs', '100', '--seed', '1', '--json', '-o', out);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(Object.keys(doc)).toEqual(['levers', 'goals', 'evaluations', 'verified']);
    expect(Object.keys(doc.levers)).toEqual(['upgradePrice', 'repairCost', 'questReward']);
    expect(doc.goals.map((g: { met: boolean }) => g.met)).toEqual([true, true, true]);
    expect(doc.evaluations).toBeLessThanOrEqual(300);
    expect(doc.verified).toMatchObject({ runs: 200, seed: 101 });
    expect(doc.verified.share).toBeGreaterThan(0);
    const solved = JSON.parse(readFileSync(out, 'utf8'));
    expect(solved.variables.find((v: { name: string }) => v.name === 'upgradePrice').formula).toBe(
      String(doc.levers.upgradePrice),
    );
    const check = cli(
      'run',
      out,
      '--runs',
      '100',
      '--seed',
      '1',
      ...goals.map((g) => (g === '--goal' ? '--assert' : g)),
    );
    expect(check.err).not.toMatch(/FAIL/);
    expect(check.code).toBe(0);
    // The text form says the same.
    const text = cli('solve', inflation, ...levers, ...goals, '--runs', '100', '--seed', '1');
    expect(text.out).toMatch(/^Answer \(meets every goal\):/);
    expect(text.out).toMatch(new RegExp(`upgradePrice = ${doc.levers.upgradePrice}\\n`));
  });

  it('solve exits 1 and still prints the best when no answer meets the goals; 2 on bad input', () => {
    const none = cli(
      'solve',
      inflation,
      '--lever',
      'upgradePrice=10:80:int',
      '--goal',
      'p90(Coins, 30) <= 1',
      '--runs',
      '20',
      '--json',
    );
    expect(none.code).toBe(1);
    expect(JSON.parse(none.out).goals[0]).toMatchObject({ goal: 'p90(Coins, 30) <= 1', met: false });
    const bad = (...args: string[]) => cli('solve', inflation, ...args);
    expect(bad('--lever', 'nope=1:2', '--goal', 'p90(Coins, 30) <= 1').code).toBe(2);
    expect(bad('--lever', 'upgradePrice=10', '--goal', 'p90(Coins, 30) <= 1').err).toMatch(/NAME=MIN:MAX/);
    expect(bad('--lever', 'upgradePrice=10:80', '--goal', 'p90(Silver, 30) <= 1').code).toBe(2);
    expect(bad('--lever', 'upgradePrice=10:80').code).toBe(2);
    expect(bad('--lever', 'upgradePrice=10:80', '--goal', 'p90(Coins, 30) <= 1', '--budget', '0').code).toBe(2);
  });

  it('sweep prints a grid as CSV and JSON', () => {
    const args = [
      'sweep',
      inflation,
      '--param',
      'upgradePrice=20:80:int',
      '--metric',
      'p90(Coins, 30)',
      '--samples',
      '4',
      '--runs',
      '20',
    ];
    const csv = cli(...args, '--csv');
    expect(csv.code).toBe(0);
    const lines = csv.out.trim().split('\n');
    expect(lines[0]).toBe('upgradePrice,"p90(Coins, 30)"');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['20', '40', '60', '80']);
    const json = JSON.parse(cli(...args, '--json').out);
    expect(json).toMatchObject({ method: 'grid', samples: 4, evaluations: 4 });
    expect(json.points[0].value).toBe(Number(lines[1].split(',')[1]));
    // A cheap price inflates Coins far more than a dear one.
    expect(json.points[0].value).toBeGreaterThan(json.points[3].value);
    expect(
      cli('sweep', inflation, '--param', 'upgradePrice=20:80', '--metric', 'p90(Coins, 30)', '--method', 'sobol').code,
    ).toBe(2);
  });

  it('sensitivity prints Sobol indices and Morris screening as JSON', () => {
    const params = ['--param', 'upgradePrice=10:80', '--param', 'repairCost=0:20', '--param', 'questReward=4:20'];
    const sobol = cli(
      'sensitivity',
      inflation,
      ...params,
      '--metric',
      'p90(Coins, 30)',
      '--samples',
      '32',
      '--runs',
      '20',
      '--json',
    );
    expect(sobol.code).toBe(0);
    const s = JSON.parse(sobol.out);
    expect(Object.keys(s)).toEqual(['method', 'samples', 'evaluations', 'indices']);
    expect(s).toMatchObject({ method: 'sobol', samples: 32, evaluations: 160 });
    expect(Object.keys(s.indices.upgradePrice)).toEqual(['S1', 'S1_conf', 'ST', 'ST_conf']);
    const morris = JSON.parse(
      cli(
        'sensitivity',
        inflation,
        ...params,
        '--metric',
        'p90(Coins, 30)',
        '--method',
        'morris',
        '--samples',
        '5',
        '--runs',
        '20',
        '--json',
      ).out,
    );
    expect(morris).toMatchObject({ method: 'morris', samples: 5, evaluations: 20 });
    expect(morris.indices.upgradePrice).toHaveProperty('mu_star');
    expect(morris.indices.upgradePrice).toHaveProperty('sigma');
    expect(cli('sensitivity', inflation, ...params).code).toBe(2);
  });

  it('spreads sweep and sensitivity points over threads with the same result as one thread', () => {
    const params = ['--param', 'upgradePrice=10:80', '--param', 'questReward=4:20', '--metric', 'p90(Coins, 30)'];
    const sobol = ['sensitivity', inflation, ...params, '--samples', '32', '--runs', '10', '--json'];
    expect(cli(...sobol, '--threads', '2').out).toBe(cli(...sobol, '--threads', '1').out);
    const grid = ['sweep', inflation, ...params, '--samples', '81', '--runs', '10', '--csv'];
    const one = cli(...grid, '--threads', '1').out;
    expect(one.trim().split('\n')).toHaveLength(82);
    expect(cli(...grid, '--threads', '2').out).toBe(one);
  });
});
