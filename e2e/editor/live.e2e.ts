import { RealtimeEvents } from '@loopwright/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { nextFrames, saveScreenshot } from '../support/browser.js';
import { LiveFrames } from '../support/live-frames.js';
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

describe.skipIf(!inject('chromiumPath'))('editor: live notices in Chromium', () => {
  const running = useAppAndBrowser();

  const gold = (page: Page) =>
    page
      .locator('.react-flow__node')
      .filter({ has: page.getByTestId('node-Gold') })
      .getByTestId('node-value')
      .textContent();

  it('tells an open editor that another editor restored or saved a version, reloads it on request, and keeps quiet about its own saves', async () => {
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
      const live = new LiveFrames(page);
      await openEditor(page, running.app, fuid);
      await expect.poll(() => gold(page)).toBe('5');

      // The colleague restores the owner's first version through the API.
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

      const banner = page.getByRole('status').filter({ hasText: 'Another editor restored version' });
      await banner.waitFor({ timeout: 15_000 });
      await saveScreenshot(page, 'editor-revert-notice');
      expect(await gold(page)).toBe('5'); // nothing changes until the designer chooses
      await banner.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => gold(page)).toBe('0');
      await banner.waitFor({ state: 'detached' });

      // An ordinary save by the colleague is announced the same way.
      const current = await getDiagram(colleagueContext, running.app, fuid);
      const colleagueSave = await colleagueContext.request.put(`${running.app.url}/api/diagrams/${fuid}/document`, {
        headers: CLIENT_HEADERS,
        data: { baseVersion: current.version, document: documentWithGold(8) },
      });
      expect(colleagueSave.status()).toBe(200);
      const savedBanner = page
        .getByRole('status')
        .filter({ hasText: `Another editor saved version ${current.version + 1}.` });
      await savedBanner.waitFor({ timeout: 15_000 });
      expect(await gold(page)).toBe('0');
      await savedBanner.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(() => gold(page)).toBe('8');
      await savedBanner.waitFor({ state: 'detached' });

      // This tab's own save is not announced to itself.
      await page
        .locator('.react-flow__node')
        .filter({ has: page.getByTestId('node-Gold') })
        .click();
      await page.getByRole('tabpanel').getByLabel('Start').fill('4');
      await waitForSaved(page);
      const own = await getDiagram(ownerContext, running.app, fuid);
      expect(own.document.nodes[1].start).toBe(4);
      // The server pushed that save to this tab too; the tab knows it as its own and shows nothing.
      await expect
        .poll(() => live.events(RealtimeEvents.saved).some((e) => (e as { version: number }).version === own.version))
        .toBe(true);
      await nextFrames(page);
      expect(await page.locator('.live-banner').count()).toBe(0);
    } finally {
      await ownerContext.close();
      await colleagueContext.close();
    }
  });
});
