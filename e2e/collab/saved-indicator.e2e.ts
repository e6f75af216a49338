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

describe.skipIf(!inject('chromiumPath'))('live co-editing: "All changes saved" means stored', () => {
  const running = useDesignerSession();

  it('after a long offline spell, the tab says "All changes saved" only once the edit is in PostgreSQL', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Saved means', document: mineAndGold() });
    const page = await running.context.newPage();
    const live = await cuttableLiveSocket(page);
    const errors = await openEditor(page, running.app, fuid);
    await expect.poll(() => live.connections()).toBeGreaterThan(0);
    await waitForSaved(page);

    await live.offline();
    await canvasNode(page, 'Gold').click();
    await page.getByRole('tabpanel').getByLabel('Start').fill('7');
    // Longer offline than the tab ever waits for a save before it calls its edits saved.
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
