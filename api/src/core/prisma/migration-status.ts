import type { PrismaService } from './prisma.service.js';
import { listMigrationNames } from './migrations.js';

/** Names of migrations on disk that the database has not finished applying. */
export async function unappliedMigrations(prisma: PrismaService, migrationsDir: string): Promise<string[]> {
  const onDisk = await listMigrationNames(migrationsDir);
  const rows = await prisma.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`.catch(
    () => [],
  );
  const applied = new Set(rows.map((r) => r.migration_name));
  return onDisk.filter((name) => !applied.has(name));
}
