import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { createDiagram, openEditor, useDesignerSession } from './support.js';

// 5,000 elements: the most a diagram may hold (elements plus connections).
const diagramDocument = {
  version: 1,
  settings: { stepsLimit: 10 },
  variables: [],
  connections: [],
  nodes: Array.from({ length: 5000 }, (_, i) => ({
    id: `p${i + 1}`,
    type: 'pool',
    name: `P${i + 1}`,
    x: (i % 80) * 100,
    y: Math.floor(i / 80) * 100,
    start: i % 7,
  })),
};

describe.skipIf(!inject('chromiumPath'))('editor outline with 5,000 elements in Chromium', () => {
  const running = useDesignerSession();

  it('lists every element to assistive technology, draws only the rows in view, and moves by keyboard to any row', async () => {
    const fuid = await createDiagram(running.context, running.app, {
      name: 'Five thousand',
      document: diagramDocument,
    });
    const page = await running.context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    await page.getByRole('button', { name: 'Outline' }).click();
    const outline = page.getByRole('region', { name: 'Outline' });
    const table = outline.getByRole('table', { name: 'Elements' });
    await table.waitFor();
    expect(await table.getAttribute('aria-rowcount')).toBe('5001');
    expect(await table.locator('caption').textContent()).toBe('Elements (5000)');
    expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(120);

    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await outline.getByLabel('Name of P1', { exact: true }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Name of P4');
    await page.keyboard.press('Control+End');
    await expect.poll(focused).toBe('Name of P5000');
    // The row is in view, and where the table says it is.
    const row = outline.locator('tr', { has: page.getByLabel('Name of P5000', { exact: true }) });
    expect(await row.getAttribute('aria-rowindex')).toBe('5001');
    const [rowBox, outlineBox] = [(await row.boundingBox())!, (await outline.boundingBox())!];
    expect(rowBox.y).toBeGreaterThanOrEqual(outlineBox.y);
    expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(outlineBox.y + outlineBox.height + 1);
    await page.keyboard.press('PageUp');
    await expect.poll(focused).toBe('Name of P4990');
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Name of P4988');
    // Editing there reaches the element (its row keeps the new name when scrolled away and back).
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Vault');
    await page.keyboard.press('Control+Home');
    await expect.poll(focused).toBe('Name of P1');
    await page.keyboard.press('Control+End');
    await expect.poll(focused).toBe('Name of P5000');
    expect(await outline.getByLabel('Name of Vault', { exact: true }).count()).toBe(1);
    expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(120);
    await saveScreenshot(page, 'editor-outline-5000');
    expect(errors).toEqual([]);
    await page.close();
  });
});
