import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { repoPaths } from '../../api/src/core/paths.js';
import { saveScreenshot } from '../support/browser.js';
import {
  CLIENT_HEADERS,
  createDesigner,
  createDiagram,
  getDiagram,
  loggedInContext,
  openEditor,
  useDesignerSession,
  waitForSaved,
} from './support.js';

const document = {
  version: 1,
  settings: { stepsLimit: 10 },
  variables: [],
  nodes: [
    { id: 'tap', type: 'source', name: 'Tap', x: 0, y: 0, activation: 'interactive' },
    { id: 'gold', type: 'pool', name: 'Gold', x: 240, y: 0, start: 0 },
    {
      id: 'tax',
      type: 'register',
      name: 'Tax',
      x: 240,
      y: 160,
      interactive: true,
      initial: 2,
      step: 1,
      min: 0,
      max: 5,
    },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'tap', to: 'gold', formula: '3' }],
};

describe.skipIf(!inject('chromiumPath'))(
  'editor: interactive runs, clipboard, panels, import and export in Chromium',
  () => {
    const running = useDesignerSession();

    const node = (page: Page, name: string): Locator =>
      page.locator('.react-flow__node').filter({ has: page.getByTestId(`node-${name}`) });
    const value = (page: Page, name: string) => node(page, name).getByTestId('node-value').textContent();
    const panel = (page: Page) => page.getByRole('tabpanel');

    it('lists my diagrams and starts one from a template', async () => {
      await createDiagram(running.context, running.app, { name: 'Listed diagram', document });
      const page = await running.context.newPage();
      await page.goto(`${running.app.url}/diagrams`);
      await page.getByRole('link', { name: 'Listed diagram' }).waitFor({ timeout: 45_000 });
      const consent = page.getByRole('button', { name: 'Accept all' });
      if (await consent.isVisible()) await consent.click();
      // Each card shows the server's picture of the diagram.
      const thumbnail = page.getByRole('listitem').filter({ hasText: 'Listed diagram' }).locator('img');
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      await saveScreenshot(page, 'diagrams-list');
      await page.getByRole('tab', { name: 'Templates' }).click();
      await page
        .getByRole('listitem')
        .filter({ hasText: 'Investment loop' })
        .getByRole('button', { name: 'Use template' })
        .click();
      await page.getByTestId('editor').waitFor({ timeout: 45_000 });
      await expect.poll(() => page.locator('.react-flow__node').count()).toBe(4);
      expect(await page.locator('.editor-header__title').textContent()).toBe('Investment loop');
      // Pictures come from the server's renderer of the saved diagram.
      const svg = page.waitForEvent('download');
      await page.getByRole('button', { name: 'File' }).click();
      await page.getByRole('menuitem', { name: 'Export SVG' }).click();
      expect(readFileSync(await (await svg).path(), 'utf8')).toContain('<svg');
      await page.close();
    });

    it('runs interactively: click an interactive source, raise an interactive register, step', async () => {
      const fuid = await createDiagram(running.context, running.app, { name: 'Interactive', document });
      const page = await running.context.newPage();
      const errors = await openEditor(page, running.app, fuid);
      await page.getByRole('button', { name: 'Interactive run' }).click();
      await page.getByRole('button', { name: 'Fire Tap' }).click();
      await page.getByRole('button', { name: 'Next step' }).click();
      await expect.poll(() => value(page, 'Gold')).toBe('3');
      await page.getByRole('button', { name: 'Next step' }).click();
      await expect.poll(() => page.locator('.run-toolbar__step').textContent()).toContain('Step 2');
      expect(await value(page, 'Gold')).toBe('3'); // not clicked again: passive
      await page.getByRole('button', { name: 'Raise Tax' }).click();
      await expect.poll(() => value(page, 'Tax')).toBe('3');
      await saveScreenshot(page, 'editor-interactive-run');
      await page.getByRole('button', { name: 'End interactive run' }).click();
      // The run went to the play history.
      await page.getByRole('tab', { name: 'Plays' }).click();
      await panel(page)
        .getByRole('button', { name: /Interactive run/ })
        .first()
        .waitFor();
      expect(errors).toEqual([]);
      await page.close();
    });

    it('copies, pastes, duplicates, deletes and undoes on the canvas', async () => {
      const fuid = await createDiagram(running.context, running.app, { name: 'Clipboard', document });
      const page = await running.context.newPage();
      await openEditor(page, running.app, fuid);
      const count = () => page.locator('.react-flow__node').count();
      await node(page, 'Tap').click();
      await node(page, 'Gold').click({ modifiers: ['Shift'] });
      await page.keyboard.press('ControlOrMeta+c');
      await page.keyboard.press('ControlOrMeta+v');
      await expect.poll(count).toBe(5);
      // The copy keeps its own connection between the copied elements.
      await expect.poll(() => page.locator('.connection-label').count()).toBe(2);
      await page.keyboard.press('ControlOrMeta+d');
      await expect.poll(count).toBe(7);
      await page.keyboard.press('Delete');
      await expect.poll(count).toBe(5);
      await page.keyboard.press('ControlOrMeta+z');
      await expect.poll(count).toBe(7);
      await page.keyboard.press('ControlOrMeta+z');
      await page.keyboard.press('ControlOrMeta+z');
      await expect.poll(count).toBe(3);
      await waitForSaved(page);
      expect((await getDiagram(running.context, running.app, fuid)).document.nodes).toHaveLength(3);
      await page.close();
    });

    it('keeps versions, restores one, sets tags and details, imports Machinations XML and exports JSON', async () => {
      const fuid = await createDiagram(running.context, running.app, { name: 'Panels', document });
      const page = await running.context.newPage();
      // A diagram without a tour is not an error: no 404 from /api/tours when the editor opens.
      const tourAnswers: number[] = [];
      page.on('response', (r) => r.url().includes('/api/tours') && tourAnswers.push(r.status()));
      await openEditor(page, running.app, fuid);
      await expect.poll(() => tourAnswers).toEqual([200]);

      // Clicking the title renames the diagram.
      await page.getByRole('button', { name: 'Rename Panels' }).click();
      await page.getByLabel('Diagram name', { exact: true }).fill('Panels titled');
      await page.getByLabel('Diagram name', { exact: true }).press('Enter');
      await expect.poll(() => page.locator('.editor-header__title').textContent()).toBe('Panels titled');
      await expect.poll(async () => (await getDiagram(running.context, running.app, fuid)).name).toBe('Panels titled');

      // The shortcuts list its articles right: "an end condition".
      await page.getByRole('button', { name: 'Keyboard shortcuts', exact: true }).click();
      await page.getByText('Add an end condition at the centre').waitFor();
      expect(await page.getByText('Add a end condition').count()).toBe(0);
      await page.keyboard.press('Escape');
      // A second version: Gold starts at 4.
      await node(page, 'Gold').click();
      await panel(page).getByLabel('Start').fill('4');
      await waitForSaved(page);

      await page.getByRole('tab', { name: 'Details' }).click();
      await panel(page).getByLabel('Description').fill('An interactive tap');
      await panel(page).getByLabel('Name', { exact: true }).fill('Panels renamed');
      await panel(page).getByLabel('Name', { exact: true }).press('Enter');
      await expect.poll(() => page.locator('.editor-header__title').textContent()).toBe('Panels renamed');
      await expect.poll(() => panel(page).locator('.details-list').textContent()).toContain('Components');
      await saveScreenshot(page, 'editor-details');

      await page.getByRole('tab', { name: 'Tags' }).click();
      await panel(page).getByLabel('New tag').fill('economy');
      await panel(page).getByRole('button', { name: 'Add' }).click();
      await expect.poll(() => panel(page).getByRole('checkbox', { name: 'economy' }).isChecked()).toBe(true);
      await waitForSaved(page); // our edits are stored before the other editor's save, never after it

      // Someone else (an editor it is shared with) saves Gold = 9: a version of theirs.
      const other = await createDesigner(running.app);
      const share = await running.context.request.post(`${running.app.url}/api/diagrams/${fuid}/shares`, {
        headers: CLIENT_HEADERS,
        data: { email: other.email, role: 'editor' },
      });
      expect(share.status()).toBe(201);
      const theirs = await loggedInContext(running.browser, running.app, other);
      const current = await getDiagram(theirs, running.app, fuid);
      const doc = {
        ...current.document,
        nodes: current.document.nodes.map((n) => (n.id === 'gold' ? { ...n, start: 9 } : n)),
      };
      expect(
        (
          await theirs.request.put(`${running.app.url}/api/diagrams/${fuid}/document`, {
            headers: CLIENT_HEADERS,
            data: { baseVersion: current.version, document: doc },
          })
        ).status(),
      ).toBe(200);
      await theirs.close();

      await page.getByRole('tab', { name: 'Versions' }).click();
      const restore = panel(page).getByRole('button', { name: 'Restore' }).first();
      await restore.waitFor();
      await panel(page).getByRole('button', { name: 'View' }).first().click();
      const preview = page.getByRole('dialog', { name: /^Version \d+$/ });
      expect(await preview.textContent()).toContain('start 9');
      // The version's formulas: the connection's rate.
      expect(await preview.getByRole('list', { name: 'Connections' }).textContent()).toContain('Tap → Gold: 3');
      await saveScreenshot(page, 'editor-version-view');
      await preview.getByRole('button', { name: 'Close' }).click();
      await saveScreenshot(page, 'editor-versions');
      // Restoring asks first; Cancel keeps the diagram as it is.
      await restore.click();
      await panel(page).getByRole('button', { name: 'Cancel' }).click();
      expect(
        (await getDiagram(running.context, running.app, fuid)).document.nodes.find((n) => n.id === 'gold')?.start,
      ).toBe(9);
      await panel(page).getByRole('button', { name: 'Restore' }).first().click();
      await saveScreenshot(page, 'editor-restore-confirm');
      await panel(page).getByRole('button', { name: 'Yes, restore' }).click();
      await expect.poll(() => value(page, 'Gold')).toBe('4');
      await expect
        .poll(
          async () =>
            (await getDiagram(running.context, running.app, fuid)).document.nodes.find((n) => n.id === 'gold')?.start,
        )
        .toBe(4);

      // Import Machinations XML into the diagram (undoable), then export our JSON.
      const xml = readFileSync(
        path.join(repoPaths.root, 'packages/engine/src/__fixtures__/ex08-invest.machinations.xml'),
        'utf8',
      );
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'File' }).click();
      await page.getByRole('menuitem', { name: 'Import JSON or Machinations XML…' }).click();
      await (await chooser).setFiles({ name: 'ex08.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
      const report = page.getByRole('dialog', { name: 'Import ex08.xml' });
      await report.waitFor();
      expect(await report.textContent()).toContain('4 elements, 4 connections');
      await report.getByRole('button', { name: 'Import' }).click();
      await expect.poll(() => page.locator('.react-flow__node').count()).toBe(4);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'File' }).click();
      await page.getByRole('menuitem', { name: 'Export JSON' }).click();
      const file = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
      expect(file.format).toBe('loopwright');
      expect(file.document.nodes).toHaveLength(4);
      await page.close();
    });
  },
);
