import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot, waitForHydration } from '../support/browser.js';
import {
  canvasNode,
  createDesigner,
  createDiagram,
  getDiagram,
  loggedInContext,
  mineAndGold,
  openEditor,
  useDesignerSession,
  waitForSaved,
} from '../editor/support.js';
import { cuttableLiveSocket } from './support.js';

const node = canvasNode;

describe.skipIf(!inject('chromiumPath'))('live co-editing: offline edits', () => {
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

  it('after a long offline spell, the tab says "All changes saved" only once the edit is in PostgreSQL', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Saved means', document: mineAndGold() });
    const page = await running.context.newPage();
    const live = await cuttableLiveSocket(page);
    const errors = await openEditor(page, running.app, fuid);
    await expect.poll(() => live.connections()).toBeGreaterThan(0);
    await waitForSaved(page);

    // The page's clock can jump: an offline spell of any length takes no time here.
    await page.clock.install();
    await live.offline();
    await node(page, 'Gold').click();
    await page.getByRole('tabpanel').getByLabel('Start').fill('7');
    // Offline for a while: however long, the edit is not called saved.
    await page.clock.fastForward(60_000);
    const status = page.getByTestId('save-status');
    expect(await status.textContent()).not.toContain('All changes saved');

    live.online();
    await status.filter({ hasText: 'All changes saved' }).waitFor({ timeout: 30_000 });
    // The moment it says so, the saved document has the edit.
    const gold = (await getDiagram(running.context, running.app, fuid)).document.nodes.find((n) => n.id === 'gold');
    expect(gold?.start).toBe(7);
    await saveScreenshot(page, 'collab-saved-after-offline');
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
