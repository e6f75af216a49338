import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { canvasNode, CLIENT_HEADERS, openEditor, sharedWithColleague } from '../editor/support.js';

const node = canvasNode;
const title = (page: Page) => page.locator('.editor-header__title').textContent();
/** The page is in the live document: it sees the others in the header. */
const seesOthers = (page: Page) =>
  page.getByRole('list', { name: 'People in this diagram' }).getByRole('button').first().waitFor({ timeout: 30_000 });

describe.skipIf(!inject('chromiumPath'))("live co-editing: the diagram's name, tour and tags; viewers", () => {
  const running = useAppAndBrowser();

  it('the owner renames the diagram and saves a tour: the editor sees both without a reload; a tag I add shows in my other tab', async () => {
    const { ownerContext, colleagueContext, fuid, close } = await sharedWithColleague(running, 'editor', 'Together');
    try {
      const a = await ownerContext.newPage();
      const b = await colleagueContext.newPage();
      const errors = [...(await openEditor(a, running.app, fuid)), ...(await openEditor(b, running.app, fuid))];
      await Promise.all([seesOthers(a), seesOthers(b)]);

      // The owner renames the diagram from its title; the editor's title follows.
      await a.getByRole('button', { name: 'Rename Together' }).click();
      await a.getByLabel('Diagram name', { exact: true }).fill('Together, renamed');
      await a.getByLabel('Diagram name', { exact: true }).press('Enter');
      await expect.poll(() => title(b)).toBe('Together, renamed');

      // The owner saves a tour (as the Tour panel does); the editor can play it at once.
      expect(await b.getByRole('button', { name: 'Play tour' }).count()).toBe(0);
      const tour = await ownerContext.request.put(`${running.app.url}/api/tours`, {
        headers: CLIENT_HEADERS,
        data: { diagramId: fuid, steps: [{ title: 'The mine', text: 'Gold comes from here.', nodes: ['source'] }] },
      });
      expect(tour.status()).toBe(200);
      await b.getByRole('button', { name: 'Play tour' }).waitFor({ timeout: 15_000 });
      await b.getByRole('tab', { name: 'Tour' }).click();
      await expect.poll(() => b.getByRole('tabpanel').textContent()).toContain('Gold comes from here.');
      await saveScreenshot(b, 'collab-live-name-and-tour');

      // Tags are each person's own: one I add in this tab shows, ticked, in my other tab.
      const a2 = await ownerContext.newPage();
      errors.push(...(await openEditor(a2, running.app, fuid)));
      await seesOthers(a2);
      await a2.getByRole('tab', { name: 'Tags' }).click();
      await a.getByRole('tab', { name: 'Tags' }).click();
      await a.getByLabel('New tag').fill('Launch');
      await a.getByRole('button', { name: 'Add', exact: true }).click();
      const ticked = a2.getByRole('checkbox', { name: 'Launch' });
      await ticked.waitFor({ timeout: 15_000 });
      await expect.poll(() => ticked.isChecked()).toBe(true);
      // Taken off again: off in the other tab too.
      await a.getByRole('checkbox', { name: 'Launch' }).uncheck();
      await expect.poll(() => ticked.isChecked()).toBe(false);
      await saveScreenshot(a2, 'collab-live-tags-other-tab');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a viewer sees the owner's edits and rename live, and cannot change the diagram", async () => {
    const { ownerContext, colleagueContext, fuid, close } = await sharedWithColleague(running, 'viewer', 'On show');
    try {
      const a = await ownerContext.newPage();
      const v = await colleagueContext.newPage();
      const errors = [...(await openEditor(a, running.app, fuid)), ...(await openEditor(v, running.app, fuid))];
      await Promise.all([seesOthers(a), seesOthers(v)]);

      // The owner renames Gold and the diagram: the viewer sees both without a reload.
      await node(a, 'Gold').click();
      await a.getByRole('tabpanel').getByLabel('Name', { exact: true }).fill('Coins');
      await node(v, 'Coins').waitFor({ timeout: 15_000 });
      await a.getByRole('button', { name: 'Rename On show' }).click();
      await a.getByLabel('Diagram name', { exact: true }).fill('On show, renamed');
      await a.getByLabel('Diagram name', { exact: true }).press('Enter');
      await expect.poll(() => title(v)).toBe('On show, renamed');
      await saveScreenshot(v, 'collab-live-viewer');

      // The viewer's Delete changes nothing, for them or for the owner (a later edit of the owner's
      // reaches the viewer: by then the viewer's tab has sent whatever it would have).
      await node(v, 'Mine').click();
      await v.keyboard.press('Delete');
      await node(a, 'Coins').click();
      await a.getByRole('tabpanel').getByLabel('Name', { exact: true }).fill('Treasure');
      await node(v, 'Treasure').waitFor({ timeout: 15_000 });
      expect(await node(v, 'Mine').count()).toBe(1);
      expect(await node(a, 'Mine').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
