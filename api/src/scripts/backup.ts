import { statSync } from 'node:fs';
import { loadConfig } from '../config/config.js';
import { createBackup } from './backup/archive.js';
import { BackupError } from './backup/pg-tools.js';

// npm run backup [-- PATH] [--keep N]: one file with the whole database (pg_dump custom format) and
// the instance's settings, written to PATH (a file or a folder) or $DATA_DIR/backups. --keep N
// then deletes all but the newest N backups in that folder (the compose `backup` service uses it).
const args = process.argv.slice(2).filter((arg) => arg !== '--backup');
const keepAt = args.indexOf('--keep');
const keep = keepAt >= 0 ? Number(args.splice(keepAt, 2)[1]) : undefined;
if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) {
  console.error('--keep needs a whole number of backups to keep (1 or more)');
  process.exit(2);
}
const target = args.find((arg) => !arg.startsWith('--'));

try {
  const config = loadConfig();
  const { file, manifest, pruned } = await createBackup(config, { target, keep });
  const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `Backup written: ${file} (${mb} MB; PostgreSQL ${manifest.postgres.serverVersion}, ${manifest.migrations.length} migrations, instance ${manifest.instance.id ?? 'without an ID yet'})`,
  );
  if (pruned.length) console.log(`Deleted ${pruned.length} older backup(s): ${pruned.join(', ')}`);
} catch (error) {
  console.error(error instanceof BackupError ? `Backup failed: ${error.message}` : error);
  process.exit(1);
}
