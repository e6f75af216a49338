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

/** A fresh database cloned from the migrated template; drop() removes it. */
export async function cloneTemplate(
  adminUrl: string,
  template: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `lw_test_${randomBytes(6).toString('hex')}`;
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
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined),
  };
}
