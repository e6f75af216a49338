import { randomUUID } from 'node:crypto';
import { WEBHOOK_DISABLE_AFTER_FAILURES } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';

describe('disabled webhooks for the instance administrator', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(() => app?.close());

  it('lists the webhooks disabled after failures in a row with their owner and last error; re-enabling one is audited', async () => {
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    const prisma = app.http.app.get(PrismaService);
    const create = async (path: string) =>
      (await owner.post('/webhooks', { url: `http://127.0.0.1:9/${path}`, events: ['batch.finished'] })).body.content
        .webhook as { id: string; url: string };
    const [disabled, paused, active] = [await create('down'), await create('paused'), await create('up')];
    // As 20 failed deliveries in a row leave it (the failing itself is tested in webhooks.int-spec.ts).
    await prisma.webhook.update({
      where: { id: disabled.id },
      data: { active: false, consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILURES, disabledAt: new Date() },
    });
    await prisma.webhookDelivery.create({
      data: {
        webhookId: disabled.id,
        event: 'batch.finished',
        payload: {},
        status: 'failed',
        attempts: 8,
        responseStatus: 500,
        error: 'the receiver answered HTTP 500',
      },
    });
    expect((await owner.patch(`/webhooks/${paused.id}`, { active: false })).status).toBe(200);

    expect((await owner.get('/admin/webhooks/disabled')).status).toBe(403);
    expect((await owner.post(`/admin/webhooks/${disabled.id}/enable`)).status).toBe(403);

    const adminUser = await createUser(app, { role: 'admin' });
    const admin = await loginAs(app, adminUser);
    const listed = async () =>
      (await admin.get('/admin/webhooks/disabled')).body.content.entries.filter((w: { url: string }) =>
        [disabled.url, paused.url, active.url].includes(w.url),
      );
    const page = (await admin.get('/admin/webhooks/disabled')).body.content;
    expect(page).toMatchObject({ page: 1, pageSize: 50, disableAfterFailures: WEBHOOK_DISABLE_AFTER_FAILURES });
    expect(await listed()).toEqual([
      expect.objectContaining({
        id: disabled.id,
        status: 'disabled',
        consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILURES,
        ownerEmail: ownerUser.email,
        workspaceName: expect.any(String),
        lastError: 'the receiver answered HTTP 500',
        events: ['batch.finished'],
      }),
    ]);

    // One its owner paused is theirs to resume.
    const notDisabled = await admin.post(`/admin/webhooks/${paused.id}/enable`);
    expect(notDisabled.body.content).toMatchObject({
      webhook: { status: 'paused' },
      message: `${paused.url} is not disabled: nothing to re-enable.`,
    });
    expect((await admin.post(`/admin/webhooks/${randomUUID()}/enable`)).body.error.code).toBe('WEBHOOK_NOT_FOUND');

    const enabled = await admin.post(`/admin/webhooks/${disabled.id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.body.content).toMatchObject({
      webhook: { status: 'active', active: true, consecutiveFailures: 0, disabledAt: null },
      message: `${disabled.url} is enabled again: new events are sent to it.`,
    });
    expect(await listed()).toEqual([]);
    const mine = (await owner.get('/webhooks')).body.content.items;
    expect(mine.find((w: { id: string }) => w.id === disabled.id)).toMatchObject({ status: 'active' });

    const audit = (await admin.get('/admin/audit-log?action=webhook')).body.content.entries;
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'webhook.enabled',
        target: disabled.url,
        actor: { id: adminUser.id, email: adminUser.email },
        changes: {
          status: { before: 'disabled', after: 'active' },
          consecutiveFailures: { before: WEBHOOK_DISABLE_AFTER_FAILURES, after: 0 },
        },
      }),
    ]);
  });
});
