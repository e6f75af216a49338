import { RequestTexts } from '@loopwright/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { outageMonitor } from './outage-monitor.js';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function newDiagram(client: ApiClient): Promise<{ fuid: string; version: number }> {
  const created = await client.post('/diagrams', { name: 'Outage', document: tinyDocument() });
  expect(created.status).toBe(201);
  return { fuid: created.body.content.diagram.fuid, version: created.body.content.diagram.version };
}

describe('PostgreSQL out of disk space (a real 53100 disk_full from the server)', () => {
  let app: TestApp;
  let client: ApiClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = await loginAs(app, await createUser(app));
  });
  afterAll(() => app?.close());

  it('answers saves 503 "out of storage" with Retry-After, says so in readiness, and recovers when space returns', async () => {
    const { fuid, version: baseVersion } = await newDiagram(client);
    // What PostgreSQL raises when it cannot extend a file: SQLSTATE 53100 through the real driver.
    await withClient(app.databaseUrl, (db) =>
      db.query(`
      CREATE FUNCTION lw_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file "base/1/2": No space left on device' USING ERRCODE = '53100'; END $$;
      CREATE TRIGGER lw_test_disk_full BEFORE UPDATE ON diagrams FOR EACH ROW EXECUTE FUNCTION lw_test_disk_full();`),
    );
    const save = await client.put(`/diagrams/${fuid}/document`, { baseVersion, document: tinyDocument(3) });
    expect(save.status).toBe(503);
    expect(save.headers.get('retry-after')).toBe('60');
    expect(save.body.error).toMatchObject({ code: 'STORAGE_FULL', message: RequestTexts.storageFull });
    const ready = await (await fetch(`${app.url}/api/health/ready`)).json();
    expect(ready.status).toBe('not-ready');
    expect(ready.checks.storage).toEqual({ status: 'down', error: expect.stringMatching(/out of disk space/) });

    await withClient(app.databaseUrl, (db) => db.query('DROP TRIGGER lw_test_disk_full ON diagrams'));
    outageMonitor.clear('storage-full');
    const again = await client.put(`/diagrams/${fuid}/document`, { baseVersion, document: tinyDocument(3) });
    expect(again.status).toBe(200);
  });
});

/**
 * An app with short timeouts beside one with the defaults, on the same database and secret: the test's
 * own set-up (log in, create a diagram) goes through the patient one, so a busy machine cannot make the
 * set-up itself time out; only the requests under test meet the short limits.
 */
async function hurriedApp(env: Record<string, string>): Promise<{
  patient: TestApp;
  hurried: TestApp;
  setupClient: ApiClient;
  client: ApiClient;
}> {
  const patient = await startTestApp();
  const hurried = await startTestApp({
    databaseUrl: patient.databaseUrl,
    env: { APP_SECRET: patient.config.APP_SECRET, ...env },
  });
  const setupClient = await loginAs(patient, await createUser(patient));
  return { patient, hurried, setupClient, client: setupClient.at(hurried.url) };
}

describe('statement and request timeouts', () => {
  let apps: Awaited<ReturnType<typeof hurriedApp>>;
  beforeAll(async () => {
    apps = await hurriedApp({ DATABASE_STATEMENT_TIMEOUT_MS: '400', REQUEST_TIMEOUT_MS: '3000' });
  });
  afterAll(async () => {
    await apps?.hurried.close();
    await apps?.patient.close();
  });

  it('cancels a query stuck behind a lock and answers 503 with a clear message, then serves again', async () => {
    const { client } = apps;
    const { fuid, version: baseVersion } = await newDiagram(apps.setupClient);
    const app = apps.hurried;
    const lock = new pg.Client({ connectionString: app.databaseUrl });
    await lock.connect();
    try {
      await lock.query('BEGIN; LOCK TABLE diagrams IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const save = await client.put(`/diagrams/${fuid}/document`, { baseVersion, document: tinyDocument(2) });
      expect(save.status).toBe(503);
      expect(save.body.error).toMatchObject({ code: 'REQUEST_TIMEOUT', message: RequestTexts.timeout });
      expect(save.headers.get('retry-after')).toBeTruthy();
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await lock.query('ROLLBACK').catch(() => undefined);
      await lock.end();
    }
    expect((await client.put(`/diagrams/${fuid}/document`, { baseVersion, document: tinyDocument(2) })).status).toBe(
      200,
    );
  });
});

describe('request timeout', () => {
  let apps: Awaited<ReturnType<typeof hurriedApp>>;
  beforeAll(async () => {
    apps = await hurriedApp({ DATABASE_STATEMENT_TIMEOUT_MS: '0', REQUEST_TIMEOUT_MS: '500' });
  });
  afterAll(async () => {
    await apps?.hurried.close();
    await apps?.patient.close();
  });

  it('answers 504 when a request is not answered in time, and the server keeps serving', async () => {
    const { client } = apps;
    const { fuid, version: baseVersion } = await newDiagram(apps.setupClient);
    const app = apps.hurried;
    const lock = new pg.Client({ connectionString: app.databaseUrl });
    await lock.connect();
    try {
      await lock.query('BEGIN; LOCK TABLE diagrams IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const save = await client.put(`/diagrams/${fuid}/document`, { baseVersion, document: tinyDocument(2) });
      expect(save.status).toBe(504);
      expect(save.body.error).toMatchObject({ code: 'REQUEST_TIMEOUT', message: RequestTexts.timeout });
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await lock.query('ROLLBACK').catch(() => undefined);
      await lock.end();
    }
    expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
  });
});
