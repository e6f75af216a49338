import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { createClient, LoopwrightError, type LoopwrightClient } from '@loopwright/client';
import { parseOptions, UsageError, type OptionSpec, type ParsedOptions } from '@loopwright/engine/cli-options';
import { configPath, loadConfig, saveConfig } from './config.js';
import { progressBar } from './progress.js';

export const REMOTE_USAGE = `Remote commands (a Loopwright server, with your user API key):
  loopwright-sim login --url URL --key KEY
  loopwright-sim pull FUID [-o FILE.json]
  loopwright-sim push FILE.json [--fuid FUID] [-m|--message "TEXT"]
  loopwright-sim test --remote FUID
  loopwright-sim run --remote FUID [--runs N] [--seed S] [--steps N]
  loopwright-sim mcp

login checks the key and stores URL and key in $XDG_CONFIG_HOME/loopwright/config.json (readable by
you only); LOOPWRIGHT_URL and LOOPWRIGHT_API_KEY override it. pull writes the diagram's document (to
FILE.json or standard output): the file the local commands run. push saves FILE.json as a new version
of FUID, or as a new diagram without --fuid, and prints its FUID; --message is the version's message,
shown in the version history. test --remote runs the diagram's
saved balance tests on the server: one PASS/FAIL line each, exit 1 when one fails. run --remote queues
a multiple run (100 runs by default) and waits for it with a progress bar. mcp serves the server's
MCP tools over standard input/output for an AI assistant.
Exit codes: 0 ok, 1 a balance test failed or the run failed, 2 bad arguments, refused or unreachable.`;

const OPTIONS = {
  remote: { flags: ['--remote'], type: 'boolean' },
  url: { flags: ['--url'], type: 'string' },
  key: { flags: ['--key'], type: 'string' },
  fuid: { flags: ['--fuid'], type: 'string' },
  output: { flags: ['-o', '--output'], type: 'string' },
  message: { flags: ['-m', '--message'], type: 'string' },
  runs: { flags: ['--runs'], type: 'int', min: 1 },
  seed: { flags: ['--seed'], type: 'int', min: 0 },
  steps: { flags: ['--steps'], type: 'int', min: 1 },
  json: { flags: ['--json'], type: 'boolean' },
} as const satisfies Record<string, OptionSpec>;

type RemoteArgs = ParsedOptions<typeof OPTIONS>['values'] & { command: string; positional: string[] };

function parse(argv: string[]): RemoteArgs {
  const { values, positional } = parseOptions(argv, OPTIONS);
  return { ...values, command: positional.shift() ?? '', positional };
}

const REMOTE_COMMANDS = new Set(['login', 'pull', 'push', 'mcp']);

/** Whether loopwright-sim hands these arguments to the remote commands (the rest are the engine's). */
export function isRemoteCommand(argv: string[]): boolean {
  const first = argv.find((a) => !a.startsWith('-'));
  return (first !== undefined && REMOTE_COMMANDS.has(first)) || argv.includes('--remote');
}

async function connect(): Promise<LoopwrightClient> {
  const config = await loadConfig();
  if (!config)
    throw new UsageError(
      'not logged in: run `loopwright-sim login --url URL --key KEY` or set LOOPWRIGHT_URL and LOOPWRIGHT_API_KEY',
    );
  return createClient({ url: config.url, apiKey: config.apiKey, headers: { 'User-Agent': 'loopwright-sim' } });
}

function one(args: RemoteArgs, what: string): string {
  const [value, extra] = args.positional;
  if (!value) throw new UsageError(`missing ${what}`);
  if (extra) throw new UsageError(`unexpected argument '${extra}'`);
  return value;
}

async function login(args: RemoteArgs): Promise<number> {
  if (!args.url || !args.key) throw new UsageError('login needs --url URL and --key KEY');
  const url = args.url.replace(/\/+$/, '');
  // The key is checked before it is stored: a typo is told now, not at the first pull.
  const client = createClient({ url, apiKey: args.key });
  const { user } = await client.auth.userinfo();
  const path = await saveConfig({ url, apiKey: args.key });
  process.stdout.write(`Logged in to ${url} as ${user.email}; saved in ${path}\n`);
  return 0;
}

async function pull(args: RemoteArgs): Promise<number> {
  const fuid = one(args, 'FUID');
  const { diagram } = await (await connect()).diagram.get({ params: { fuid } });
  const json = `${JSON.stringify(diagram.document, null, 2)}\n`;
  if (args.output) {
    await writeFile(args.output, json);
    process.stderr.write(`${diagram.name} (${fuid}, version ${diagram.version}) written to ${args.output}\n`);
  } else process.stdout.write(json);
  return 0;
}

