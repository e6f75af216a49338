import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoPaths } from '../../api/src/core/paths.js';
import { cloneRunDatabase } from '../../api/test/support/run-database.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Resolves with the exit code once the process ends by itself. */
  exited(): Promise<number | null>;
}

/**
 * Runs one of the repo's Node entry points as a real child process, capturing its output. Unless the
 * test names one, the process gets a data directory of its own (removed when it exits), so processes
 * of files running side by side never share the repository's .data (instance ID, generated secret).
 */
export function runNode(script: string, args: string[], env: Record<string, string | undefined>): RunningProcess {
  const ownDataDir = env.DATA_DIR === undefined ? mkdtempSync(path.join(tmpdir(), 'lw-e2e-data-')) : null;
  const child = spawn(process.execPath, [path.join(repoPaths.root, script), ...args], {
    cwd: repoPaths.root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // Compiled code only: the app behaves the same with or without it.
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE,
      ...(ownDataDir && { DATA_DIR: ownDataDir }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    exited: () => exited,
  };
}

export async function waitForReady(url: string, process: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) throw new Error(`the app exited early:\n${process.output()}`);
    try {
      const response = await fetch(`${url}/api/health/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`the app was not ready within ${timeoutMs} ms:\n${process.output()}`);
}

/**
 * The production build on a random port over an existing database, ready to serve (killed if it
 * never gets ready). `script` is `api/dist/main.js`, or `scripts/start.mjs` for what `npm start` runs.
 */
export async function runBuiltAppOn(
  databaseUrl: string,
  env: Record<string, string> = {},
  script = 'api/dist/main.js',
  readyMs = 100_000,
): Promise<{ url: string; process: RunningProcess }> {
  // A test that must know the address first (a provider's redirect URI) passes its own PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const app = runNode(script, [], {
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    // Started beside other files' apps and browsers: give it most of the hook's 120 s.
    await waitForReady(url, app, readyMs);
  } catch (error) {
    await app.stop('SIGKILL');
    throw error;
  }
  return { url, process: app };
}

export interface BuiltAppProcess {
  url: string;
  databaseUrl: string;
  process: RunningProcess;
  close(): Promise<void>;
}

/**
 * The production build as its own process (`node api/dist/main.js`) on a random port with its own database:
 * for the tests of the process itself (signals, exit codes, other processes beside it). Other tests serve
 * the same build from their own process with startBuiltApp.
 */
export async function startBuiltAppProcess(env: Record<string, string> = {}): Promise<BuiltAppProcess> {
  const database = await cloneRunDatabase();
  const { url, process: app } = await runBuiltAppOn(database.url, env);
  return {
    url,
    databaseUrl: database.url,
    process: app,
    async close() {
      await app.stop();
    },
  };
}
