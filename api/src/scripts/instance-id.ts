import { readFile } from 'node:fs/promises';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../config/config.js';
import { embeddedDatabaseUrl, startEmbeddedDatabase } from '../core/prisma/embedded-database.js';
import { instanceIdFile } from '../modules/instance/instance.service.js';

// npm run instance-id: prints this instance's ID, read from the database (DATABASE_URL, or the
// embedded one — running or not), else from the file the app writes at every start.
const config = loadConfig();

async function fromDatabase(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string }>(
      "SELECT value FROM instance_settings WHERE key = 'instance.id'",
    );
    return rows[0]?.value;
  } finally {
    await client.end();
  }
}

async function fromEmbedded(): Promise<string | undefined> {
  const url = embeddedDatabaseUrl(config.EMBEDDED_POSTGRES_PORT);
  // The app may be running with the embedded server up; otherwise start it just for this.
  const running = await fromDatabase(url).then(
    (id) => ({ id }),
    () => null,
  );
  if (running) return running.id;
  const database = await startEmbeddedDatabase(
    config.DATA_DIR,
    config.EMBEDDED_POSTGRES_PORT,
    pino({ level: 'silent' }),
    {
      attach: true,
    },
  );
  try {
    return await fromDatabase(database.url);
  } finally {
    await database.stop();
  }
}

async function fromFile(): Promise<string | undefined> {
  return (await readFile(instanceIdFile(config.DATA_DIR), 'utf8').catch(() => '')).trim() || undefined;
}

let id: string | undefined;
let problem = '';
try {
  id = config.DATABASE_URL ? await fromDatabase(config.DATABASE_URL) : await fromEmbedded();
} catch (error) {
  problem = (error as Error).message;
}
id ??= await fromFile();
if (id) {
  console.log(id);
} else {
  console.error(
    `No instance ID yet: start the app once (npm start) and it prints one.${problem ? ` (database: ${problem})` : ''}`,
  );
  process.exitCode = 1;
}
