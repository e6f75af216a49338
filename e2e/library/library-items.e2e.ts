import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import {
  CLIENT_HEADERS,
  createDesigner,
  createDiagram,
  getDiagram,
  loggedInContext,
  openEditor,
} from '../editor/support.js';
import type { BrowserContext } from 'playwright-core';

const source = {
  version: 1,
  settings: { stepsLimit: 10 },
  variables: [],
  nodes: [
    { id: 'mine', type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
    { id: 'gold', type: 'pool', name: 'Gold', x: 220, y: 0, start: 0 },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'mine', to: 'gold', formula: '2' }],
};
const other = {
  version: 1,
  settings: { stepsLimit: 10 },
  variables: [],
  nodes: [{ id: 'note', type: 'pool', name: 'Stock', x: 0, y: 300, start: 5 }],
  connections: [],
};

/** Billing on (a Stripe key set), so a workspace without a subscription has the Public plan: 20 library items. */
describe.skipIf(!inject('chromiumPath'))(
  'the library panel in Chromium: save, drag into another diagram, the plan limit',
  () => {
    const running = useAppAndBrowser({ STRIPE_SECRET_KEY: 'sk_test_e2e_library' });
    let context: BrowserContext;

    it('saves a selection as a library item and drags it into another diagram', async () => {
      context = await loggedInContext(running.browser, running.app, await createDesigner(running.app));
      const a = await createDiagram(context, running.app, { name: 'Source diagram', document: source });
      const b = await createDiagram(context, running.app, { name: 'Target diagram', document: other });
      const page = await context.newPage();
      const errors = await openEditor(page, running.app, a);
      await page.locator('.react-flow__pane').click({ position: { x: 20, y: 80 } });
      await page.keyboard.press('ControlOrMeta+a');
      await page.getByRole('tab', { name: 'Library' }).click();
      const form = page.getByRole('form', { name: 'Save to library' });
      await form.getByLabel('Item name').fill('Mine and gold');
      await form.getByLabel('Visibility').selectOption('public');
      await form.getByRole('button', { name: 'Save 2 elements to library' }).click();
      const item = page.getByRole('listitem', { name: 'Library item Mine and gold' });
      await item.waitFor({ timeout: 15_000 });
      await item.getByText('3 components').waitFor();
      await page.getByText('1 of 20 library items').waitFor();
      await saveScreenshot(page, 'library-panel-saved');

      await page.goto(`${running.app.url}/diagrams/${b}`);
      await page.getByTestId('editor').waitFor({ timeout: 45_000 });
      expect(await page.locator('.react-flow__node').count()).toBe(1);
      await page.getByRole('tab', { name: 'Library' }).click();
      await page
        .getByRole('listitem', { name: 'Library item Mine and gold' })
        .dragTo(page.locator('.react-flow__pane'), { targetPosition: { x: 300, y: 120 } });
      await expect.poll(() => page.locator('.react-flow__node').count()).toBe(3);
      await page.getByTestId('save-status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
      const saved = await getDiagram(context, running.app, b);
      expect(saved.document.nodes.map((n) => n.name).sort()).toEqual(['Gold', 'Mine', 'Stock']);
      expect(saved.document.connections).toHaveLength(1);
      await saveScreenshot(page, 'library-panel-dropped');
      expect(errors).toEqual([]);
      await page.close();
    });

    it('reorders items and meets the plan limit with the upgrade prompt', async () => {
      for (let i = 2; i <= 20; i++) {
        const r = await context.request.post(`${running.app.url}/api/library`, {
          headers: CLIENT_HEADERS,
          data: {
            name: `Item ${i}`,
            content: { nodes: [{ id: 'p', type: 'pool', name: `P${i}`, x: 0, y: 0 }], connections: [] },
          },
        });
        expect(r.status()).toBe(201);
      }
      const fuid = await createDiagram(context, running.app, { name: 'Limit diagram', document: source });
      const page = await context.newPage();
      await openEditor(page, running.app, fuid);
      await page.getByRole('tab', { name: 'Library' }).click();
      await page.getByText('20 of 20 library items').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Move Item 2 up' }).click();
      await expect
        .poll(async () => (await page.locator('.library-item strong').allTextContents()).slice(0, 2))
        .toEqual(['Item 2', 'Mine and gold']);

      await page.locator('.react-flow__pane').click({ position: { x: 20, y: 80 } });
      await page.keyboard.press('ControlOrMeta+a');
      const form = page.getByRole('form', { name: 'Save to library' });
      await form.getByLabel('Item name').fill('One too many');
      await form.getByRole('button', { name: /^Save 2 elements/ }).click();
      const prompt = page.getByRole('dialog').filter({ hasText: 'Compare plans' });
      await prompt.getByRole('heading', { name: 'Limit reached' }).waitFor({ timeout: 15_000 });
      await prompt.getByText(/includes 20 library items/i).waitFor();
      await saveScreenshot(page, 'library-limit-upgrade');
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await page.getByRole('alert').filter({ hasText: 'Limit reached' }).waitFor();
      await page.close();
      await context.close();
    });
  },
);
