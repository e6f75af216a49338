import { createMigration } from '../core/prisma/migrations.js';
import { repoPaths } from '../core/paths.js';

// npm run db:migration:create -- <name>: diff the last migrated schema against prisma/schema.prisma.
const name = process.argv[2];
if (!name) {
  console.error('usage: npm run db:migration:create -- <name>');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const created = await createMigration(databaseUrl, repoPaths.migrations, name);
console.log(created ? `created prisma/migrations/${created}` : 'schema unchanged: no migration created');
