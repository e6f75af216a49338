import { describe, expect, inject, it } from 'vitest';
import { acceptCookiesIfAsked, saveScreenshot, waitForHydration } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { LiveFrames } from '../support/live-frames.js';
import { CLIENT_HEADERS, createDesigner, createDiagram, loggedInContext } from '../editor/support.js';

const document = {
  nodes: [
    { id: 'source', type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
    { id: 'gold', type: 'pool', name: 'Gold', x: 240, y: 0 },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'source', to: 'gold', formula: '1' }],
};

describe.skipIf(!inject('chromiumPath'))('notifications: live box and center in Chromium', () => {
  const running = useAppAndBrowser();

  it('a notification arrives live in the box (no reload, no poll); the center pages, filters by type and marks one and all as viewed', async () => {
    const owner = await createDesigner(running.app);
    const reader = await createDesigner(running.app);
    const ownerContext = await loggedInContext(running.browser, running.app, owner);
    const readerContext = await loggedInContext(running.browser, running.app, reader);
    try {
      const fuid = await createDiagram(ownerContext, running.app, { name: 'Popular loop', document });
      expect(
        (
          await ownerContext.request.put(`${running.app.url}/api/diagrams/${fuid}/privacy`, {
            headers: CLIENT_HEADERS,
            data: { community: true },
          })
        ).status(),
      ).toBe(200);

      const page = await ownerContext.newPage();
      const live = new LiveFrames(page);
      await page.goto(`${running.app.url}/diagrams`);
      await waitForHydration(page);
      await acceptCookiesIfAsked(page);
      const bell = page.getByRole('button', { name: /^Notifications/ });
      await bell.waitFor();
      expect(await bell.getAttribute('aria-label')).toBe('Notifications');
      // Every request for the list from now on is counted: the notice must come without one.
      const listReads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/notifications') listReads.push(request.url());
      });
      // The page's socket is connected: the server has put it in the user's room.
      await expect.poll(() => live.connections()).toBeGreaterThan(0);

      // Someone copies the diagram: the owner's bell counts it at once.
      const copy = await readerContext.request.post(`${running.app.url}/api/diagrams/${fuid}/copies`, {
        headers: CLIENT_HEADERS,
        data: {},
      });
      expect(copy.status()).toBe(201);
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 10_000 });
      expect(listReads).toEqual([]);
      expect(page.url()).toBe(`${running.app.url}/diagrams`);

      await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
      const box = page.getByRole('region', { name: 'Notifications' });
      const item = box.locator('.acc-notification').first();
      expect(await item.textContent()).toContain('Diagram copied');
      expect(await item.textContent()).toContain(`made a copy of "Popular loop"`);
      expect(await item.textContent()).toContain('just now');
      await saveScreenshot(page, 'notifications-box-live');

      // More notifications of every type, so the center has two pages.
      for (let i = 1; i <= 22; i++) {
        const type = i % 3 === 0 ? 'error' : i % 3 === 1 ? 'warning' : 'info';
        const added = await ownerContext.request.post(`${running.app.url}/api/notifications/add`, {
          headers: CLIENT_HEADERS,
          data: { type, message: `Notice number ${i}`, ...(i === 22 ? { title: 'Billing', link: '/diagrams' } : {}) },
        });
        expect(added.status()).toBe(201);
      }
      await box.getByRole('link', { name: 'See all notifications' }).click();
      await page.waitForURL(`${running.app.url}/notifications`);
      const center = page.getByRole('list', { name: 'Notifications' });
      await center.waitFor();
      expect(await center.getByRole('listitem').count()).toBe(20);
      expect(await center.getByRole('listitem').first().textContent()).toContain('BillingNotice number 22');
      await page.getByText('Page 1 of 2').waitFor();
      await page.getByText('23 not viewed').waitFor();
      await saveScreenshot(page, 'notifications-center');
      await page.getByRole('button', { name: 'Older' }).click();
      await page.getByText('Page 2 of 2').waitFor();
      await expect.poll(() => center.getByRole('listitem').count()).toBe(3);
      expect(await center.textContent()).toContain('Diagram copied');

      // By type: errors only (7 of them), with their label for screen readers.
      await page.getByRole('button', { name: 'Errors' }).click();
      await expect.poll(() => center.getByRole('listitem').count()).toBe(7);
      for (const text of await center.getByRole('listitem').allTextContents()) expect(text).toMatch(/^Error: /);

      // Mark one, then all, as viewed; the header's badge follows.
      const first = center.getByRole('listitem').first();
      const label = (await first.textContent()) ?? '';
      const message = /Notice number \d+/.exec(label)![0];
      await first.getByRole('button', { name: `Mark “${message}” as viewed` }).click();
      await first.getByText('Viewed').waitFor();
      await page.getByText('22 not viewed').waitFor();
      await page.getByRole('button', { name: 'Notifications, 22 unread' }).waitFor();
      await page.getByRole('button', { name: 'All', exact: true }).click();
      await page.getByRole('button', { name: 'Mark all as viewed' }).click();
      await page.getByText('All viewed').waitFor();
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      await saveScreenshot(page, 'notifications-center-viewed');
      const server = await (
        await ownerContext.request.get(`${running.app.url}/api/notifications?limit=1`, { headers: CLIENT_HEADERS })
      ).json();
      expect(server.content).toMatchObject({ unviewedCount: 0, total: 23 });

      // A live notice lands on the open center too.
      await readerContext.request.post(`${running.app.url}/api/diagrams/${fuid}/copies`, {
        headers: CLIENT_HEADERS,
        data: {},
      });
      await page.getByText('1 not viewed').waitFor({ timeout: 10_000 });
      expect(await center.getByRole('listitem').first().textContent()).toContain('Diagram copied');
    } finally {
      await ownerContext.close();
      await readerContext.close();
    }
  });
});
