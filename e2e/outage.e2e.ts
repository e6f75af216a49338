import { RequestTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyDocument } from '../api/test/factories/diagrams.js';
import type { ApiClient } from '../api/test/support/api-client.js';
import {
  loggedInUser,
  startAppOn,
  startOwnPostgres,
  startOwnRedis,
  until,
  type OwnApp,
  type OwnPostgres,
  type OwnRedis,
} from './support/own-services.js';

/** Saves from `writers` loops until stopped; every answer's status is counted. */
function writeLoad(client: ApiClient, diagrams: { fuid: string; version: number }[]) {
  const statuses = new Map<number, number>();
  const unclear: string[] = [];
  let running = true;
  const loops = diagrams.map(async (diagram) => {
    while (running) {
      const response = await client
        .put(`/diagrams/${diagram.fuid}/document`, {
          baseVersion: diagram.version,
          document: tinyDocument(diagram.version + 1),
        })
        .catch((error: Error) => ({ status: 0, body: { error: { message: error.message } }, headers: new Headers() }));
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 200) diagram.version = response.body.content.version;
      // A save answered by the request timeout may still commit once the database answers: take the current version.
      else if (response.status === 409) diagram.version = response.body.error.details.currentVersion;
      else if ((response.status === 503 || response.status === 504) && !response.headers.get('retry-after'))
        unclear.push(`${response.status} without Retry-After`);
      else if (response.status !== 503 && response.status !== 504 && response.status !== 409)
        unclear.push(`${response.status} ${response.body?.error?.message}`);
      if (response.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
  });
  return {
    statuses,
    unclear,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('the app process through database and Redis outages', () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let app: OwnApp;
  let client: ApiClient;
  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
    app = await startAppOn(postgres.url, redis.url);
    client = (await loggedInUser(postgres.url, app.url)).client;
  });
  afterAll(async () => {
    const exitCode = await app?.process.stop();
    await redis?.kill().catch(() => undefined);
    await postgres?.destroy();
    expect(exitCode).toBe(0);
  });

  const ready = async () => (await fetch(`${app.url}/api/health/ready`)).status === 200;
  const readinessSays = async (check: string, status: string) => {
    const answer = (await (await fetch(`${app.url}/api/health/ready`)).json()) as {
      checks: Record<string, { status: string }>;
    };
    return answer.checks[check]?.status === status;
  };

  it.each([
    ['stopped (sessions end with 57P01)', 'stop'],
    ['killed (sessions cut)', 'kill'],
  ] as const)(
    'survives PostgreSQL being %s under write load: 503 with Retry-After meanwhile, back by itself',
    async (_how, how) => {
      const diagrams = [];
      for (let i = 0; i < 4; i++)
        diagrams.push(
          (await client.post('/diagrams', { name: `Load ${i}`, document: tinyDocument() })).body.content.diagram,
        );
      const load = writeLoad(client, diagrams);
      await until('saves under load', () => Promise.resolve((load.statuses.get(200) ?? 0) >= diagrams.length), 20_000);
      await postgres[how]();
      await until('readiness reporting the database down', () => readinessSays('database', 'down'), 20_000);

      expect(app.process.child.exitCode).toBeNull();
      const readiness = await fetch(`${app.url}/api/health/ready`);
      expect(readiness.status).toBe(503);
      expect((await readiness.json()).checks.database.status).toBe('down');
      const refused = await client.put(`/diagrams/${diagrams[0].fuid}/document`, {
        baseVersion: diagrams[0].version,
        document: tinyDocument(),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body.error.message).toBe(RequestTexts.databaseUnavailable);

      await postgres.start();
      const back = await until('readiness after PostgreSQL returned', ready, 20_000);
      console.log(
        `PostgreSQL ${how}: ready again ${back.ms} ms after it came back; statuses during the outage ${JSON.stringify([...load.statuses])}`,
      );
      const savedBefore = load.statuses.get(200) ?? 0;
      await until('a save after recovery', () => Promise.resolve((load.statuses.get(200) ?? 0) > savedBefore), 10_000);
      await load.stop();

      expect(app.process.child.exitCode).toBeNull();
      expect(load.unclear).toEqual([]);
      expect(load.statuses.get(500) ?? 0).toBe(0);
      expect(load.statuses.get(503) ?? 0).toBeGreaterThan(0);
    },
    90_000,
  );

  it('answers while PostgreSQL is frozen (SIGSTOP 15 s): the request timeout first, never a 500, saves resume after', async () => {
    const diagrams = [];
    for (let i = 0; i < 4; i++)
      diagrams.push(
        (await client.post('/diagrams', { name: `Frozen ${i}`, document: tinyDocument() })).body.content.diagram,
      );
    const load = writeLoad(client, diagrams);
    await until('saves under load', () => Promise.resolve((load.statuses.get(200) ?? 0) >= diagrams.length), 20_000);
    // SIGSTOP reaches every PostgreSQL process before freeze() first waits: the saves in flight hang now.
    const frozen = postgres.freeze(15_000);
    const started = Date.now();
    const during = await client.put(`/diagrams/${diagrams[0].fuid}/document`, {
      baseVersion: diagrams[0].version,
      document: tinyDocument(),
    });
    const waited = Date.now() - started;
    expect([503, 504]).toContain(during.status);
    expect(during.headers.get('retry-after')).toBeTruthy();
    expect(waited).toBeLessThan(14_000);
    await frozen;
    const back = await until('readiness after PostgreSQL was continued', ready, 20_000);
    const savedBefore = load.statuses.get(200) ?? 0;
    await until('a save after the freeze', () => Promise.resolve((load.statuses.get(200) ?? 0) > savedBefore), 15_000);
    await load.stop();
    console.log(
      `PostgreSQL frozen 15 s: a save during it answered ${during.status} after ${waited} ms; ready ${back.ms} ms after; statuses ${JSON.stringify([...load.statuses])}`,
    );
    expect(app.process.child.exitCode).toBeNull();
    expect(load.unclear).toEqual([]);
    expect(load.statuses.get(500) ?? 0).toBe(0);
  }, 90_000);

  it('survives Redis going away: readiness says so, work that needs the queue gets 503, back by itself', async () => {
    await redis.kill();
    await until('readiness reporting the queue down', () => readinessSays('queue', 'down'), 20_000);
    expect(app.process.child.exitCode).toBeNull();
    const readiness = await (await fetch(`${app.url}/api/health/ready`)).json();
    expect(readiness.checks.queue.status).toBe('down');
    const recover = await client.post('/oauth2/password/recover', { email: 'someone@example.test' });
    expect(recover.status).toBe(503);
    expect(recover.headers.get('retry-after')).toBe('5');
    expect(recover.body.error.message).toBe(RequestTexts.queueUnavailable);
    expect((await client.get('/diagrams')).status).toBe(200);

    await redis.start();
    const back = await until('readiness after Redis returned', ready, 20_000);
    console.log(`Redis: ready again ${back.ms} ms after it came back`);
    expect((await client.post('/oauth2/password/recover', { email: 'someone@example.test' })).status).toBe(200);
    expect(app.process.child.exitCode).toBeNull();
  }, 60_000);
});
