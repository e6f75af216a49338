import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import {
  canvasNode,
  createDiagram,
  getDiagram,
  mineAndGold,
  openEditor,
  useDesignerSession,
} from '../editor/support.js';

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
