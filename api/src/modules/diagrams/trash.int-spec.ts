import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { startWorkers, type RunningWorkers } from '../../core/queue/workers.js';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { TRASH_PURGE_EVERY_MS, trashPurgeJob } from './trash.jobs.js';
import { TrashService } from './trash.service.js';

const DAY_MS = 24 * 60 * 60_000;

async function trashed(app: TestApp, fuid: string, daysAgo: number): Promise<void> {
  await app.http.app
    .get(PrismaService)
    .diagram.update({ where: { fuid }, data: { deletedAt: new Date(Date.now() - daysAgo * DAY_MS) } });
}
const exists = async (app: TestApp, fuid: string) =>
  !!(await app.http.app.get(PrismaService).diagram.findUnique({ where: { fuid } }));

describe('trash: delete forever, empty, retention', () => {
  let app: TestApp;
  let owner: ApiClient;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRASH_RETENTION_DAYS: '7' } });
    owner = await loginAs(app, await createUser(app));
  });
  afterAll(() => app?.close());

  it('deletes forever only from the trash, only for the owner; the list says how long the trash keeps diagrams', async () => {
    const other = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(owner, { name: 'Doomed' });
    const notYet = await owner.delete(`/diagrams/${diagram.fuid}/forever`);
    expect(notYet.status).toBe(409);
    expect(notYet.body.error).toMatchObject({
      code: 'DIAGRAM_NOT_IN_TRASH',
      message: 'Only a diagram in the Trash can be deleted forever',
    });

    await owner.delete(`/diagrams/${diagram.fuid}`);
    const list = (await owner.get('/diagrams?scope=trash')).body.content;
    expect(list).toMatchObject({
      trashRetentionDays: 7,
      items: [expect.objectContaining({ fuid: diagram.fuid, deletedAt: expect.any(String) })],
    });
    expect((await other.delete(`/diagrams/${diagram.fuid}/forever`)).status).toBe(404);

    const gone = await owner.delete(`/diagrams/${diagram.fuid}/forever`);
    expect(gone.status).toBe(200);
    expect(await exists(app, diagram.fuid)).toBe(false);
    expect((await owner.get('/diagrams?scope=trash')).body.content.items).toEqual([]);
    expect((await owner.post(`/diagrams/${diagram.fuid}/restore`)).status).toBe(404);
  });

  it('empties my trash and nobody else’s; a copy outlives its deleted source', async () => {
    const other = await loginAs(app, await createUser(app));
    const mine = [await createDiagram(owner, { name: 'A' }), await createDiagram(owner, { name: 'B' })];
    const kept = await createDiagram(owner, { name: 'Kept' });
    const theirs = await createDiagram(other, { name: 'Theirs' });
    const copy = (await owner.post(`/diagrams/${mine[0].fuid}/copies`, {})).body.content.diagram;
    for (const d of mine) await owner.delete(`/diagrams/${d.fuid}`);
    await other.delete(`/diagrams/${theirs.fuid}`);

    const emptied = await owner.post('/diagrams/trash/empty');
    expect(emptied.body.content.deleted).toBe(2);
    expect(await exists(app, mine[0].fuid)).toBe(false);
    expect(await exists(app, kept.fuid)).toBe(true);
    expect(await exists(app, theirs.fuid)).toBe(true);
    const survivor = (await owner.get(`/diagrams/${copy.fuid}`)).body.content.diagram;
    expect(survivor.source).toBeNull();
  });

  it('the purge deletes forever what has been in any trash longer than TRASH_RETENTION_DAYS, and is idempotent', async () => {
    const other = await loginAs(app, await createUser(app));
    const old = await createDiagram(owner, { name: 'Old' });
    const recent = await createDiagram(other, { name: 'Recent' });
    const alive = await createDiagram(other, { name: 'Alive' });
    await trashed(app, old.fuid, 8);
    await trashed(app, recent.fuid, 6);
    const trash = app.http.app.get(TrashService);
    expect(await trash.purgeExpired()).toBe(1);
    expect(await trash.purgeExpired()).toBe(0);
    expect(await exists(app, old.fuid)).toBe(false);
    expect(await exists(app, recent.fuid)).toBe(true);
    expect(await exists(app, alive.fuid)).toBe(true);
    // A day later the recent one is due too.
    expect(await trash.purgeExpired(new Date(Date.now() + 2 * DAY_MS))).toBe(1);
  });
});

describe.skipIf(!inject('redisUrl'))('trash purge as a BullMQ repeatable job', () => {
  let app: TestApp;
  let workers: RunningWorkers | undefined;
  beforeAll(async () => {
    app = await startTestApp({ redis: true, env: { TRASH_RETENTION_DAYS: '3' } });
  });
  afterAll(async () => {
    await workers?.close(0);
    await app?.close();
  });

  it('registers one job scheduler (hourly) however often it is scheduled', async () => {
    const trash = app.http.app.get(TrashService);
    await trash.schedule();
    await trash.schedule();
    const queue = app.http.app.get(QueueService).queue('maintenance');
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({
      key: trashPurgeJob.name,
      name: trashPurgeJob.name,
      every: TRASH_PURGE_EVERY_MS,
    });
  });

  it('a worker runs the scheduled purge: an expired trashed diagram disappears by itself', async () => {
    const owner = await loginAs(app, await createUser(app));
    const expired = await createDiagram(owner, { name: 'Expired' });
    const fresh = await createDiagram(owner, { name: 'Fresh' });
    await owner.delete(`/diagrams/${expired.fuid}`);
    await owner.delete(`/diagrams/${fresh.fuid}`);
    await trashed(app, expired.fuid, 4);
    // The same scheduler, made to fire every half second for the test.
    await app.http.app.get(QueueService).repeat(trashPurgeJob, {}, 500);
    workers = startWorkers(
      app.http.app.get(JobRegistry),
      { redisUrl: inject('redisUrl')!, prefix: app.config.REDIS_PREFIX },
      pino({ level: 'silent' }),
    );
    await eventually(async () => ((await exists(app, expired.fuid)) ? undefined : true), 15_000);
    expect(await exists(app, fresh.fuid)).toBe(true);
    expect((await owner.get('/diagrams?scope=trash')).body.content.items.map((d: { fuid: string }) => d.fuid)).toEqual([
      fresh.fuid,
    ]);
  });
});

describe('trash purge without Redis', () => {
  it('runs in-process on a timer', async () => {
    const app = await startTestApp({ env: { TRASH_RETENTION_DAYS: '1' } });
    try {
      const owner = await loginAs(app, await createUser(app));
      const d = await createDiagram(owner, { name: 'Local' });
      await owner.delete(`/diagrams/${d.fuid}`);
      await trashed(app, d.fuid, 2);
      await app.http.app.get(QueueService).repeat(trashPurgeJob, {}, 200);
      await eventually(async () => ((await exists(app, d.fuid)) ? undefined : true), 10_000);
    } finally {
      await app.close();
    }
  });
});
