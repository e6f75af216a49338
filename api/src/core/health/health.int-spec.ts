import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('is live', async () => {
    const response = await fetch(`${app.url}/api/health/live`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'live' });
  });

  it('is ready with the database up, migrations applied and jobs in-process', async () => {
    const response = await fetch(`${app.url}/api/health/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      draining: false,
      checks: {
        database: { status: 'up' },
        migrations: { status: 'up', pending: [] },
        storage: { status: 'up' },
        queue: { status: 'up', mode: 'in-process' },
      },
    });
  });

  it('answers 503 naming the database when it is unreachable', async () => {
    const broken = await startTestApp({ env: { DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' } });
    try {
      const response = await fetch(`${broken.url}/api/health/ready`);
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.status).toBe('not-ready');
      expect(body.checks.database.status).toBe('down');
      expect(body.checks.database.error).toBeTruthy();
    } finally {
      await broken.close();
    }
  });

  it('answers 503 when a migration has not been applied', async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    const [{ migration_name }] = (
      await client.query('SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1')
    ).rows;
    await client.query('UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = $1', [migration_name]);
    try {
      const response = await fetch(`${app.url}/api/health/ready`);
      expect(response.status).toBe(503);
      expect((await response.json()).checks.migrations).toEqual({ status: 'down', pending: [migration_name] });
    } finally {
      await client.query('UPDATE _prisma_migrations SET finished_at = now() WHERE migration_name = $1', [
        migration_name,
      ]);
      await client.end();
    }
  });

  describe.skipIf(!inject('redisUrl'))('with Redis', () => {
    it('reports the Redis queue up', async () => {
      const withRedis = await startTestApp({ redis: true });
      try {
        const body = await (await fetch(`${withRedis.url}/api/health/ready`)).json();
        expect(body.checks.queue).toEqual({ status: 'up', mode: 'redis' });
      } finally {
        await withRedis.close();
      }
    });
  });

  it('answers 503 naming Redis when it does not answer', async () => {
    const broken = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const response = await fetch(`${broken.url}/api/health/ready`);
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.checks.queue.status).toBe('down');
      expect(body.checks.queue.mode).toBe('redis');
    } finally {
      await broken.close();
    }
  });
});
