import { pino } from 'pino';
import type { AppConfig } from '../../api/src/config/config.js';
import { repoPaths } from '../../api/src/core/paths.js';
import { PrismaService } from '../../api/src/core/prisma/prisma.service.js';
import { hashContentTree, readContentTree } from '../../api/src/modules/content/content-files.js';
import { ContentRepository } from '../../api/src/modules/content/content.repository.js';
import { adminQuery, buildTemplate } from '../../api/test/support/test-database.js';

/**
 * The migrated template with content/ already loaded, as an app loads it when it starts. Each browser
 * test file's app starts on a clone of it, finds the tree's hash unchanged and skips reading, parsing
 * and writing the whole tree again. Only the content is in it, nothing else an app writes at start
 * (instance ID, plans): a clone still looks like a database no app has started on. Named after both
 * trees, so a changed migration or content file gives a new one.
 */
export async function contentTemplate(adminUrl: string, template: string): Promise<string> {
  const name = `${template}_c${(await hashContentTree(repoPaths.content)).slice(0, 12)}`;
  const exists = await adminQuery(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.length) return name;
  await buildTemplate(
    adminUrl,
    name,
    async (url) => {
      const prisma = new PrismaService(
        { DATABASE_URL: url, DATABASE_POOL_SIZE: 2 } as AppConfig,
        pino({ level: 'silent' }),
      );
      try {
        await new ContentRepository(prisma).replaceFileContent(await readContentTree(repoPaths.content));
      } finally {
        await prisma.$disconnect();
      }
    },
    template,
  );
  return name;
}
