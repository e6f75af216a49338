import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { loadConfig } from '../config/config.js';
import { createLogger, defaultLogFormat } from '../core/logging/logger.js';
import type { PrismaService } from '../core/prisma/prisma.service.js';
import { PrismaClient } from '../generated/prisma/client.js';
import { CommunityRepository } from '../modules/community/community.repository.js';
import { checkDocument } from '../modules/diagrams/diagram-document.js';
import { DiagramSaveService } from '../modules/diagrams/diagram-save.service.js';
import { newFileToken, newFuid } from '../modules/diagrams/fuid.js';
import { createPersonalWorkspace } from '../modules/workspaces/personal-workspace.js';
import { prepareDatabase } from '../server/database.js';
import { demoCommunityDesigners, demoDiagrams } from './seed-demo-data.js';
import { demoDesigners } from './seed-data.js';

// npm run seed:demo (off by default, never run by tests or start): a living community on a fresh
// instance — sample designers, public diagrams (our own documents), tags, likes, follows, views,
// templates, a spotlight, this month's picks and Recent Activity. Runs once: a second run sees
// the demo diagrams and stops.
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL, { role: 'seed-demo' }, defaultLogFormat(config));
const database = await prepareDatabase(config, logger, { migrate: true, attach: true });
const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
const DAY = 86_400_000;

