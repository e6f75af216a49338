import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { nextFrames, saveScreenshot } from '../support/browser.js';
import { createDiagram, getDiagram, openEditor, useDesignerSession, waitForSaved } from './support.js';

// 600 pools on a grid, each but the first row fed from the one above: too big to open at half size.
const COLUMNS = 30;
const diagramDocument = {
  version: 1,
  settings: { stepsLimit: 10 },
  variables: [],
  nodes: Array.from({ length: 600 }, (_, i) => ({
    id: `p${i + 1}`,
    type: 'pool',
    name: `P${i + 1}`,
    x: (i % COLUMNS) * 120,
    y: Math.floor(i / COLUMNS) * 120,
    start: 1,
  })),
  connections: Array.from({ length: 570 }, (_, i) => ({
    id: `c${i + 1}`,
    kind: 'resource',
    from: `p${i + 1}`,
    to: `p${i + 1 + COLUMNS}`,
    formula: '1',
  })),
};

/** Where a document position is on screen, from React Flow's viewport transform. */
function onScreen(page: Page, x: number, y: number) {
  return page.evaluate(
    ([px, py]) => {
      const pane = document.querySelector('.react-flow__pane')!.getBoundingClientRect();
      const m = /translate\(([-\d.]+)px, ?([-\d.]+)px\) scale\(([\d.]+)\)/.exec(
        document.querySelector<HTMLElement>('.react-flow__viewport')!.style.transform,
      )!;
      const [tx, ty, zoom] = m.slice(1).map(Number);
      return { x: pane.left + tx + px * zoom, y: pane.top + ty + py * zoom, zoom };
    },
    [x, y],
  );
}

describe.skipIf(!inject('chromiumPath'))('the editor far out: the overview of a big diagram', () => {
  const running = useDesignerSession();

  it('opens a big diagram whole, selects and drags elements on the overview, and shows element views when zoomed in', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Six hundred', document: diagramDocument });
    const page = await running.context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    const onServer = async (id: string) =>
      (await getDiagram(running.context, running.app, fuid)).document.nodes.find((n) => n.id === id)!;

    // The whole diagram as one drawing: no element view mounted.
    const overview = page.locator('.overview-layer__base');
    await expect.poll(() => overview.getAttribute('data-elements')).toBe('600');
    expect(await overview.getAttribute('data-connections')).toBe('570');
    expect(await page.locator('.react-flow__node').count()).toBe(0);
    await saveScreenshot(page, 'editor-overview-600');

    // A click on P31 (second row, first column) selects it: the properties panel shows it.
    const p31 = await onScreen(page, 24, 120 + 24);
    expect(p31.zoom).toBeLessThan(0.35);
    await page.mouse.click(p31.x, p31.y);
    await expect.poll(() => page.getByRole('tabpanel').getByLabel('Name', { exact: true }).inputValue()).toBe('P31');

    // Dragging it moves it in the document (by the distance on screen divided by the zoom, on the grid).
    await page.mouse.move(p31.x, p31.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(p31.x + i * 8, p31.y + i * 4);
    await page.mouse.up();
    await waitForSaved(page);
    // The server stores the drop a moment after the tab says so, at the latest.
    await expect.poll(async () => Math.abs(Number((await onServer('p31')).x) - 80 / p31.zoom)).toBeLessThanOrEqual(16);
    const moved = await onServer('p31');
    expect(Math.abs(Number(moved.y) - (120 + 40 / p31.zoom))).toBeLessThanOrEqual(16);

    // The diagram in a co-editor's browser (its own storage), far out too: a click on P61 picks it there.
    const coEditor = await running.context
      .browser()!
      .newContext({ storageState: await running.context.storageState() });
    const other = await coEditor.newPage();
    const otherErrors = await openEditor(other, running.app, fuid);
    await expect.poll(() => other.locator('.overview-layer__base').getAttribute('data-elements')).toBe('600');
    const p61There = await onScreen(other, 24, 240 + 24);
    const pickedThere = async () => {
      await other.mouse.click(p61There.x, p61There.y);
      const name = other.getByRole('tabpanel').getByLabel('Name', { exact: true });
      return name.inputValue({ timeout: 500 }).catch(() => '');
    };
    expect(await pickedThere()).toBe('P61');

    // A drag under way sends nothing: P3 dropped, then P61 held on the move for 2.5 s (past the
    // 1.2 s autosave delay of a save by PUT); no whole document is sent while it moves. The editor is
    // live (co-editing): each drop reaches the server as a small update of the live document, whose
    // JSON document the server then saves — both moves are in it.
    const saves: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith(`/diagrams/${fuid}/document`)) saves.push(Date.now());
    });
    const p3 = await onScreen(page, 240 + 24, 24);
    await page.mouse.move(p3.x, p3.y);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(p3.x + i * 6, p3.y + i * 6);
    await page.mouse.up();
    const p61 = await onScreen(page, 24, 240 + 24);
    await page.mouse.move(p61.x, p61.y);
    await page.mouse.down();
    const held = Date.now();
    while (Date.now() - held < 2500) {
      const t = (Date.now() - held) / 2500;
      await page.mouse.move(p61.x + 40 * t, p61.y + 20 * t);
      await nextFrames(page);
    }
    expect(saves).toEqual([]);
    await page.mouse.up();
    await waitForSaved(page);
    expect(saves).toEqual([]);
    await expect.poll(async () => Number((await onServer('p61')).x)).toBeGreaterThan(0);
    expect(Number((await onServer('p3')).y)).toBeGreaterThan(0);

    // The co-editor's browser has the move: nothing is left where P61 was.
    await expect.poll(pickedThere).toBe('');
    expect(otherErrors).toEqual([]);
    await coEditor.close();

    // Undo puts P61 back where it was.
    await page.getByRole('button', { name: 'Undo' }).click();
    await waitForSaved(page);
    await expect.poll(async () => (await onServer('p61')).x).toBe(0);

    // A press on empty canvas still pans the view.
    const before = await onScreen(page, 0, 0);
    const empty = await onScreen(page, -200, -200);
    await page.mouse.move(empty.x, empty.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await page.mouse.move(empty.x + i * 10, empty.y);
      await nextFrames(page);
    }
    await page.mouse.up();
    await expect.poll(async () => (await onScreen(page, 0, 0)).x - before.x).toBeGreaterThan(50);

    // A click on empty canvas clears the selection (here one made by a click alone, which leaves the
    // document as it was): the properties panel shows its hint again.
    const p2 = await onScreen(page, 120 + 24, 24);
    await page.mouse.click(p2.x, p2.y);
    await expect.poll(() => page.getByRole('tabpanel').getByLabel('Name', { exact: true }).inputValue()).toBe('P2');
    await page.mouse.click(empty.x, empty.y);
    await expect.poll(() => page.getByRole('tabpanel').getByText('Select an element or a connection').count()).toBe(1);

    // Zooming in past the overview brings the element views back (with their names).
    const zoomIn = page.getByRole('button', { name: 'Zoom In' });
    for (let i = 0; i < 6 && (await onScreen(page, 0, 0)).zoom < 0.5; i++) await zoomIn.click();
    await page.locator('.react-flow__node').first().waitFor();
    expect(await overview.count()).toBe(0);
    await saveScreenshot(page, 'editor-overview-zoomed-in');
    expect(errors).toEqual([]);
    await page.close();
  });
});
