import { PrismaPg } from '@prisma/adapter-pg';
import { loadConfig } from '../config/config.js';
import { createLogger, defaultLogFormat } from '../core/logging/logger.js';
import { PrismaClient } from '../generated/prisma/client.js';
import { createPersonalWorkspace } from '../modules/workspaces/personal-workspace.js';
import { prepareDatabase } from '../server/database.js';
import { demoDesigners } from './seed-data.js';

// npm run db:seed: demo designers for a fresh instance. Safe to run again; tests never use it.
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL, { role: 'seed' }, defaultLogFormat(config));
const database = await prepareDatabase(config, logger, { migrate: true, attach: true });
const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
try {
  for (const designer of demoDesigners) {
    const user = await prisma.user.upsert({
      where: { email: designer.email },
      create: designer,
      update: designer,
      include: { personalWorkspace: { select: { id: true } } },
    });
    if (!user.personalWorkspace) await createPersonalWorkspace(prisma, user.id);
  }
  logger.info({ designers: demoDesigners.length }, 'demo data loaded');
} finally {
  await prisma.$disconnect();
  await database.stop();
}
