import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCESS_COOKIE, SESSION_HINT_COOKIE } from '@loopwright/contracts';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { acceptCookiesIfAsked, saveScreenshot, waitForHydration } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { loggedInUser } from '../support/own-services.js';

/** Settings → User API Key (rate limit and what is left) and Settings → Webhooks (add, send test, deliveries). */
describe.skipIf(!inject('chromiumPath'))('developer settings in Chromium', () => {
  const running = useAppAndBrowser({ WEBHOOKS_ALLOW_PRIVATE: 'true', API_KEY_RATE_LIMIT: '600' });
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(String(request.headers['loopwright-event']));
      response.writeHead(204).end();
    });
  });
  beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => receiver.close(resolve)));

  async function signedIn(role: 'user' | 'admin' = 'user'): Promise<{
    page: Page;
    key: string;
    client: Awaited<ReturnType<typeof loggedInUser>>['client'];
  }> {
    const { client } = await loggedInUser(running.app.databaseUrl, running.app.url, role);
    const key = (await client.post('/users/me/api-key')).body.content.key as string;
    const context = await running.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(
      [ACCESS_COOKIE, SESSION_HINT_COOKIE].map((name) => ({ name, value: client.cookie(name)!, url: running.app.url })),
    );
    return { page: await context.newPage(), key, client };
  }

  it('shows the key’s rate limit and what is left of it', async () => {
    const { page, key } = await signedIn();
    for (let i = 0; i < 3; i++)
      await fetch(`${running.app.url}/api/diagrams`, { headers: { Authorization: `Bearer ${key}` } });
    await page.goto(`${running.app.url}/settings/api-key`);
    await waitForHydration(page);
    await acceptCookiesIfAsked(page);
    const usage = page.getByTestId('api-key-usage');
    await expect.poll(() => usage.textContent()).toMatch(/Left this minute597 of 600/);
    await expect.poll(() => page.getByRole('heading', { name: 'Rate limit' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'settings-api-key-rate-limit');
    await page.context().close();
  });

  it('a key that could not be replaced says "User key not changed" with the reason, and the old key stays listed (app.md §8)', async () => {
    const { page } = await signedIn();
    await page.goto(`${running.app.url}/settings/api-key`);
    await waitForHydration(page);
    await acceptCookiesIfAsked(page);
    const shownKey = await page.locator('.acc-key-meta dd').first().textContent();
    await page.route('**/api/users/me/api-key', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              success: false,
              error: { code: 'SERVICE_UNAVAILABLE', message: 'Try again later' },
            }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Regenerate key' }).click();
    await page.getByRole('button', { name: 'Yes, regenerate' }).click();
    await page.getByText('User key not changed: Try again later').waitFor();
    expect(await page.locator('.acc-key-meta dd').first().textContent()).toBe(shownKey);
    await page.context().close();
  });

  it('adds a webhook, sends a test and lists the delivery as delivered', async () => {
    const { page } = await signedIn();
    await page.goto(`${running.app.url}/settings/webhooks`);
    await waitForHydration(page);
    await acceptCookiesIfAsked(page);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/loopwright`;
    await page.getByLabel('URL').fill(url);
    await page.getByLabel(/A balance test failed/).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => page.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => received.includes('ping'), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return page.getByRole('row', { name: /ping Delivered 1 HTTP 204/ }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header over the form otherwise
    await saveScreenshot(page, 'settings-webhooks');
    await page.context().close();
  });

  it('edits a webhook’s URL and events, pauses and resumes it, and shows when it was disabled automatically', async () => {
    const { page, client } = await signedIn();
    const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const created = await client.post('/webhooks', { url: `${base}/before`, events: ['batch.finished'] });
    const id = created.body.content.webhook.id as string;
    await page.goto(`${running.app.url}/settings/webhooks`);
    await waitForHydration(page);
    await acceptCookiesIfAsked(page);
    const panel = () => page.getByRole('region', { name: /^Webhook http/ });
    await expect.poll(() => panel().getByRole('heading').textContent()).toBe(`${base}/before`);

    await panel().getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: `Edit webhook ${base}/before` });
    await form.getByLabel('URL').fill(`${base}/after`);
    await form.getByLabel(/A multiple run finished/).uncheck();
    await form.getByLabel(/A comment was added/).check();
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'settings-webhooks-edit');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => panel().getByRole('heading').textContent()).toBe(`${base}/after`);
    await expect.poll(() => panel().getByText('A comment was added', { exact: true }).isVisible()).toBe(true);
    const saved = (await client.get('/webhooks')).body.content.items[0];
    expect(saved).toMatchObject({ url: `${base}/after`, events: ['comment.added'], status: 'active' });

    await panel().getByRole('button', { name: 'Pause' }).click();
    await expect
      .poll(() =>
        panel()
          .getByText(/^Paused: events are not sent/)
          .isVisible(),
      )
      .toBe(true);
    expect((await client.get('/webhooks')).body.content.items[0].status).toBe('paused');
    await panel().getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => panel().getByRole('button', { name: 'Pause' }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        panel()
          .getByText(/^Paused:/)
          .count(),
      )
      .toBe(0);

    // Disabled by its failures (as 20 failed deliveries in a row leave it): the notice, then Resume.
    const db = new pg.Client({ connectionString: running.app.databaseUrl });
    await db.connect();
    await db.query(`UPDATE webhooks SET active = false, consecutive_failures = 20, disabled_at = $2 WHERE id = $1`, [
      id,
      new Date(Date.now() - 2 * 86_400_000).toISOString(),
    ]);
    await db.end();
    await page.reload();
    await waitForHydration(page);
    await expect
      .poll(() => panel().getByRole('status').textContent())
      .toMatch(
        /^Disabled automatically \(2 days ago\): the last 20 deliveries failed\. Fix the receiver, send a test, then resume it\.$/,
      );
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'settings-webhooks-disabled');
    await panel().getByRole('button', { name: 'Resume' }).click();
    await expect
      .poll(async () => (await client.get('/webhooks')).body.content.items[0])
      .toMatchObject({
        status: 'active',
        consecutiveFailures: 0,
        disabledAt: null,
      });
    await expect.poll(() => panel().getByRole('status').count()).toBe(0);
    await page.context().close();
  });

  it('Admin → Disabled webhooks lists a disabled webhook with its owner and last error, and re-enables it', async () => {
    const owner = await signedIn();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/admin-down`;
    const { id } = (await owner.client.post('/webhooks', { url, events: ['balance_test.failed'] })).body.content
      .webhook as { id: string };
    await owner.page.context().close();
    const db = new pg.Client({ connectionString: running.app.databaseUrl });
    await db.connect();
    await db.query(`UPDATE webhooks SET active = false, consecutive_failures = 20, disabled_at = now() WHERE id = $1`, [
      id,
    ]);
    await db.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event, payload, status, attempts, response_status, error, updated_at)
       VALUES (gen_random_uuid(), $1, 'balance_test.failed', '{}', 'failed', 8, 502, 'the receiver answered HTTP 502', now())`,
      [id],
    );
    await db.end();
    const { page } = await signedIn('admin');
    await page.goto(`${running.app.url}/admin/webhooks`);
    await waitForHydration(page);
    await acceptCookiesIfAsked(page);
    const row = page.getByRole('row', { name: new RegExp(url) });
    await expect.poll(() => row.textContent()).toMatch(/the receiver answered HTTP 502.*own-.*@example\.test/);
    await saveScreenshot(page, 'admin-disabled-webhooks');

    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: `Re-enable ${url}` }).click();
    await page.getByText(`${url} is enabled again: new events are sent to it.`).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    const mine = (await owner.client.get('/webhooks')).body.content.items as { id: string; status: string }[];
    expect(mine.find((w) => w.id === id)?.status).toBe('active');
    await page.context().close();
  });
});
