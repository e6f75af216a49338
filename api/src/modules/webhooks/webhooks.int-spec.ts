import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WebhookSignatureError } from '@loopwright/client';
import { WEBHOOK_DISABLE_AFTER_FAILURES, WebhookTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, economyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';
import { isPrivateAddress, refusedHost } from './webhook-address.js';
import { postJson } from './webhook-post.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback (allowed here by WEBHOOKS_ALLOW_PRIVATE=true): answers 500 while `failing` is set. */
async function receiver() {
  const received: Received[] = [];
  let failing = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      if (failing > 0) {
        failing--;
        response.writeHead(500).end();
      } else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    failNext: (n: number) => (failing = n),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('webhooks', () => {
  let app: TestApp;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    [app, hooks] = await Promise.all([startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } }), receiver()]);
  });
  afterAll(async () => {
    await app?.close();
    await hooks?.close();
  });

  it('signs a version-saved delivery the receiver verifies; a forged or replayed one is rejected', async () => {
    const me = await loginAs(app, await createUser(app));
    const created = await me.post('/webhooks', { url: hooks.url, events: ['diagram.version_saved'] });
    expect(created.status).toBe(201);
    const { secret, webhook } = created.body.content;
    expect(secret).toMatch(/^whsec_/);

    // An empty diagram's first save starts its version history: one diagram.version_saved per history entry.
    const diagram = (await me.post('/diagrams', { name: 'Hooked economy' })).body.content.diagram;
    const saved = await me.put(`/diagrams/${diagram.fuid}/document`, {
      baseVersion: diagram.version,
      document: economyDocument(),
    });
    expect(saved.status).toBe(200);

    const delivery = await eventually(() =>
      Promise.resolve(hooks.received.find((r) => r.headers['loopwright-event'] === 'diagram.version_saved')),
    );
    const event = await verifyWebhook({
      body: delivery.body,
      signature: delivery.headers['loopwright-signature'] as string,
      secret,
    });
    expect(event).toMatchObject({
      type: 'diagram.version_saved',
      data: { fuid: diagram.fuid, diagramName: 'Hooked economy' },
    });

    const forged = delivery.body.replace('Hooked economy', 'Forged economy');
    await expect(
      verifyWebhook({ body: forged, signature: delivery.headers['loopwright-signature'] as string, secret }),
    ).rejects.toThrow(WebhookSignatureError);
    await expect(
      verifyWebhook({
        body: delivery.body,
        signature: delivery.headers['loopwright-signature'] as string,
        secret: 'whsec_other',
      }),
    ).rejects.toThrow(/does not match/);
    await expect(
      verifyWebhook({
        body: delivery.body,
        signature: delivery.headers['loopwright-signature'] as string,
        secret,
        now: Date.now() + 3_600_000,
      }),
    ).rejects.toThrow(/too old/);

    const listed = await me.get('/webhooks');
    const item = listed.body.content.items.find((w: { id: string }) => w.id === webhook.id);
    expect(item.deliveries[0]).toMatchObject({
      event: 'diagram.version_saved',
      status: 'delivered',
      responseStatus: 204,
    });
  });

  it('"Send test" retries a failing receiver with back-off and records every attempt', async () => {
    const me = await loginAs(app, await createUser(app));
    const { webhook } = (await me.post('/webhooks', { url: hooks.url, events: ['batch.finished'] })).body.content;
    hooks.failNext(1);
    const sent = await me.post(`/webhooks/${webhook.id}/test`);
    expect(sent.status).toBe(202);
    const delivered = await eventually(async () => {
      const item = (await me.get('/webhooks')).body.content.items.find((w: { id: string }) => w.id === webhook.id);
      return item.deliveries[0]?.status === 'delivered' ? item.deliveries[0] : undefined;
    }, 30_000);
    expect(delivered).toMatchObject({ event: 'ping', attempts: 2, responseStatus: 204 });
  }, 40_000);

  it('a failed balance test is delivered to the team subscribed to balance_test.failed', async () => {
    const me = await loginAs(app, await createUser(app));
    const { secret } = (await me.post('/webhooks', { url: hooks.url, events: ['balance_test.failed'] })).body.content;
    const diagram = await createDiagram(me, { name: 'Balance', document: economyDocument() });
    const test = (
      await me.post(`/diagrams/${diagram.fuid}/balance-tests`, {
        name: 'Rich',
        nodeId: 'gold',
        min: 1_000_000,
        runs: 5,
      })
    ).body.content.test;
    const run = await me.post(`/balance-tests/${test.id}/runs`, {});
    expect(run.body.content.result.passed).toBe(false);
    const delivery = await eventually(() =>
      Promise.resolve(
        hooks.received.find((r) => r.headers['loopwright-event'] === 'balance_test.failed' && r.body.includes(test.id)),
      ),
    );
    const event = await verifyWebhook({
      body: delivery.body,
      signature: delivery.headers['loopwright-signature'] as string,
      secret,
    });
    expect(event.data).toMatchObject({ testName: 'Rich', fuid: diagram.fuid });
  });

  it('refuses private and loopback addresses unless the admin allows them', async () => {
    expect(
      ['127.0.0.1', '10.1.2.3', '192.168.0.9', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1'].every(
        isPrivateAddress,
      ),
    ).toBe(true);
    expect(['93.184.216.34', '2606:4700::1'].some(isPrivateAddress)).toBe(false);
    expect(await refusedHost('http://127.0.0.1:9/x', false)).toBe('127.0.0.1');
    expect(await refusedHost('http://localhost:9/x', false)).toBe('localhost');
    expect(await refusedHost('http://[::1]:9/x', false)).toBe('::1');
    expect(await refusedHost('http://127.0.0.1:9/x', true)).toBeNull();
    // At delivery time too (a name that resolves to loopback; an address literal).
    const byName = await postJson(hooks.url.replace('127.0.0.1', 'localhost'), '{}', {}, false);
    expect(byName.error).toMatch(/private or loopback/);
    const byAddress = await postJson(hooks.url, '{}', {}, false);
    expect(byAddress).toEqual({ status: null, error: '127.0.0.1 is a private or loopback address' });
    expect((await postJson(hooks.url, '{}', {}, true)).status).toBe(204);
  });

  it('edits the URL and events, and a paused webhook gets no events until it is resumed', async () => {
    const me = await loginAs(app, await createUser(app));
    const { webhook } = (await me.post('/webhooks', { url: `${hooks.url}/old`, events: ['batch.finished'] })).body
      .content;
    const edited = await me.patch(`/webhooks/${webhook.id}`, {
      url: `${hooks.url}/new`,
      events: ['diagram.version_saved', 'diagram.version_saved'],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.content.webhook).toMatchObject({
      url: `${hooks.url}/new`,
      events: ['diagram.version_saved'],
      status: 'active',
    });
    expect((await me.patch(`/webhooks/${webhook.id}`, { events: [] })).status).toBe(400);
    const paused = await me.patch(`/webhooks/${webhook.id}`, { active: false });
    expect(paused.body.content.webhook).toMatchObject({ active: false, status: 'paused', disabledAt: null });

    const save = async (name: string) => {
      const diagram = (await me.post('/diagrams', { name })).body.content.diagram;
      await me.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 0, document: economyDocument() });
      return diagram.fuid as string;
    };
    const whilePaused = await save('While paused');
    // The webhooks consumer has handled that save's event (while the webhook was still paused).
    const prisma = app.http.app.get(PrismaService);
    await eventually(async () => {
      const handled = await prisma.domainEventDelivery.findFirst({
        where: {
          consumer: 'webhooks',
          event: { type: 'DiagramUpdated', payload: { path: ['fuid'], equals: whilePaused } },
        },
      });
      return handled ?? undefined;
    });
    expect((await me.patch(`/webhooks/${webhook.id}`, { active: true })).body.content.webhook.status).toBe('active');
    const afterResume = await save('After resume');
    const delivery = await eventually(() => Promise.resolve(hooks.received.find((r) => r.body.includes(afterResume))));
    expect(delivery.headers['loopwright-event']).toBe('diagram.version_saved');
    // Sent to the new URL, and nothing of what happened while it was paused.
    expect(hooks.received.some((r) => r.body.includes(whilePaused))).toBe(false);
    const item = (await me.get('/webhooks')).body.content.items.find((w: { id: string }) => w.id === webhook.id);
    expect(item.deliveries).toHaveLength(1);

    const stranger = await loginAs(app, await createUser(app));
    expect((await stranger.patch(`/webhooks/${webhook.id}`, { active: false })).status).toBe(404);
  });

  it(`disables a webhook after ${WEBHOOK_DISABLE_AFTER_FAILURES} failed deliveries in a row and notifies its owner; resume starts afresh`, async () => {
    const ownerUser = await createUser(app);
    const me = await loginAs(app, ownerUser);
    const url = `${hooks.url}/failing`;
    const { webhook } = (await me.post('/webhooks', { url, events: ['diagram.version_saved'] })).body.content;
    const service = app.http.app.get(WebhooksService);
    const repository = app.http.app.get(WebhooksRepository);
    const prisma = app.http.app.get(PrismaService);
    const lastAttempt = 8;
    /** One event delivery whose every attempt failed (its last attempt is the one that counts). */
    const failOnce = async () => {
      const [id] = await repository.addDeliveries(prisma, [webhook.id], null, 'diagram.version_saved', { data: {} });
      hooks.failNext(1);
      await expect(service.deliver(id, lastAttempt)).rejects.toThrow(/HTTP 500/);
    };
    const state = async () =>
      (await me.get('/webhooks')).body.content.items.find((w: { id: string }) => w.id === webhook.id);

    // A delivered one in between resets the count.
    for (let i = 0; i < 3; i++) await failOnce();
    expect((await state()).consecutiveFailures).toBe(3);
    const [ok] = await repository.addDeliveries(prisma, [webhook.id], null, 'diagram.version_saved', { data: {} });
    await service.deliver(ok, 1);
    expect((await state()).consecutiveFailures).toBe(0);

    // An attempt that will be retried is not a failed delivery yet.
    const [retried] = await repository.addDeliveries(prisma, [webhook.id], null, 'diagram.version_saved', {});
    hooks.failNext(1);
    await expect(service.deliver(retried, 1)).rejects.toThrow();
    expect((await state()).consecutiveFailures).toBe(0);

    for (let i = 0; i < WEBHOOK_DISABLE_AFTER_FAILURES - 1; i++) await failOnce();
    expect(await state()).toMatchObject({ status: 'active', consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILURES - 1 });
    await failOnce();
    const disabled = await state();
    expect(disabled).toMatchObject({ status: 'disabled', active: false, consecutiveFailures: 20 });
    expect(Date.now() - Date.parse(disabled.disabledAt)).toBeLessThan(60_000);

    const notification = await eventually(async () =>
      (await me.get('/notifications?limit=10')).body.content.notifications.find(
        (n: { title: string | null }) => n.title === WebhookTexts.disabledNotificationTitle,
      ),
    );
    expect(notification).toMatchObject({
      type: 'warning',
      link: '/settings/webhooks',
      message: `Loopwright stopped sending to ${url}: its last 20 deliveries failed. Resume it under Settings → Webhooks once the receiver works.`,
    });

    // Disabled: a new event is not even recorded; one already queued is not sent.
    const [queued] = await repository.addDeliveries(prisma, [webhook.id], null, 'diagram.version_saved', {});
    const before = hooks.received.length;
    await service.deliver(queued, 1);
    expect(hooks.received.length).toBe(before);
    expect((await state()).deliveries[0]).toMatchObject({ status: 'failed', error: WebhookTexts.notSentPaused });

    const resumed = (await me.patch(`/webhooks/${webhook.id}`, { active: true })).body.content.webhook;
    expect(resumed).toMatchObject({ status: 'active', consecutiveFailures: 0, disabledAt: null });
  }, 60_000);

  it('prunes deliveries older than WEBHOOK_DELIVERY_DAYS (30 by default), newer ones stay', async () => {
    const me = await loginAs(app, await createUser(app));
    const { webhook } = (await me.post('/webhooks', { url: hooks.url, events: ['batch.finished'] })).body.content;
    const repository = app.http.app.get(WebhooksRepository);
    const prisma = app.http.app.get(PrismaService);
    const [old, recent] = await repository.addDeliveries(prisma, [webhook.id, webhook.id], null, 'batch.finished', {});
    const day = 86_400_000;
    await prisma.webhookDelivery.update({ where: { id: old }, data: { createdAt: new Date(Date.now() - 31 * day) } });
    await prisma.webhookDelivery.update({
      where: { id: recent },
      data: { createdAt: new Date(Date.now() - 29 * day) },
    });
    const service = app.http.app.get(WebhooksService);
    expect(service.keptDays).toBe(30);
    expect(await service.prune()).toBeGreaterThanOrEqual(1);
    const left = await prisma.webhookDelivery.findMany({ where: { webhookId: webhook.id }, select: { id: true } });
    expect(left).toEqual([{ id: recent }]);
  });
});
