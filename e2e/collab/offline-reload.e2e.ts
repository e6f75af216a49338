import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import {
  canvasNode,
  createDiagram,
  getDiagram,
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

    await live.offline();
    await node(page, 'Gold').click();
    await page.getByRole('tabpanel').getByLabel('Start').fill('7');
    // Offline for a while: however long, the edit is not called saved.
    await page.waitForTimeout(11_000);
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
