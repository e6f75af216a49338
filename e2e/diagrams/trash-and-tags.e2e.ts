import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DiagramLimits } from '@loopwright/contracts';
import { acceptCookiesIfAsked, saveScreenshot, waitForHydration } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { CLIENT_HEADERS, createDesigner, createDiagram, loggedInContext, openEditor } from '../editor/support.js';

const document = {
  nodes: [
    { id: 'source', type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
    { id: 'gold', type: 'pool', name: 'Gold', x: 240, y: 0 },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'source', to: 'gold', formula: '1' }],
};

async function openList(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/diagrams`);
  await waitForHydration(page);
  await acceptCookiesIfAsked(page);
}

const card = (page: Page, name: string) =>
  page.locator('.diagram-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const api = (context: BrowserContext, url: string) => ({
  get: async (path: string) => await context.request.get(`${url}/api${path}`, { headers: CLIENT_HEADERS }),
});

describe.skipIf(!inject('chromiumPath'))('diagram list: trash and tags manager in Chromium', () => {
  const running = useAppAndBrowser();

  it('deletes to the Trash, restores, deletes forever after a confirmation, and empties the trash', async () => {
    const designer = await createDesigner(running.app);
    const context = await loggedInContext(running.browser, running.app, designer);
    try {
      const alpha = await createDiagram(context, running.app, { name: 'Alpha economy', document });
      await createDiagram(context, running.app, { name: 'Beta loop', document });
      const page = await context.newPage();
      await openList(page, running.app.url);
      await card(page, 'Alpha economy').waitFor();
      expect(await card(page, 'Alpha economy').textContent()).toContain('Last edited: a few minutes ago');

      await page.getByRole('button', { name: 'Delete Alpha economy' }).click();
      await page.getByRole('status').filter({ hasText: '“Alpha economy” moved to the Trash.' }).waitFor();
      await card(page, 'Alpha economy').waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: 'Trash' }).click();
      const trashed = card(page, 'Alpha economy');
      await trashed.waitFor();
      expect(await trashed.textContent()).toMatch(/Deleted just now · deleted forever on [A-Z][a-z]{2} \d{2}, \d{4}/);
      expect(await page.getByText('Deleted diagrams stay here 30 days').count()).toBe(1);
      await saveScreenshot(page, 'diagram-list-trash');

      await page.getByRole('button', { name: 'Restore Alpha economy' }).click();
      await page.getByRole('status').filter({ hasText: '“Alpha economy” is back in My Diagrams.' }).waitFor();
      await page.getByRole('tab', { name: 'My Diagrams' }).click();
      await card(page, 'Alpha economy').waitFor();
      expect(
        (await (await api(context, running.app.url).get(`/diagrams/${alpha}`)).json()).content.diagram.deletedAt,
      ).toBeNull();

      // Delete again, then forever: a confirmation first; Cancel keeps it.
      await page.getByRole('button', { name: 'Delete Alpha economy' }).click();
      await card(page, 'Alpha economy').waitFor({ state: 'detached' }); // in the Trash now
      await page.getByRole('tab', { name: 'Trash' }).click();
      await page.getByRole('button', { name: 'Delete Alpha economy forever' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete “Alpha economy” forever?' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('This cannot be undone.');
      await saveScreenshot(page, 'diagram-list-delete-forever');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await card(page, 'Alpha economy').waitFor();
      await page.getByRole('button', { name: 'Delete Alpha economy forever' }).click();
      await dialog.getByRole('button', { name: 'Delete forever' }).click();
      await page.getByRole('status').filter({ hasText: '“Alpha economy” was deleted forever.' }).waitFor();
      await card(page, 'Alpha economy').waitFor({ state: 'detached' });
      expect((await api(context, running.app.url).get(`/diagrams/${alpha}`)).status()).toBe(404);

      // Empty trash takes the rest.
      await page.getByRole('tab', { name: 'My Diagrams' }).click();
      await page.getByRole('button', { name: 'Delete Beta loop' }).click();
      // The card leaves once the server has taken the deletion: only then does the Trash list it.
      await card(page, 'Beta loop').waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'Trash' }).click();
      await card(page, 'Beta loop').waitFor();
      await page.getByRole('button', { name: 'Empty trash' }).click();
      await page
        .getByRole('dialog', { name: 'Empty the trash?' })
        .getByRole('button', { name: 'Delete all forever' })
        .click();
      await page.getByText('The trash is empty.').waitFor();
      expect((await (await api(context, running.app.url).get('/diagrams?scope=trash')).json()).content.items).toEqual(
        [],
      );
    } finally {
      await context.close();
    }
  });

  it('manages tags: create with colours, refuse a duplicate, rename, recolour, filter the list, delete with the count, and stop at the limit', async () => {
    const designer = await createDesigner(running.app);
    const context = await loggedInContext(running.browser, running.app, designer);
    try {
      const gamma = await createDiagram(context, running.app, { name: 'Gamma shop', document });
      await createDiagram(context, running.app, { name: 'Delta quest', document });
      const empty = await createDiagram(context, running.app, { name: 'Not saved yet' });
      const page = await context.newPage();
      await openList(page, running.app.url);
      await card(page, 'Gamma shop').waitFor();

      await page.getByRole('button', { name: 'Manage tags' }).click();
      const manager = page.getByRole('dialog', { name: 'Tags manager' });
      await manager.waitFor();
      await manager.getByRole('textbox', { name: 'New tag' }).fill('Economy');
      await manager.getByLabel('Text colour', { exact: true }).fill('#1d1b36');
      await manager.getByLabel('Background colour', { exact: true }).fill('#ffc107');
      await manager.getByRole('button', { name: 'Create tag' }).click();
      const row = manager.locator('.tag-row').filter({ has: page.getByLabel('Name of Economy') });
      await row.waitFor();
      expect(await row.textContent()).toContain('0 diagrams');
      let tags = (await (await api(context, running.app.url).get('/tags')).json()).content.tags;
      expect(tags).toEqual([
        expect.objectContaining({ name: 'Economy', textColor: '#1D1B36', backgroundColor: '#FFC107' }),
      ]);

      await manager.getByRole('textbox', { name: 'New tag' }).fill('economy');
      await manager.getByRole('button', { name: 'Create tag' }).click();
      await manager.getByRole('alert').filter({ hasText: 'Tag already exists' }).waitFor();
      await saveScreenshot(page, 'tags-manager');
      await manager.getByRole('button', { name: 'Close' }).click();

      // A tag needs a saved diagram: the editor's Tags panel says so on an empty one; a saved one takes it.
      const editor = await context.newPage();
      await openEditor(editor, running.app, empty);
      await editor.getByRole('tab', { name: 'Tags' }).click();
      await editor.getByRole('tabpanel').getByRole('checkbox', { name: 'Economy' }).check();
      await editor
        .getByRole('tabpanel')
        .getByRole('alert')
        .filter({ hasText: 'Please save the diagram before selecting tags' })
        .waitFor();
      await openEditor(editor, running.app, gamma);
      await editor.getByRole('tab', { name: 'Tags' }).click();
      await editor.getByRole('tabpanel').getByRole('checkbox', { name: 'Economy' }).check();
      await expect
        .poll(async () =>
          (await (await api(context, running.app.url).get(`/diagrams/${gamma}`)).json()).content.diagram.tags.map(
            (t: { name: string }) => t.name,
          ),
        )
        .toEqual(['Economy']);
      await editor.close();

      // Filter the list by the tag.
      await openList(page, running.app.url);
      await card(page, 'Delta quest').waitFor();
      await page.getByLabel('Filter by tag').selectOption({ label: 'Economy (1)' });
      await card(page, 'Delta quest').waitFor({ state: 'detached' });
      await card(page, 'Gamma shop').waitFor(); // the filtered list has loaded
      expect(await page.locator('.diagram-card').count()).toBe(1);
      expect(await card(page, 'Gamma shop').locator('.tag-chip').textContent()).toBe('Economy');
      expect(page.url()).toContain('tag=');
      await saveScreenshot(page, 'diagram-list-filtered-by-tag');
      await page.getByRole('button', { name: 'Clear filter' }).click();
      await card(page, 'Delta quest').waitFor();

      // Rename and recolour.
      await page.getByRole('button', { name: 'Manage tags' }).click();
      await manager.getByLabel('Name of Economy').fill('Core economy');
      await manager.getByLabel('Background colour of Economy').fill('#66bb6a');
      await manager.getByRole('button', { name: 'Save Economy' }).click();
      await manager.getByLabel('Name of Core economy').waitFor();
      tags = (await (await api(context, running.app.url).get('/tags')).json()).content.tags;
      expect(tags).toEqual([
        expect.objectContaining({ name: 'Core economy', backgroundColor: '#66BB6A', diagramCount: 1 }),
      ]);
      expect(await manager.locator('.tag-row').textContent()).toContain('1 diagram');

      // Delete: the confirmation counts the diagrams that lose it.
      await manager.getByRole('button', { name: 'Delete Core economy' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete the tag “Core economy”?' });
      expect(await confirm.textContent()).toContain('It is used by 1 diagram; it will be removed from it.');
      await saveScreenshot(page, 'tags-manager-delete');
      await confirm.getByRole('button', { name: 'Delete tag' }).click();
      await manager.getByText('No tags yet.').waitFor();
      await manager.getByRole('button', { name: 'Close' }).click();
      // Closing the manager reloads the list; until then the card still shows the old chip.
      const gammaCard = card(page, 'Gamma shop');
      await expect
        .poll(async () => `${await gammaCard.count()} card, ${await gammaCard.locator('.tag-chip').count()} chips`)
        .toBe('1 card, 0 chips');

      // The limit (DiagramLimits.maxTags, under any plan's own limit); one more is refused with the spec's text.
      for (let i = 1; i <= DiagramLimits.maxTags - 1; i++) {
        const created = await context.request.post(`${running.app.url}/api/tags`, {
          headers: CLIENT_HEADERS,
          data: { name: `tag ${i}` },
        });
        expect(created.status()).toBe(201);
      }
      await page.getByRole('button', { name: 'Manage tags' }).click();
      await manager.getByRole('textbox', { name: 'New tag' }).fill('Hundredth');
      await manager.getByRole('button', { name: 'Create tag' }).click();
      await manager.getByLabel('Name of Hundredth').waitFor();
      await manager.getByRole('textbox', { name: 'New tag' }).fill('One too many');
      await manager.getByRole('button', { name: 'Create tag' }).click();
      const limit = manager.getByRole('alert').filter({ hasText: 'Max number of tags reached' });
      await limit.waitFor();
      expect(await limit.getByRole('link', { name: 'See plans with more tags' }).getAttribute('href')).toBe('/pricing');
      await saveScreenshot(page, 'tags-manager-limit');
    } finally {
      await context.close();
    }
  }, 240_000); // one long journey (two editors, the list three times): on a busy machine, over the usual 120 s
});
