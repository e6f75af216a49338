import { writeFile } from 'node:fs/promises';
import { compile } from '../compile.js';
import { CompileError, formatProblem } from '../problems.js';
import { parseDiagram, type DiagramInput } from '../schema.js';
import { applyLevers, parseLever, StudyInputError, type Lever } from '../study/levers.js';
import { availableParallelism } from 'node:os';
import { sensitivityOnThreads, sweepOnThreads } from '../node/study.js';
import type { SensitivityResult } from '../study/sensitivity.js';
import { solve, type SolveResult } from '../study/solve.js';
import type { SweepResult } from '../study/sweep.js';
import type { CliArgs } from './args.js';
import { countOf } from '../words.js';

export const STUDY_COMMANDS = ['sweep', 'sensitivity', 'solve'];

/** `sweep`, `sensitivity` and `solve`: 0 ok (solve: the answer meets every goal), 1 solve found none, 2 bad input. */
export async function runStudy(args: CliArgs, diagram: unknown): Promise<number> {
  try {
    compile(diagram);
  } catch (e) {
    if (e instanceof CompileError) {
      for (const p of e.problems) if (p.severity === 'error') process.stderr.write(`error: ${formatProblem(p)}\n`);
      return 2;
    }
    throw e;
  }
  const doc = diagram as DiagramInput;
  try {
    const levers = args.levers.map(parseLever);
    const common = { levers, runs: args.runs ?? 100, seed: args.seed, steps: args.steps };
    // Sweeps and sensitivity spread their points over threads; the result is the same for any number.
    const threads = args.threads ?? availableParallelism();
    if (args.command === 'sweep') {
      const method = oneOf(args.method, ['grid', 'lhs'], 'grid');
      const result = await sweepOnThreads(doc, {
        ...common,
        metric: need(args.metric, '--metric'),
        method,
        samples: args.samples,
        threads,
      });
      process.stdout.write(
        args.json
          ? `${JSON.stringify(result, null, 2)}\n`
          : args.csv
            ? sweepCsv(result, levers)
            : sweepText(result, levers),
      );
      return 0;
    }
    if (args.command === 'sensitivity') {
      if (args.csv) throw new StudyInputError('sensitivity prints text or --json');
      const method = oneOf(args.method, ['sobol', 'morris'], 'sobol');
      const result = await sensitivityOnThreads(doc, {
        ...common,
        metric: need(args.metric, '--metric'),
        method,
        samples: args.samples,
        threads,
      });
      const { metric: _metric, ...json } = result;
      process.stdout.write(args.json ? `${JSON.stringify(json, null, 2)}\n` : sensitivityText(result));
      return 0;
    }
    if (args.goals.length === 0) throw new StudyInputError('solve needs at least one --goal');
    const result = solve(doc, {
      ...common,
      goals: args.goals,
      minimize: args.minimize,
      maximize: args.maximize,
      budget: args.budget,
    });
    if (args.output) {
      const values = levers.map((l) => result.levers[l.name]);
      await writeFile(args.output, `${JSON.stringify(parseDiagram(applyLevers(doc, levers, values)), null, 2)}\n`);
    }
    process.stdout.write(args.json ? `${JSON.stringify(solveJson(result), null, 2)}\n` : solveText(result));
    return result.met ? 0 : 1;
  } catch (e) {
    if (e instanceof StudyInputError) {
      process.stderr.write(`error: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

function need(value: string | undefined, option: string): string {
  if (!value) throw new StudyInputError(`missing ${option}`);
  return value;
}

function oneOf<T extends string>(value: string | undefined, allowed: T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw new StudyInputError(`--method is ${allowed.join(' or ')}, got '${value}'`);
  return value as T;
}

const fmt = (v: number): string =>
  Number.isInteger(v) ? String(v) : Math.abs(v) >= 100 ? v.toFixed(1) : v.toPrecision(4).replace(/\.?0+$/, '');

function sweepCsv(result: SweepResult, levers: Lever[]): string {
  const quote = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const rows = [[...levers.map((l) => quote(l.name)), quote(result.metric)].join(',')];
  for (const p of result.points) rows.push([...levers.map((l) => String(p.levers[l.name])), String(p.value)].join(','));
  return `${rows.join('\n')}\n`;
}

function sweepText(result: SweepResult, levers: Lever[]): string {
  const head = [...levers.map((l) => l.name), result.metric];
  const rows = result.points.map((p) => [...levers.map((l) => fmt(p.levers[l.name])), fmt(p.value)]);
  return `${result.method} sweep, ${result.evaluations} points\n${table(head, rows)}`;
}

function sensitivityText(result: SensitivityResult): string {
  if (result.method === 'sobol') {
    const rows = Object.entries(result.indices)
      .sort((a, b) => b[1].ST - a[1].ST)
      .map(([name, i]) => [name, `${fmt(i.S1)} ± ${fmt(i.S1_conf)}`, `${fmt(i.ST)} ± ${fmt(i.ST_conf)}`]);
    return `Sobol indices of ${result.metric} (N = ${result.samples}, ${result.evaluations} evaluations)\n${table(['lever', 'S1 (first order)', 'ST (total)'], rows)}`;
  }
  const rows = Object.entries(result.indices)
    .sort((a, b) => b[1].mu_star - a[1].mu_star)
    .map(([name, i]) => [name, fmt(i.mu_star), fmt(i.mu), fmt(i.sigma)]);
  return `Morris screening of ${result.metric} (${result.samples} trajectories, ${result.evaluations} evaluations)\n${table(['lever', 'mu*', 'mu', 'sigma'], rows)}`;
}

function solveJson(result: SolveResult) {
  const out: Record<string, unknown> = {
    levers: result.levers,
    goals: result.goals,
    evaluations: result.evaluations,
    verified: {
      runs: result.verified.runs,
      share: result.verified.share,
      seed: result.verified.seed,
      goals: result.verified.goals,
    },
  };
  if (result.objective) out.objective = result.objective;
  return out;
}

function solveText(result: SolveResult): string {
  const lines = [result.met ? 'Answer (meets every goal):' : 'No answer meets every goal; the best found:'];
  for (const [name, v] of Object.entries(result.levers)) lines.push(`  ${name} = ${fmt(v)}`);
  lines.push('Goals:');
  for (const g of result.goals) lines.push(`  ${g.met ? 'PASS' : 'FAIL'} ${g.goal}  (value ${fmt(g.value)})`);
  if (result.objective)
    lines.push(
      `${result.objective.sense === 'minimize' ? 'Minimised' : 'Maximised'}: ${result.objective.expression} = ${fmt(result.objective.value)}`,
    );
  lines.push(
    `${countOf(result.evaluations, 'evaluation')} by ${result.method}, ${countOf(result.runs, 'run')} each on seeds ${result.seed}..${result.seed + result.runs - 1}, ${result.steps} steps`,
  );
  const v = result.verified;
  lines.push(
    `Verified on ${v.runs} fresh runs (seeds ${v.seed}..${v.seed + v.runs - 1}): every goal holds in ${(v.share * 100).toFixed(1)}% of them; over them the goals ${
      v.goals.every((g) => g.met)
        ? 'all hold'
        : `fail: ${v.goals
            .filter((g) => !g.met)
            .map((g) => g.goal)
            .join('; ')}`
    }`,
  );
  return `${lines.join('\n')}\n`;
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return `${[line(head), ...rows.map(line)].join('\n')}\n`;
}
