import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import {
  createDesigner,
  createDiagram,
  getDiagram,
  loggedInContext,
  openEditor,
  waitForSaved,
  type Designer,
} from './support.js';
import { centreOf, emptySpot, Fingers, viewport } from './touch.js';

const diagramDocument = {
  version: 1,
  settings: { stepsLimit: 10 },
  variables: [],
  nodes: [
    { id: 'tap', type: 'source', name: 'Tap', x: 0, y: 0, activation: 'automatic' },
    { id: 'gold', type: 'pool', name: 'Gold', x: 200, y: 0, start: 0, showInChart: true },
    { id: 'bank', type: 'pool', name: 'Bank', x: 200, y: 200, start: 5, showInChart: true },
  ],
  connections: [
    { id: 'c1', kind: 'resource', from: 'tap', to: 'gold', formula: '3' },
    { id: 'c2', kind: 'resource', from: 'bank', to: 'gold', formula: '1' },
  ],
};

describe.skipIf(!inject('chromiumPath'))('editor on touch screens: a phone views and runs, a tablet edits', () => {
  const running = useAppAndBrowser();
  let designer: Designer;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    designer = await createDesigner(running.app);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  const node = (page: Page, name: string): Locator =>
    page.locator('.react-flow__node').filter({ has: page.getByTestId(`node-${name}`) });
  /** Where an element sits in the diagram (React Flow's node transform). */
  const position = (page: Page, name: string) => node(page, name).evaluate((el) => (el as HTMLElement).style.transform);

  it('on a 390×844 phone opens view-only: touch pan and pinch zoom, runs and the chart, panels as a bottom sheet', async () => {
    const context = await loggedInContext(
      running.browser,
      running.app,
      designer,
      { width: 390, height: 844 },
      { hasTouch: true, isMobile: true },
    );
    contexts.push(context);
    const fuid = await createDiagram(context, running.app, { name: 'On a phone', document: diagramDocument });
    const page = await context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(3);
    const fingers = await Fingers.on(page);

    // View-only first: no palette, elements not draggable, Edit switched off.
    expect(await page.getByRole('button', { name: 'Edit' }).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Elements' }).count()).toBe(0);
    expect(await node(page, 'Gold').getAttribute('class')).not.toContain('draggable');
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'editor-phone-view');

    // One finger pans, also when it starts on an element (which stays where it is).
    const before = await viewport(page);
    await fingers.drag(await emptySpot(page), -60, 50);
    await expect.poll(async () => (await viewport(page)).x).toBeLessThan(before.x - 30);
    expect((await viewport(page)).y).toBeGreaterThan(before.y + 25);
    const gold = await position(page, 'Gold');
    const panned = await viewport(page);
    await fingers.drag(await centreOf(node(page, 'Gold')), 40, 0);
    await expect.poll(async () => (await viewport(page)).x).toBeGreaterThan(panned.x + 20);
    expect(await position(page, 'Gold')).toBe(gold);
    // Two fingers apart zoom in.
    const zoom = (await viewport(page)).zoom;
    await fingers.pinch(await emptySpot(page), 80, 220);
    await expect.poll(async () => (await viewport(page)).zoom).toBeGreaterThan(zoom * 1.3);

    // The run controls and the chart work by tapping.
    await page.getByRole('button', { name: '▶ Quick run' }).tap();
    await page.getByRole('button', { name: 'To end' }).tap();
    await expect.poll(() => page.locator('.run-toolbar__step').textContent()).toBe('Step 10 / 10');
    const chart = page.locator('[data-testid="chart-canvas"] canvas').first();
    await chart.waitFor();
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThan(80);
    await saveScreenshot(page, 'editor-phone-run');

    // Panels: a bottom sheet, opened by a tab, closed again.
    await page.getByRole('button', { name: 'Fit the diagram' }).tap();
    await node(page, 'Bank').tap();
    await page.getByRole('tab', { name: 'Properties' }).tap();
    const sheet = page.getByRole('complementary', { name: 'Panels' });
    await expect.poll(async () => (await sheet.boundingBox())!.height).toBeGreaterThan(300);
    const sheetBox = (await sheet.boundingBox())!;
    expect(Math.round(sheetBox.y + sheetBox.height)).toBe(844);
    expect(sheetBox.width).toBe(390);
    expect(await page.getByRole('tabpanel').getByLabel('Name', { exact: true }).inputValue()).toBe('Bank');
    await saveScreenshot(page, 'editor-phone-sheet');
    await page.getByRole('button', { name: 'Close the panel' }).tap();
    await expect.poll(async () => (await sheet.boundingBox())!.height).toBeLessThan(80);

    // Edit: the palette comes and elements can be dragged.
    await page.getByRole('button', { name: 'Edit' }).tap();
    await page.getByRole('navigation', { name: 'Elements' }).waitFor();
    expect(await node(page, 'Gold').getAttribute('class')).toContain('draggable');
    await saveScreenshot(page, 'editor-phone-edit');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a tablet edits by touch: drag an element, long press for the context menu', async () => {
    const context = await loggedInContext(
      running.browser,
      running.app,
      designer,
      { width: 1024, height: 768 },
      { hasTouch: true },
    );
    contexts.push(context);
    const fuid = await createDiagram(context, running.app, { name: 'On a tablet', document: diagramDocument });
    const page = await context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(3);
    const fingers = await Fingers.on(page);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Elements' }).waitFor();

    // A finger drags an element; the move is saved.
    const gold = await position(page, 'Gold');
    await fingers.drag(await centreOf(node(page, 'Gold')), 80, 60);
    await expect.poll(() => position(page, 'Gold')).not.toBe(gold);
    await waitForSaved(page);
    const moved = (await getDiagram(context, running.app, fuid)).document.nodes.find((n) => n.id === 'gold')!;
    expect(Number(moved.x)).toBeGreaterThan(200);

    // A long press on an element opens its menu: Duplicate, then Delete the copy.
    const menu = page.getByRole('menu', { name: 'Canvas actions' });
    await fingers.longPress(await centreOf(node(page, 'Tap')), menu);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Duplicate', 'Delete']);
    await saveScreenshot(page, 'editor-tablet-menu');
    await menu.getByRole('menuitem', { name: 'Duplicate' }).tap();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(4);
    await expect.poll(() => menu.count()).toBe(0);
    // The copy is selected: a long press on it, Delete.
    const copy = page.locator('.react-flow__node.selected');
    const deleteItem = menu.getByRole('menuitem', { name: 'Delete' });
    await fingers.longPress(await centreOf(copy), deleteItem);
    await deleteItem.tap();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(3);
    await expect.poll(() => menu.count()).toBe(0);

    // On the empty canvas: add a pool where the finger rested.
    const addPool = menu.getByRole('menuitem', { name: 'Add a pool here' });
    await fingers.longPress(await emptySpot(page), addPool);
    await addPool.tap();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(4);
    await saveScreenshot(page, 'editor-tablet');
    expect(errors).toEqual([]);
    await page.close();
  });
});
