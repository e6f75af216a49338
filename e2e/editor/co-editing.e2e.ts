import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { canvasNode, getDiagram, openEditor, sharedWithColleague } from './support.js';

const node = canvasNode;

describe.skipIf(!inject('chromiumPath'))('editor: live co-editing in two Chromium contexts', () => {
  const running = useAppAndBrowser();

  it("owner and editor see each other's new node, pointer and selection live; undo takes back only my own edit", async () => {
    const { ownerContext, colleagueContext, fuid, close } = await sharedWithColleague(running, 'editor', 'Together');
    try {
      const a = await ownerContext.newPage();
      const b = await colleagueContext.newPage();
      const errors = [...(await openEditor(a, running.app, fuid)), ...(await openEditor(b, running.app, fuid))];

      // Each sees the other in the header.
      await a.getByRole('list', { name: 'People in this diagram' }).getByRole('button').first().waitFor();
      await b.getByRole('list', { name: 'People in this diagram' }).getByRole('button').first().waitFor();

      // The owner places a pool and names it; the editor sees it without a reload.
      const pane = (await a.locator('.react-flow__pane').boundingBox())!;
      await a.getByRole('navigation', { name: 'Elements' }).getByRole('button', { name: 'Pool', exact: true }).click();
      await a.mouse.click(pane.x + pane.width / 2, pane.y + pane.height / 2 + 80);
      await a.getByRole('tabpanel').getByLabel('Name', { exact: true }).fill('Silver');
      await node(b, 'Silver').waitFor({ timeout: 15_000 });

      // The editor's pointer and selection show on the owner's canvas, in the editor's colour.
      const paneB = (await b.locator('.react-flow__pane').boundingBox())!;
      await b.mouse.move(paneB.x + paneB.width / 2 - 60, paneB.y + paneB.height / 2 - 60, { steps: 4 });
      await a.locator('.live-cursor').first().waitFor({ timeout: 15_000 });
      await node(b, 'Gold').click();
      await a.locator('.live-selection').first().waitFor({ timeout: 15_000 });

      // The editor renames Gold; the owner sees it. The owner's undo takes back the owner's pool, not the rename.
      await b.getByRole('tabpanel').getByLabel('Name', { exact: true }).fill('Coins');
      await node(a, 'Coins').waitFor({ timeout: 15_000 });
      await saveScreenshot(a, 'editor-co-editing-owner');
      await saveScreenshot(b, 'editor-co-editing-editor');
      await a.locator('.react-flow__pane').click({ position: { x: 20, y: 80 } });
      // Two actions of the owner's: naming the pool (one step, however many keys) and placing it.
      const undo = a.getByRole('button', { name: 'Undo' });
      await undo.click();
      await expect.poll(() => node(a, 'Silver').count()).toBe(0);
      await undo.click();
      await node(b, 'Silver').waitFor({ state: 'detached', timeout: 15_000 });
      await expect.poll(() => a.locator('.react-flow__node').count()).toBe(2);
      expect(await node(a, 'Coins').count()).toBe(1);
      expect(await node(b, 'Coins').count()).toBe(1);

      // The JSON document follows the live one.
      await expect
        .poll(
          async () => (await getDiagram(ownerContext, running.app, fuid)).document.nodes.map((n) => String(n.name)),
          { timeout: 15_000 },
        )
        .toEqual(['Mine', 'Coins']);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
