import pino from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AppConfig } from '../../config/config.js';
import { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from './prisma.service.js';

const prisma = new PrismaService(
  { DATABASE_URL: inject('databaseAdminUrl'), DATABASE_POOL_SIZE: 2, DATABASE_STATEMENT_TIMEOUT_MS: 0 } as AppConfig,
  pino({ level: 'silent' }),
);
afterAll(() => prisma.$disconnect());

describe('PrismaService.queryDirect', () => {
  it('reads rows as $queryRaw does, timestamps as UTC whatever the process time zone', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const at = new Date('2026-03-04T05:06:07.089Z');
      const statement = () => Prisma.sql`
        SELECT ${at.toISOString()}::timestamp AS at, NULL::timestamp AS never, ${'8d3c1c1e-5b0a-4f43-9d2a-6a4f0e1b2c3d'}::uuid AS id,
               ${7}::int AS n, ${true} AS yes, ${['dice', 'skill']}::text[] AS tags, ${JSON.stringify({ a: 1 })}::jsonb AS doc`;
      const [direct] = await prisma.queryDirect<Record<string, unknown>>(statement());
      const [viaPrisma] = await prisma.$queryRaw<Record<string, unknown>[]>(statement());
      expect(direct).toEqual(viaPrisma);
      expect(direct.at).toEqual(at);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
