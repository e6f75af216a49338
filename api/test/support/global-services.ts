import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { repoPaths } from '../../src/core/paths.js';
import { applyMigrations } from '../../src/core/prisma/migrations.js';
import { startEmbeddedDatabase } from '../../src/core/prisma/embedded-database.js';
import {
  adminQuery,
  buildTemplate,
  dropRunDatabases,
  runDatabasePrefix,
  templateName,
  withDatabase,
} from './test-database.js';

export interface TestServices {
  adminUrl: string;
  template: string;
  databasePrefix: string;
  redisUrl: string | null;
  stop(): Promise<void>;
}

const silent = pino({ level: 'silent' });

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * Real PostgreSQL (TEST_DATABASE_URL, else embedded under .data/test-postgres) with a migrated
 * template database, and real Redis (REDIS_URL or the local default). Without Redis, Redis tests
 * are skipped — except under CI=true, where that is a failure.
 */
export async function startTestServices(): Promise<TestServices> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopDatabase = (): Promise<void> => Promise.resolve();
  if (!adminUrl) {
    const dataDir = path.join(repoPaths.dataDir, 'test');
    mkdirSync(dataDir, { recursive: true });
    const database = await startEmbeddedDatabase(
      dataDir,
      Number(process.env.TEST_EMBEDDED_POSTGRES_PORT ?? 5499),
      silent,
    );
    adminUrl = withDatabase(database.url, 'postgres');
    stopDatabase = () => database.stop();
  }
  const template = await templateName();
  const exists = await adminQuery(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [template]);
  if (!exists.length) await buildTemplate(adminUrl, template, (url) => applyMigrations(url, repoPaths.migrations));
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisUp = await redisAnswers(redisUrl);
  if (!redisUp && process.env.CI === 'true') {
    await stopDatabase();
    throw new Error(`Redis does not answer at ${redisUrl}; under CI=true Redis tests may not be skipped.`);
  }
  if (!redisUp) console.warn(`[tests] Redis does not answer at ${redisUrl}: Redis tests will be skipped.`);
  const databasePrefix = runDatabasePrefix();
  return {
    adminUrl,
    template,
    databasePrefix,
    redisUrl: redisUp ? redisUrl : null,
    async stop() {
      await dropRunDatabases(adminUrl, databasePrefix);
      await stopDatabase();
    },
  };
}

export function builtAppExists(): boolean {
  return (
    existsSync(path.join(repoPaths.webBuild, 'server/index.js')) &&
    existsSync(path.join(repoPaths.root, 'api/dist/main.js'))
  );
}
