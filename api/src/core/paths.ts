import path from 'node:path';
import { fileURLToPath } from 'node:url';

// api/dist/core/paths.js (or api/src/core/paths.ts under tests) → repository root.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const repoPaths = {
  root,
  dataDir: path.join(root, '.data'),
  webBuild: path.join(root, 'web/build'),
  content: path.join(root, 'content'),
  migrations: {
    schemaFile: path.join(root, 'prisma/schema.prisma'),
    migrationsDir: path.join(root, 'prisma/migrations'),
  },
};
