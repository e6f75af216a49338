import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WebhookSignatureError } from '@loopwright/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, economyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
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
});
