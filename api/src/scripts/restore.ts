import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { dataDirOf, generatedSecretFile, loadConfig, parseEnv } from '../config/config.js';
import { redactUrl } from '../core/logging/logger.js';
import {
  SECRET,
  openBackup,
  restoreDump,
  secretFingerprint,
  tablesIn,
  unknownMigrations,
  withInstanceDatabase,
} from './backup/archive.js';
import { BackupError } from './backup/pg-tools.js';

// npm run restore -- FILE [--force]: restores a backup into the instance's database (DATABASE_URL
// or the embedded one). Refuses a database that already has tables unless --force (which drops
// everything in it first), and a backup made by a newer release (its migrations are unknown here).
const args = process.argv.slice(2).filter((arg) => arg !== '--restore');
const force = args.includes('--force');
const file = args.find((arg) => !arg.startsWith('--'));

async function restore(): Promise<void> {
  if (!file) throw new BackupError('Which backup? npm run restore -- FILE [--force]');
  // loadConfig generates an APP_SECRET in a DATA_DIR that has none: whether one was there before
  // decides whether the backup's comes back (never over one the instance already had).
  const secretFile = generatedSecretFile(dataDirOf(parseEnv(process.env)));
  const hadSecret = existsSync(secretFile);
  const config = loadConfig();
  const backup = await openBackup(path.resolve(file));
  try {
    const { manifest } = backup;
    const newer = await unknownMigrations(manifest);
    if (newer.length && !force)
      throw new BackupError(
        `This backup was made by a newer Loopwright (migrations unknown to this release: ${newer.join(', ')}). ` +
          'Restore it with the release that made it, or add --force.',
      );
    await withInstanceDatabase(config, async (url) => {
      const tables = await tablesIn(url);
      if (tables > 0 && !force)
        throw new BackupError(
          `The database ${redactUrl(url)} is not empty (${tables} tables). Restore into an empty database, ` +
            'or add --force to delete everything in it and restore the backup in its place.',
        );
      await restoreDump(url, backup.dir, manifest, tables > 0);
      console.log(
        `Restored ${path.basename(file)} (made ${manifest.createdAt}, ${manifest.migrations.length} migrations, instance ${manifest.instance.id ?? 'without an ID'}) into ${redactUrl(url)}.`,
      );
    });
    // An APP_SECRET generated under DATA_DIR comes back with the data it encrypted, in place of the
    // one loadConfig has just generated.
    if (manifest.files.includes(SECRET) && !process.env.APP_SECRET && !hadSecret) {
      await mkdir(config.DATA_DIR, { recursive: true });
      await copyFile(path.join(backup.dir, SECRET), secretFile);
      console.log(`APP_SECRET restored to ${secretFile}.`);
    } else if (secretFingerprint(loadConfig().APP_SECRET) !== manifest.appSecretFingerprint) {
      console.warn(
        'Warning: this instance runs with a different APP_SECRET than the one that made the backup: sessions end, and ' +
          'encrypted settings (the SMTP password) must be entered again unless you set the old APP_SECRET.',
      );
    }
    console.log('Start Loopwright (or run npm run db:migrate): migrations newer than the backup are applied then.');
  } finally {
    await backup.cleanup();
  }
}

restore().catch((error: unknown) => {
  console.error(error instanceof BackupError ? `Restore failed: ${error.message}` : error);
  process.exit(1);
});