/** A document file: the document itself, or the file Export → JSON writes ({ format: 'loopwright', document }). */
async function readDocument(file: string): Promise<{ document: Record<string, unknown>; name: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object') throw new UsageError(`${file}: not a Loopwright JSON document`);
  const record = parsed as Record<string, unknown>;
  const exported = record.format === 'loopwright' && record.document && typeof record.document === 'object';
  return {
    document: (exported ? record.document : record) as Record<string, unknown>,
    name: typeof record.name === 'string' ? record.name : basename(file, extname(file)),
  };
}

async function push(args: RemoteArgs): Promise<number> {
  const file = one(args, 'FILE');
  const { document, name } = await readDocument(file);
  const client = await connect();
  if (!args.fuid) {
    const { diagram } = await client.diagram.create({ body: { name, document, message: args.message } });
    process.stdout.write(`${diagram.fuid}\n`);
    process.stderr.write(`Created ${diagram.name} (${diagram.fuid}), version ${diagram.version}\n`);
    return 0;
  }
  const { diagram } = await client.diagram.get({ params: { fuid: args.fuid } });
  const saved = await client.diagram.save({
    params: { fuid: args.fuid },
    body: { baseVersion: diagram.version, document, autosave: false, message: args.message },
  });
  for (const warning of saved.warnings) process.stderr.write(`warning: ${warning.message}\n`);
  process.stdout.write(`${args.fuid}\n`);
  process.stderr.write(`Saved ${diagram.name} (${args.fuid}) as version ${saved.version}\n`);
  return 0;
}

async function testRemote(args: RemoteArgs): Promise<number> {
  const fuid = one(args, 'FUID');
  const client = await connect();
  const { items } = await client.balanceTest.list({ params: { fuid } });
  if (items.length === 0) {
    process.stdout.write(`${fuid} has no balance tests\n`);
    return 0;
  }
  let failed = 0;
  for (const test of items) {
    const { result } = await client.balanceTest.run({ params: { id: test.id }, body: { origin: 'list' } });
    if (!result.passed) failed++;
    process.stdout.write(
      `${result.passed ? 'PASS' : 'FAIL'} ${test.name}: ${test.summary} (observed ${result.observedShare}% at version ${result.diagramVersion})\n`,
    );
  }
  process.stdout.write(`${items.length - failed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

async function runRemoteBatch(args: RemoteArgs): Promise<number> {
  const fuid = one(args, 'FUID');
  const client = await connect();
  const { play } = await client.play.batch({
    params: { fuid },
    body: { runs: args.runs ?? 100, seed: args.seed, steps: args.steps },
  });
  const bar = progressBar(play.runs);
  let current = play;
  for (;;) {
    bar.update(current.completedRuns, current.status);
    if (!['queued', 'running'].includes(current.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
    current = (await client.play.get({ params: { fuid, playId: play.id } })).play;
  }
  bar.end();
  if (current.status !== 'done') {
    process.stderr.write(`error: the run ${current.status}${current.error ? `: ${current.error}` : ''}\n`);
    return 1;
  }
  const done = (await client.play.get({ params: { fuid, playId: play.id } })).play;
  if (args.json) process.stdout.write(`${JSON.stringify(done, null, 2)}\n`);
  else {
    process.stdout.write(`Run ${done.id}: ${done.runs} runs of up to ${done.steps} steps, seed ${done.seed}\n`);
    for (const [id, series] of Object.entries(done.stats?.summary ?? {})) {
      const last = series.mean.length - 1;
      process.stdout.write(`  ${series.name ?? id}: mean ${round(series.mean[last])} at step ${last}\n`);
    }
  }
  return 0;
}

const round = (n: number | undefined) => (n === undefined ? '-' : Math.round(n * 100) / 100);

/** Runs a remote command; resolves to the exit code. */
export async function runRemote(argv: string[]): Promise<number> {
  let args: RemoteArgs;
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${REMOTE_USAGE}\n`);
    return 0;
  }
  try {
    args = parse(argv);
    switch (args.command) {
      case 'login':
        return await login(args);
      case 'pull':
        return await pull(args);
      case 'push':
        return await push(args);
      case 'test':
        return await testRemote(args);
      case 'run':
        return await runRemoteBatch(args);
      case 'mcp': {
        const { serveStdio } = await import('./mcp-stdio.js');
        const config = await loadConfig();
        if (!config) throw new UsageError('not logged in: run `loopwright-sim login` first');
        await serveStdio(config);
        return 0;
      }
      default:
        throw new UsageError(`'${args.command}' has no remote form`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n\n${REMOTE_USAGE}\n`);
      return 2;
    }
    if (error instanceof LoopwrightError) {
      process.stderr.write(`error: ${error.message} (${error.code}${error.status ? `, HTTP ${error.status}` : ''})\n`);
      if (error.code === 'AUTH_API_KEY_INVALID' || error.code === 'AUTH_REQUIRED')
        process.stderr.write(`check the key in ${configPath()}\n`);
      return 2;
    }
    throw error;
  }
}
