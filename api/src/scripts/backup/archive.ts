import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import type { AppConfig } from '../../config/config.js';
import { repoPaths } from '../../core/paths.js';
import { withEmbeddedDatabase } from '../../core/prisma/embedded-database.js';
import { listMigrationNames } from '../../core/prisma/migrations.js';
import { BackupError, findPgTool, runTool } from './pg-tools.js';

/**
 * One backup = one tar file holding:
 *   loopwright-backup.json   what it is: when, which migrations, PostgreSQL and pg_dump versions,
 *                            the instance ID and the instance settings rows, a fingerprint of APP_SECRET
 *   database.dump            pg_dump --format=custom of the whole database (images are in it)
 *   app-secret               only for instances whose APP_SECRET was generated under DATA_DIR
 * `tar tf` lists it; `pg_restore -l database.dump` reads the dump without Loopwright.
 */
export const MANIFEST = 'loopwright-backup.json';
export const DUMP = 'database.dump';
export const SECRET = 'app-secret';
const FORMAT = 'loopwright-backup';
const NAME = /^loopwright-\d{8}-\d{6}\.tar$/;

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: 1;
  createdAt: string;
  postgres: { serverVersion: string; serverMajor: number; pgDumpMajor: number };
  migrations: string[];
  instance: { id: string | null; settings: { key: string; value: unknown; updatedAt: string }[] };
  /** sha256 of a key derived from APP_SECRET: tells a restore whether encrypted settings will read. */
  appSecretFingerprint: string;
  files: string[];
}

export function secretFingerprint(secret: string): string {
  return createHash('sha256').update(`loopwright-backup:${secret}`).digest('hex').slice(0, 16);
}

/** Runs `work` with the database this instance uses: DATABASE_URL, or the embedded one (started if need be). */
export function withInstanceDatabase<T>(config: AppConfig, work: (url: string) => Promise<T>): Promise<T> {
  if (config.DATABASE_URL) return work(config.DATABASE_URL);
  return withEmbeddedDatabase(config.DATA_DIR, config.EMBEDDED_POSTGRES_PORT, work);
}

export async function query<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function serverVersion(url: string): Promise<{ version: string; major: number }> {
  const [row] = await query<{ version: string; num: string }>(
    url,
    "SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num",
  );
  return { version: row.version, major: Math.floor(Number(row.num) / 10_000) };
}

function timestamp(date: Date): string {
  const iso = date.toISOString(); // 2026-11-27T04:00:00.000Z
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

/** Where to write: a given file, a given folder (existing, or ending in /), or $DATA_DIR/backups. */
async function targetFile(config: AppConfig, given: string | undefined, now: Date): Promise<string> {
  const name = `loopwright-${timestamp(now)}.tar`;
  if (!given) return path.join(config.DATA_DIR, 'backups', name);
  const resolved = path.resolve(given);
  const isDir =
    given.endsWith('/') ||
    (await stat(resolved).then(
      (s) => s.isDirectory(),
      () => false,
    ));
  return isDir ? path.join(resolved, name) : resolved;
}

/** Deletes all but the newest `keep` backups (by their timestamped names) in `dir`. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await unlink(path.join(dir, name));
  return old;
}

export async function createBackup(
  config: AppConfig,
  options: { target?: string; keep?: number },
): Promise<{ file: string; manifest: Manifest; pruned: string[] }> {
  const now = new Date();
  const file = await targetFile(config, options.target, now);
  return withInstanceDatabase(config, async (url) => {
    const server = await serverVersion(url);
    const pgDump = await findPgTool('pg_dump', server.major, `the database is PostgreSQL ${server.version}`);
    const work = await mkdtemp(path.join(tmpdir(), 'lw-backup-'));
    try {
      await runTool(pgDump.binary, [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(work, DUMP)}`,
        url,
      ]);
      const migrations = (
        await query<{ name: string }>(
          url,
          'SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY 1',
        ).catch(() => [])
      ).map((row) => row.name);
      const settings = await query<{ key: string; value: unknown; updated_at: Date }>(
        url,
        'SELECT key, value, updated_at FROM instance_settings ORDER BY key',
      ).catch(() => []);
      const files = [MANIFEST, DUMP];
      const secretFile = path.join(config.DATA_DIR, 'app-secret');
      if (!process.env.APP_SECRET && existsSync(secretFile)) {
        await writeFile(path.join(work, SECRET), await readFile(secretFile), { mode: 0o600 });
        files.push(SECRET);
      }
      const manifest: Manifest = {
        format: FORMAT,
        formatVersion: 1,
        createdAt: now.toISOString(),
        postgres: { serverVersion: server.version, serverMajor: server.major, pgDumpMajor: pgDump.major },
        migrations,
        instance: {
          id: (settings.find((row) => row.key === 'instance.id')?.value as string | undefined) ?? null,
          settings: settings.map((row) => ({
            key: row.key,
            value: row.value,
            updatedAt: row.updated_at.toISOString(),
          })),
        },
        appSecretFingerprint: secretFingerprint(config.APP_SECRET),
        files,
      };
      await writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed: a backup file is either whole or absent.
      const partial = `${file}.partial`;
      await tar.c({ file: partial, cwd: work, portable: true, mode: 0o600 }, files);
      await rename(partial, file);
      const pruned = options.keep ? await pruneBackups(path.dirname(file), options.keep) : [];
      return { file, manifest, pruned };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
}

/** Unpacks a backup into a temporary folder and checks that it is one. Call `cleanup` when done. */
export async function openBackup(
  file: string,
): Promise<{ dir: string; manifest: Manifest; cleanup: () => Promise<void> }> {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'lw-restore-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    await tar.x({ file, cwd: dir, strict: true, filter: (entry) => [MANIFEST, DUMP, SECRET].includes(entry) });
    const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== FORMAT || manifest.formatVersion !== 1 || !existsSync(path.join(dir, DUMP)))
      throw new Error('not a Loopwright backup');
    return { dir, manifest, cleanup };
  } catch (error) {
    await cleanup();
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a Loopwright backup (${(error as Error).message})`);
  }
}

/** Migrations the backup has that this release does not know: it was made by a newer release. */
export async function unknownMigrations(manifest: Manifest): Promise<string[]> {
  const known = new Set(await listMigrationNames(repoPaths.migrations.migrationsDir));
  return manifest.migrations.filter((name) => !known.has(name));
}

export async function tablesIn(url: string): Promise<number> {
  const [row] = await query<{ count: string }>(
    url,
    "SELECT count(*) AS count FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
  );
  return Number(row?.count ?? 0);
}

export async function restoreDump(url: string, dir: string, manifest: Manifest, replace: boolean): Promise<void> {
  const pgRestore = await findPgTool(
    'pg_restore',
    manifest.postgres.pgDumpMajor,
    `the backup was written by pg_dump ${manifest.postgres.pgDumpMajor}`,
  );
  if (replace) await query(url, 'DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public');
  await runTool(pgRestore.binary, [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    path.join(dir, DUMP),
  ]);
}
