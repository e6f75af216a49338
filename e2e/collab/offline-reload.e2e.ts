import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import {
  canvasNode,
  createDesigner,
  createDiagram,
  getDiagram,
  loggedInContext,
  mineAndGold,
  openEditor,
  useDesignerSession,
} from '../editor/support.js';
import { waitForHydration } from '../support/browser.js';

const node = canvasNode;

/**
 * The page's live co-editing socket (/collab) goes through the test: while "offline" every socket is
 * closed at once and new ones are refused, while the rest of the app (pages, API) still answers, as
 * when the live server cannot be reached.
 */
async function cuttableLiveSocket(page: Page) {
  let online = true;
  const open: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
  await page.routeWebSocket(/\/collab/, (ws) => {
    if (!online) return void ws.close({ code: 1006, reason: 'offline' }).catch(() => undefined);
    open.push({ page: ws, server: ws.connectToServer() });
  });
  return {
    connections: () => open.length,
    offline: async () => {
      online = false;
      for (const { page: side, server } of open.splice(0)) {
        await server.close().catch(() => undefined);
        await side.close({ code: 1006, reason: 'offline' }).catch(() => undefined);
      }
    },
    online: () => {
      online = true;
    },
  };
}

describe.skipIf(!inject('chromiumPath'))('live co-editing: offline edits survive a reload', () => {
  const running = useDesignerSession();

  it('an edit made while the live server cannot be reached is kept through a reload and saved when it comes back', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Offline', document: mineAndGold() });
    const page = await running.context.newPage();
    const live = await cuttableLiveSocket(page);
    const errors = await openEditor(page, running.app, fuid);
    const start = page.getByRole('tabpanel').getByLabel('Start');
    const savedStart = async () =>
      (await getDiagram(running.context, running.app, fuid)).document.nodes.find((n) => n.id === 'gold')?.start;

    // Online: an edit reaches the saved document through the live one.
    await expect.poll(() => live.connections()).toBeGreaterThan(0);
    await node(page, 'Gold').click();
    await start.fill('1');
    await expect.poll(savedStart).toBe(1);

    // Offline: the edit stays in the tab, the saved document does not have it.
    await live.offline();
    await start.fill('7');
    await page.reload();
    await page.locator('.react-flow__renderer').waitFor({ timeout: 45_000 });
    await node(page, 'Gold').click();
    await expect.poll(() => start.inputValue()).toBe('7');
    await saveScreenshot(page, 'collab-offline-after-reload');
    expect(await savedStart()).toBe(1);

    // Back online: the edit made before the reload reaches the server.
    live.online();
    await expect.poll(savedStart, { timeout: 30_000 }).toBe(7);
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!inject('chromiumPath'))('live co-editing without IndexedDB', () => {
  const running = useDesignerSession();

  it('edits live and saves when the browser refuses IndexedDB (blocked storage)', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'No storage', document: mineAndGold() });
    const page = await running.context.newPage();
    // As a browser with site storage blocked: opening a database throws SecurityError.
    await page.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
    });
    const live = await cuttableLiveSocket(page);
    const errors = await openEditor(page, running.app, fuid);
    await expect.poll(() => live.connections()).toBeGreaterThan(0);
    await node(page, 'Gold').click();
    await page.getByRole('tabpanel').getByLabel('Start').fill('4');
    await expect
      .poll(
        async () =>
          (await getDiagram(running.context, running.app, fuid)).document.nodes.find((n) => n.id === 'gold')?.start,
      )
      .toBe(4);
    await page.close();
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!inject('chromiumPath'))('live co-editing: what a person leaves in the browser', () => {
  const running = useDesignerSession();

  it('logging out asks before discarding unsent edits, then forgets the kept copies of their diagrams', async () => {
    const context = await loggedInContext(running.browser, running.app, await createDesigner(running.app));
    const fuid = await createDiagram(context, running.app, { name: 'Kept', document: mineAndGold() });
    const page = await context.newPage();
    const live = await cuttableLiveSocket(page);
    const errors = await openEditor(page, running.app, fuid);
    await expect.poll(() => live.connections()).toBeGreaterThan(0);
    const kept = () =>
      page.evaluate(async () => ({
        databases: (await indexedDB.databases()).flatMap(({ name }) =>
          name?.startsWith('loopwright-live:') ? [name] : [],
        ),
        keys: Object.keys(localStorage).filter((key) => /^loopwright:(draft|live-unsynced):/.test(key)),
      }));
    await expect.poll(async () => (await kept()).databases.length).toBe(1);

    // Once the live document is in step, an edit the server never gets: the browser keeps it.
    await node(page, 'Gold').click();
    const start = page.getByRole('tabpanel').getByLabel('Start');
    await start.fill('1');
    await expect
      .poll(
        async () => (await getDiagram(context, running.app, fuid)).document.nodes.find((n) => n.id === 'gold')?.start,
      )
      .toBe(1);
    await live.offline();
    await start.fill('5');
    await expect.poll(async () => (await kept()).keys.length).toBeGreaterThan(0);

    await page.goto(`${running.app.url}/diagrams`);
    await waitForHydration(page);
    const logOut = async (answer: 'accept' | 'dismiss') => {
      const asked = page.waitForEvent('dialog').then(async (dialog) => {
        await dialog[answer]();
        return dialog.message();
      });
      await page.getByRole('button', { name: /^Account: / }).click();
      await page.getByRole('region', { name: 'Your account' }).getByRole('button', { name: 'Log out' }).click();
      return asked;
    };
    // Cancelled: still logged in, nothing forgotten.
    expect(await logOut('dismiss')).toContain('have not reached the server yet');
    await page.keyboard.press('Escape');
    expect((await kept()).databases).toHaveLength(1);
    expect(await page.getByRole('button', { name: /^Account: / }).count()).toBe(1);

    await logOut('accept');
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    await expect.poll(kept).toEqual({ databases: [], keys: [] });
    expect(errors).toEqual([]);
    await context.close();
  });
});
