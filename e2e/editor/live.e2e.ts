import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { nextFrames, saveScreenshot } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import {
  CLIENT_HEADERS,
  createDesigner,
  createDiagram,
  getDiagram,
  loggedInContext,
  openEditor,
  waitForSaved,
} from './support.js';

const documentWithGold = (start: number) => ({
  nodes: [
    { id: 'source', type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
    { id: 'gold', type: 'pool', name: 'Gold', x: 240, y: 0, start },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'source', to: 'gold', formula: '1' }],
});

describe.skipIf(!inject('chromiumPath'))('editor: saves and restores by others reach the open editor live', () => {
  const running = useAppAndBrowser();

  const gold = (page: Page) =>
    page
      .locator('.react-flow__node')
      .filter({ has: page.getByTestId('node-Gold') })
      .getByTestId('node-value')
      .textContent();

  it('another editor restoring a version or saving through the API reaches the open editor live, without a banner or a reload', async () => {
    const owner = await createDesigner(running.app);
    const colleague = await createDesigner(running.app);
    const ownerContext = await loggedInContext(running.browser, running.app, owner);
    const colleagueContext = await loggedInContext(running.browser, running.app, colleague);
    try {
      const fuid = await createDiagram(ownerContext, running.app, {
        name: 'Shared economy',
        document: documentWithGold(0),
      });
      const share = await ownerContext.request.post(`${running.app.url}/api/diagrams/${fuid}/shares`, {
        headers: CLIENT_HEADERS,
        data: { email: colleague.email, role: 'editor' },
      });
      expect(share.status()).toBe(201);
      const first = await getDiagram(colleagueContext, running.app, fuid);
      const saved = await colleagueContext.request.put(`${running.app.url}/api/diagrams/${fuid}/document`, {
        headers: CLIENT_HEADERS,
        data: { baseVersion: first.version, document: documentWithGold(5) },
      });
      expect(saved.status()).toBe(200);

      const page = await ownerContext.newPage();
      const errors = await openEditor(page, running.app, fuid);
      await expect.poll(() => gold(page)).toBe('5');

      // The colleague restores the owner's first version through the API: it reaches the open editor live.
      const versions = await (
        await colleagueContext.request.get(`${running.app.url}/api/diagrams/${fuid}/versions`, {
          headers: CLIENT_HEADERS,
        })
      ).json();
      const original = versions.content.items.find((v: { version: number }) => v.version === first.version);
      expect(original).toBeTruthy();
      const restored = await colleagueContext.request.post(
        `${running.app.url}/api/diagrams/${fuid}/versions/${original.id}/restore`,
        { headers: CLIENT_HEADERS },
      );
      expect(restored.status()).toBe(200);
      await expect.poll(() => gold(page), { timeout: 15_000 }).toBe('0');

      // An API save by the colleague reaches it the same way, as one change: no banner, no reload.
      const current = await getDiagram(colleagueContext, running.app, fuid);
      const colleagueSave = await colleagueContext.request.put(`${running.app.url}/api/diagrams/${fuid}/document`, {
        headers: CLIENT_HEADERS,
        data: { baseVersion: current.version, document: documentWithGold(8) },
      });
      expect(colleagueSave.status()).toBe(200);
      await expect.poll(() => gold(page), { timeout: 15_000 }).toBe('8');
      await saveScreenshot(page, 'editor-live-api-save');
      await nextFrames(page);
      expect(await page.getByRole('status').filter({ hasText: 'Another editor' }).count()).toBe(0);

      // This tab's own edit is saved and reaches the saved document.
      await page
        .locator('.react-flow__node')
        .filter({ has: page.getByTestId('node-Gold') })
        .click();
      await page.getByRole('tabpanel').getByLabel('Start').fill('4');
      await waitForSaved(page);
      const own = await getDiagram(ownerContext, running.app, fuid);
      expect(own.document.nodes[1].start).toBe(4);
      expect(errors).toEqual([]);
    } finally {
      await ownerContext.close();
      await colleagueContext.close();
    }
  });
});