/** Deterministic pseudo-random numbers (mulberry32), so every fresh instance gets the same community. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

try {
  const already = await prisma.diagram.count({
    where: { owner: { email: { endsWith: '@demo.loopwright.local' } }, community: true },
  });
  if (already > 0) {
    logger.info({ diagrams: already }, 'the demo community is already here; nothing to do');
  } else {
    const rand = random(20261124);
    const now = Date.now();
    const users: { id: string; workspaceId: string }[] = [];
    for (const designer of [...demoDesigners, ...demoCommunityDesigners]) {
      const user = await prisma.user.upsert({
        where: { email: designer.email },
        create: designer,
        update: {},
        include: { personalWorkspace: { select: { id: true } } },
      });
      const workspaceId = user.personalWorkspace?.id ?? (await createPersonalWorkspace(prisma, user.id)).id;
      if (!users.some((u) => u.id === user.id)) users.push({ id: user.id, workspaceId }); // db:seed's designers are among them
    }

    // Public diagrams: every document once, spread over the designers, some published twice by different people.
    const diagrams: { id: string; ownerId: string; template?: string }[] = [];
    const tagIds = new Map<string, string>();
    for (let i = 0; i < demoDiagrams.length * 2; i++) {
      const source = demoDiagrams[i % demoDiagrams.length];
      const owner = users[(i * 5) % users.length];
      const checked = checkDocument(source.document, { allowEmpty: false });
      const at = new Date(now - Math.floor(rand() * 25 * DAY));
      const name = i < demoDiagrams.length ? source.name : `${source.name} (variant)`;
      const diagram = await prisma.diagram.create({
        data: {
          fuid: newFuid(),
          fileToken: newFileToken(),
          name,
          nameKey: name.toLowerCase(),
          description: source.description,
          workspaceId: owner.workspaceId,
          ownerId: owner.id,
          community: true,
          ...DiagramSaveService.columns(checked),
          version: 1,
          savedAt: at,
          savedById: owner.id,
          createdAt: at,
          updatedAt: at,
        },
      });
      await prisma.diagramRevision.create({
        data: {
          diagramId: diagram.id,
          version: 1,
          firstVersion: 1,
          authorId: owner.id,
          document: DiagramSaveService.columns(checked).document,
          createdAt: at,
        },
      });
      for (const tagName of source.tags) {
        const key = `${owner.workspaceId}:${tagName.toLowerCase()}`;
        let tagId = tagIds.get(key);
        if (!tagId) {
          tagId = (
            await prisma.tag.upsert({
              where: { workspaceId_nameKey: { workspaceId: owner.workspaceId, nameKey: tagName.toLowerCase() } },
              create: {
                workspaceId: owner.workspaceId,
                ownerId: owner.id,
                name: tagName,
                nameKey: tagName.toLowerCase(),
                textColor: '#FFFFFF',
                backgroundColor: '#5A55F4',
              },
              update: {},
            })
          ).id;
          tagIds.set(key, tagId);
        }
        await prisma.diagramTag.create({ data: { diagramId: diagram.id, tagId } });
      }
      diagrams.push({
        id: diagram.id,
        ownerId: owner.id,
        template: i < demoDiagrams.length ? source.template : undefined,
      });
      await prisma.activity.create({
        data: {
          type: 'publish-diagram',
          eventId: randomUUID(),
          actorId: owner.id,
          diagramId: diagram.id,
          createdAt: at,
        },
      });
    }

    // Likes and follows, in the last 30 days; counters follow the rows (as the like and follow endpoints keep them).
    let likes = 0;
    let follows = 0;
    for (const user of users) {
      for (const diagram of diagrams) {
        if (diagram.ownerId === user.id || rand() > 0.35) continue;
        const at = new Date(now - Math.floor(rand() * 28 * DAY));
        await prisma.diagramLike.create({ data: { diagramId: diagram.id, userId: user.id, createdAt: at } });
        await prisma.diagram.update({
          where: { id: diagram.id },
          data: { likeCount: { increment: 1 }, viewCount: { increment: 1 + Math.floor(rand() * 6) } },
        });
        await prisma.activity.create({
          data: {
            type: 'like-diagram',
            eventId: randomUUID(),
            actorId: user.id,
            subjectUserId: diagram.ownerId,
            diagramId: diagram.id,
            createdAt: at,
          },
        });
        likes++;
      }
      for (const other of users) {
        if (other.id === user.id || rand() > 0.3) continue;
        const at = new Date(now - Math.floor(rand() * 28 * DAY));
        await prisma.userFollow.create({ data: { followerId: user.id, followedId: other.id, createdAt: at } });
        await prisma.user.update({
          where: { id: other.id },
          data: { followerCount: { increment: 1 }, viewCount: { increment: 1 + Math.floor(rand() * 4) } },
        });
        await prisma.user.update({ where: { id: user.id }, data: { followingCount: { increment: 1 } } });
        await prisma.activity.create({
          data: {
            type: 'follow-user',
            eventId: randomUUID(),
            actorId: user.id,
            subjectUserId: other.id,
            createdAt: at,
          },
        });
        follows++;
      }
    }
    for (const user of users) {
      const count = await prisma.diagram.count({ where: { ownerId: user.id, community: true, deletedAt: null } });
      await prisma.user.update({
        where: { id: user.id },
        data: { publicDiagramCount: count, lastLoginAt: new Date(now - Math.floor(rand() * 10 * DAY)) },
      });
    }

    // Templates, a spotlight, and this month's picks.
    for (const d of diagrams.filter((x) => x.template)) {
      await prisma.communityTemplate.create({
        data: {
          diagramId: d.id,
          templateType: d.template,
          publishedById: d.ownerId,
          publishedAt: new Date(now - Math.floor(rand() * 5 * DAY)),
        },
      });
      await prisma.activity.create({
        data: { type: 'publish-template', eventId: randomUUID(), actorId: d.ownerId, diagramId: d.id },
      });
    }
    const top = await prisma.diagram.findMany({
      where: { id: { in: diagrams.map((d) => d.id) } },
      orderBy: [{ likeCount: 'desc' }, { id: 'asc' }],
      take: 3,
      select: { id: true },
    });
    for (const d of top) await prisma.communitySpotlight.create({ data: { kind: 'diagram', diagramId: d.id } });
    const topDesigners = await prisma.user.findMany({
      where: { id: { in: users.map((u) => u.id) } },
      orderBy: [{ followerCount: 'desc' }, { id: 'asc' }],
      take: 2,
      select: { id: true },
    });
    for (const u of topDesigners) await prisma.communitySpotlight.create({ data: { kind: 'designer', userId: u.id } });
    const month = new Date(now).toISOString().slice(0, 7);
    const picks = await new CommunityRepository(prisma as unknown as PrismaService).computeMonthlyPicks(
      month,
      new Date(now - 30 * DAY),
      new Date(now),
      12,
    );
    logger.info(
      {
        designers: users.length,
        diagrams: diagrams.length,
        likes,
        follows,
        templates: diagrams.filter((d) => d.template).length,
        month,
        picks,
      },
      'demo community loaded',
    );
  }
} finally {
  await prisma.$disconnect();
  await database.stop();
}
