#!/usr/bin/env node
import { availableParallelism } from 'node:os';
import { parseAssertion, type Assertion } from '../assert.js';
import { DEFAULT_PERCENTILES } from '../stats.js';
import { compile } from '../compile.js';
import { CompileError, formatProblem } from '../problems.js';
import { validate } from '../validate.js';
import { runBatchParallel } from '../node/index.js';
import { readDiagramFile } from '../node/read.js';
import { parseArgs, UsageError, USAGE, type CliArgs } from './args.js';
import { formatJson, formatReport, formatText } from './output.js';
import { writeFile } from 'node:fs/promises';
import { parseDiagram } from '../schema.js';
import { runBalanceTests } from './balance-tests.js';
import { runStudy, STUDY_COMMANDS } from './study.js';
import { diffFiles } from './diff-files.js';
import { countOf } from '../words.js';

async function main(argv: string[]): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) return fail(`${e.message}\n\n${USAGE}`);
    throw e;
  }
  if (args.help || args.command === '') {
    process.stdout.write(`${USAGE}\n`);
    return args.help ? 0 : 2;
  }
  if (!['run', 'validate', 'convert', 'test', 'diff', ...STUDY_COMMANDS].includes(args.command))
    return fail(`unknown command '${args.command}'\n\n${USAGE}`);
  if (!args.file) return fail(`missing FILE\n\n${USAGE}`);
  if (args.command === 'diff') return diffFiles(args.file, args.otherFile, args.json);

  let imported;
  try {
    imported = await readDiagramFile(args.file);
  } catch (e) {
    return fail(`${args.file}: ${(e as Error).message}`);
  }
  process.stderr.write(formatReport(imported.warnings));

  if (args.command === 'convert') {
    const problems = validate(imported.diagram);
    for (const p of problems) if (p.severity === 'error') process.stderr.write(`error: ${formatProblem(p)}\n`);
    if (problems.some((p) => p.severity === 'error')) return 2;
    const json = `${JSON.stringify(parseDiagram(imported.diagram), null, 2)}\n`;
    if (args.output) await writeFile(args.output, json);
    else process.stdout.write(json);
    return 0;
  }

  if (args.command === 'test') {
    if (!args.testsFile) return fail(`missing TESTS.json\n\n${USAGE}`);
    return runBalanceTests(imported.diagram, args.testsFile);
  }

  if (STUDY_COMMANDS.includes(args.command)) return runStudy(args, imported.diagram);

  if (args.command === 'validate') {
    const problems = validate(imported.diagram);
    for (const p of problems) process.stdout.write(`${p.severity}: ${formatProblem(p)}\n`);
    return problems.some((p) => p.severity === 'error') ? 2 : 0;
  }

  let program;
  try {
    program = compile(imported.diagram);
  } catch (e) {
    if (e instanceof CompileError) {
      for (const p of e.problems) if (p.severity === 'error') process.stderr.write(`error: ${formatProblem(p)}\n`);
      return 2;
    }
    throw e;
  }
  const assertions: Assertion[] = [];
  for (const text of args.asserts) {
    try {
      assertions.push(parseAssertion(text));
    } catch (e) {
      return fail(`bad assertion "${text}": ${(e as Error).message}`);
    }
  }

  const threads = args.threads ?? ((args.runs ?? 1) >= 64 ? availableParallelism() : 1);
  const percentiles = args.percentiles ?? DEFAULT_PERCENTILES;
  const result = await runBatchParallel(imported.diagram, {
    runs: args.runs ?? 1,
    seed: args.seed,
    steps: args.steps,
    threads,
    percentiles,
    keepRuns: true,
    keepSeries: !args.summaryOnly,
  });
  process.stdout.write(
    args.json ? formatJson(result, args.summaryOnly) : formatText(result, program.nodeNames, program.charted),
  );

  let failed = 0;
  for (const a of assertions) {
    let outcome;
    try {
      outcome = a.check(result);
    } catch (e) {
      return fail(`bad assertion "${a.text}": ${(e as Error).message}`);
    }
    if (!outcome.ok) failed++;
    process.stderr.write(`${outcome.ok ? 'PASS' : 'FAIL'} ${a.text}${outcome.detail ? `  (${outcome.detail})` : ''}\n`);
  }
  if (failed > 0) process.stderr.write(`${failed} of ${countOf(assertions.length, 'assertion')} failed\n`);
  return failed > 0 ? 1 : 0;
}

function fail(message: string): number {
  process.stderr.write(`error: ${message}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
