import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { listMigrationNames } from '../../src/core/prisma/migrations.js';
import { repoPaths } from '../../src/core/paths.js';

/** The template's name changes whenever a migration changes, so a stale template is never reused. */
export async function templateName(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of await listMigrationNames(repoPaths.migrations.migrationsDir)) {
    hash.update(name).update(readFileSync(path.join(repoPaths.migrations.migrationsDir, name, 'migration.sql')));
  }
  return `lw_template_${hash.digest('hex').slice(0, 12)}`;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery<T extends pg.QueryResultRow>(
  adminUrl: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A fresh database cloned from the migrated template, named after the run (`prefix`). Commits in it do
 * not wait for the disk (synchronous_commit off): a test never outlives a crash of the server, and a
 * commit then costs no fsync on a busy machine. It stays until the run ends (dropRunDatabases).
 */
export async function cloneTemplate(
  adminUrl: string,
  template: string,
  prefix: string,
): Promise<{ url: string; name: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  // CREATE DATABASE … TEMPLATE fails while another session clones the same template; with test files
  // running side by side on a busy machine that can last a while, so retry for up to 30 s.
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      if (Date.now() > deadline || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await adminQuery(adminUrl, `ALTER DATABASE ${name} SET synchronous_commit = off`);
  return { name, url: withDatabase(adminUrl, name) };
}

/**
 * Creates database `name` (a clone of `from`, or empty) and fills it under a temporary name, renamed
 * when complete so a half-built template is never cloned. If another run built it first, theirs stays.
 */
export async function buildTemplate(
  adminUrl: string,
  name: string,
  fill: (url: string) => Promise<unknown>,
  from?: string,
): Promise<void> {
  const building = `${name}_build_${process.pid}`;
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${building}`);
  await adminQuery(adminUrl, `CREATE DATABASE ${building}${from ? ` TEMPLATE ${from}` : ''}`);
  await fill(withDatabase(adminUrl, building));
  await adminQuery(adminUrl, `ALTER DATABASE ${building} RENAME TO ${name}`).catch(async (error) => {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${building}`);
    if (!/already exists/.test(String(error))) throw error;
  });
}

/** A prefix for the databases of one test run: `lw_test_` and a random part. */
export function runDatabasePrefix(): string {
  return `lw_test_${randomBytes(4).toString('hex')}`;
}

/**
 * Drops every database the run cloned. DROP DATABASE waits for a checkpoint, which takes seconds on a
 * busy server; dropping them together at the end lets the drops share checkpoints, and no test file
 * waits for one.
 */
export async function dropRunDatabases(adminUrl: string, prefix: string): Promise<void> {
  const databases = await adminQuery<{ datname: string }>(
    adminUrl,
    'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
    [`${prefix}_`],
  );
  const names = databases.map(({ datname }) => datname);
  // A few at a time: each drop holds a connection, and the server is shared.
  for (let i = 0; i < names.length; i += 10)
    await Promise.all(
      names.slice(i, i + 10).map((name) => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
    );
}
