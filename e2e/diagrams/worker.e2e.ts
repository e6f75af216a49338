import { randomUUID } from 'node:crypto';
import { ACCESS_COOKIE, RealtimeEvents } from '@loopwright/contracts';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../api/src/modules/auth/passwords.js';
import { economyDocument } from '../../api/test/factories/diagrams.js';
import { ApiClient } from '../../api/test/support/api-client.js';
import { runNode, startBuiltAppProcess } from '../support/built-app.js';

/**
 * The built app and `npm run worker` as two processes on one Redis: a batch submitted to the app
 * runs on the worker, and the worker's live events reach the app's sockets (Redis emitter → adapter).
 */
describe.skipIf(!inject('redisUrl'))('diagrams across processes: app + worker', () => {
  it('runs a 10,000-run batch on the worker process and tells the browser socket on the app when it is done', async () => {
    const prefix = `lwe2e-diagrams-${process.pid}-${Date.now()}`;
    const app = await startBuiltAppProcess({ REDIS_URL: inject('redisUrl')!, REDIS_PREFIX: prefix });
    const worker = runNode('scripts/start.mjs', ['--worker'], {
      DATABASE_URL: app.databaseUrl,
      REDIS_URL: inject('redisUrl')!,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'info',
    });
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const email = `worker-${Date.now()}@example.test`;
      await db.query(
        'INSERT INTO users (id, email, username, password_hash, email_confirmed_at, updated_at) VALUES ($1, $2, $3, $4, now(), now())',
        [randomUUID(), email, `worker${Date.now()}`, await hashPassword('secret-1')],
      );
      const client = new ApiClient(app.url);
      expect((await client.post('/oauth2/login', { email, password: 'secret-1' })).status).toBe(200);
      const diagram = (await client.post('/diagrams', { name: 'Across processes', document: economyDocument() })).body
        .content.diagram;

      const socket = connect(app.url, {
        transports: ['websocket'],
        extraHeaders: { cookie: `${ACCESS_COOKIE}=${client.cookie(ACCESS_COOKIE)}` },
        reconnection: false,
      });
      await new Promise<void>(
        (resolve, reject) => (socket.on('connect', () => resolve()), socket.on('connect_error', reject)),
      );
      const finished = new Promise<{ status: string; playId: string }>((resolve) =>
        socket.on(RealtimeEvents.playFinished, resolve),
      );
      const notified = new Promise<{ message: string }>((resolve) => socket.on(RealtimeEvents.notification, resolve));

      const started = Date.now();
      const submitted = await client.post(`/diagrams/${diagram.fuid}/batches`, { runs: 10_000 });
      expect(submitted.status).toBe(202);
      const end = await Promise.race([
        finished,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no play:finished\n${worker.output()}`)), 120_000),
        ),
      ]);
      console.log(
        `10,000 runs: submit → play:finished on the app's socket in ${Date.now() - started} ms (worker process ${worker.child.pid})`,
      );
      expect(end).toMatchObject({ status: 'done', playId: submitted.body.content.play.id });
      expect((await notified).message).toBe('Your batch of 10000 runs of "Across processes" has finished');
      const play = (await client.get(`/diagrams/${diagram.fuid}/plays/${end.playId}`)).body.content.play;
      expect(play).toMatchObject({ status: 'done', completedRuns: 10_000 });
      expect(worker.output()).toMatch(/"job":"simulations.batch"/);
      socket.disconnect();

      const thumbnail = await fetch(`${app.url}/share-thumbnail/${diagram.fuid}/medium/png`, {
        headers: { cookie: `${ACCESS_COOKIE}=${client.cookie(ACCESS_COOKIE)}` },
      });
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get('content-type')).toBe('image/png');
    } finally {
      await db.end();
      const exit = await worker.stop('SIGTERM');
      await app.close();
      expect(exit).toBe(0);
    }
  });
});
