import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import {
  chartValue,
  createDesigner,
  createDiagram,
  getDiagram,
  loggedInContext,
  openEditor,
  waitForSaved,
  type Designer,
} from './support.js';

const GOLD = [1, 2, 3, 4, 5, 1, 3, 5, 2, 5, 3, 7, 6, 6, 7, 9];
const UPGRADES = [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7];

describe.skipIf(!inject('chromiumPath'))('editor: ENGINE.md example 8 in Chromium', () => {
  const running = useAppAndBrowser();
  let designer: Designer;
  let context: BrowserContext;

  beforeAll(async () => {
    designer = await createDesigner(running.app);
    context = await loggedInContext(running.browser, running.app, designer);
  });
  afterAll(async () => {
    await context?.close();
  });

  const node = (page: Page, name: string): Locator =>
    page.locator('.react-flow__node').filter({ has: page.getByTestId(`node-${name}`) });
  const panel = (page: Page) => page.getByRole('tabpanel');

  async function rename(page: Page, name: string) {
    const field = panel(page).getByLabel('Name', { exact: true });
    await field.fill(name);
  }

  /** Drags from the element's connector onto a point. */
  async function dragConnection(page: Page, from: string, to: { x: number; y: number }) {
    const source = node(page, from);
    await source.hover();
    const handle = await source.locator('.element-node__source').boundingBox();
    await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x - 20, to.y - 10, { steps: 6 });
    await page.mouse.move(to.x, to.y, { steps: 6 });
    await page.mouse.up();
  }

  async function centre(locator: Locator) {
    const box = (await locator.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  async function runAndCheck(page: Page) {
    await page.getByRole('button', { name: '▶ Quick run' }).click();
    await page.getByRole('button', { name: 'To end' }).click();
    await expect.poll(() => page.locator('.chart-panel__caption').textContent()).toContain('Step 16');
    await page.getByRole('button', { name: 'Show values' }).click();
    expect(await chartValue(page, 'Gold', 6)).toBe('1');
    expect(await chartValue(page, 'Gold', 16)).toBe('9');
    for (let t = 1; t <= 16; t++) {
      expect(await chartValue(page, 'Gold', t)).toBe(String(GOLD[t - 1]));
      expect(await chartValue(page, 'Upgrades', t)).toBe(String(UPGRADES[t - 1]));
    }
    await page.getByRole('button', { name: 'Show chart' }).click();
    // The canvas shows the end-of-run counts.
    expect(await node(page, 'Gold').getByTestId('node-value').textContent()).toBe('9');
  }

  async function setStepsLimit(page: Page) {
    await page.getByRole('tab', { name: 'Page setup' }).click();
    await panel(page).getByLabel('Steps limit').fill('16');
    await page.getByRole('tab', { name: 'Properties' }).click();
  }

  it('builds example 8 from the palette by mouse, runs it and reads Gold at steps 6 and 16 from the chart', async () => {
    const fuid = await createDiagram(context, running.app, { name: 'Example 8 by mouse' });
    const page = await context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    const canvas = (await page.locator('.react-flow__pane').boundingBox())!;
    const y = canvas.y + canvas.height / 2 - 40;
    const place = async (type: string, x: number, name?: string, dy = 0) => {
      await page.getByRole('navigation', { name: 'Elements' }).getByRole('button', { name: type, exact: true }).click();
      await page.mouse.click(canvas.x + x, y + dy);
      if (name) await rename(page, name);
    };
    await place('Source', 120);
    await place('Pool', 300, 'Gold');
    await place('Converter', 480, 'Invest');
    await panel(page).getByLabel('Pull/push mode').selectOption('pull-all');
    // A converter without input and output is disabled, with the engine's reason on the canvas.
    await expect
      .poll(() => node(page, 'Invest').locator('[role="img"]').getAttribute('aria-label'))
      .toMatch(/^Disabled: /);
    await place('Pool', 640, 'Upgrades', 120);

    await dragConnection(page, 'Source 1', await centre(node(page, 'Gold')));
    await dragConnection(page, 'Gold', await centre(node(page, 'Invest')));
    await panel(page).getByLabel('Formula (rate)').fill('5');
    await dragConnection(page, 'Invest', await centre(node(page, 'Upgrades')));
    // A state connection dropped on the Source → Gold label modifies it.
    await page.getByRole('radio', { name: 'State' }).click();
    const income = page.locator('.connection-label').first();
    await dragConnection(page, 'Upgrades', await centre(income));
    expect(await panel(page).getByRole('heading').first().textContent()).toBe('State connection');
    expect(await panel(page).getByLabel('Formula (role)').inputValue()).toBe('+1');
    await setStepsLimit(page);

    // Formula fields are validated by the engine as you type, with the position.
    await income.click();
    const formula = panel(page).getByLabel('Formula (rate)');
    await formula.fill('1+*');
    await expect.poll(() => panel(page).locator('.formula-error').textContent()).toMatch(/Position 3/);
    expect(await formula.getAttribute('aria-invalid')).toBe('true');
    await formula.fill('1');
    await expect.poll(() => panel(page).locator('.formula-error').count()).toBe(0);

    await runAndCheck(page);
    await saveScreenshot(page, 'editor-example8-mouse');
    await waitForSaved(page);
    const saved = await getDiagram(context, running.app, fuid);
    expect(saved.document.nodes.map((n) => n.name)).toEqual(['Source 1', 'Gold', 'Invest', 'Upgrades']);
    expect(saved.document.connections.map((c) => `${String(c.kind)}:${String(c.formula)}`)).toEqual([
      'resource:1',
      'resource:5',
      'resource:1',
      'state:+1',
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('builds example 8 by keyboard alone and gets the same chart', async () => {
    const fuid = await createDiagram(context, running.app, { name: 'Example 8 by keyboard' });
    const page = await context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    const add = async (key: string, fresh: string, name?: string) => {
      await page.keyboard.press('Escape');
      await page.keyboard.press(key);
      // The properties panel shows the new element before we type into it.
      await expect.poll(() => panel(page).getByLabel('Name', { exact: true }).inputValue()).toBe(fresh);
      if (name) {
        // Plain keys only: a held modifier would turn the next Enter on a node into a multi-selection.
        await panel(page).getByLabel('Name', { exact: true }).focus();
        await page.keyboard.press('End');
        for (let i = 0; i < fresh.length; i++) await page.keyboard.press('Backspace');
        await page.keyboard.type(name);
      }
    };
    const connect = async (kind: 'resource' | 'state', to: string, formula: string) => {
      const form = panel(page).getByRole('group', { name: 'Add a connection' });
      await form.getByLabel('Kind').selectOption(kind);
      // The target list is searchable: type the name, Enter picks the first match (an exact name comes first).
      await form.getByRole('combobox', { name: 'To' }).focus();
      await page.keyboard.type(to);
      await expect
        .poll(() => form.getByRole('listbox', { name: 'Targets' }).getByRole('option').first().textContent())
        .toBe(to);
      if (kind === 'state') await saveScreenshot(page, 'editor-connection-target-search');
      await page.keyboard.press('Enter');
      await expect.poll(() => form.getByRole('combobox', { name: 'To' }).inputValue()).toBe(to);
      await form.getByLabel('Formula').focus();
      await page.keyboard.type(formula);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
    };
    const select = async (name: string) => {
      // Keyboard: focus the node on the canvas and press Enter to select it.
      await node(page, name).focus();
      await page.keyboard.press('Enter');
      // The panel shows the selected element before we type into its connection form: typed keys
      // sent while it is being replaced would reach the canvas as shortcuts.
      await expect.poll(() => panel(page).getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    };
    await add('s', 'Source 1');
    await add('p', 'Pool 1', 'Gold');
    await add('c', 'Converter 1', 'Invest');
    await panel(page).getByLabel('Pull/push mode').focus();
    await panel(page).getByLabel('Pull/push mode').selectOption('pull-all');
    await add('p', 'Pool 1', 'Upgrades');
    await select('Source 1');
    await connect('resource', 'Gold', '1');
    await select('Gold');
    await connect('resource', 'Invest', '5');
    await select('Invest');
    await connect('resource', 'Upgrades', '1');
    await select('Upgrades');
    await connect('state', 'Label of Source 1 → Gold (1)', '+1');
    await setStepsLimit(page);
    await runAndCheck(page);
    await saveScreenshot(page, 'editor-example8-keyboard');
    await waitForSaved(page);

    // The outline lists the same elements and connections, editable and in step with the canvas.
    await page.keyboard.press('Escape');
    await page.keyboard.press('o');
    const outline = page.getByRole('region', { name: 'Outline' });
    await outline.waitFor();
    expect(await outline.getByRole('table', { name: 'Elements' }).locator('tbody tr').count()).toBe(4);
    expect(await outline.getByRole('table', { name: 'Connections' }).locator('tbody tr').count()).toBe(4);
    await outline.getByLabel('Name of Upgrades').focus();
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Name of Invest');
    expect(await panel(page).getByLabel('Name', { exact: true }).inputValue()).toBe('Invest');
    await saveScreenshot(page, 'editor-outline');
    await outline.getByLabel('Start of Gold').fill('3');
    await page.getByRole('button', { name: 'Outline' }).click();
    expect(await node(page, 'Gold').getByTestId('node-value').textContent()).toBe('3');

    // Undo puts Gold back to 0, redo to 3.
    await page.getByRole('button', { name: 'Outline' }).focus();
    await page.keyboard.press('ControlOrMeta+z');
    expect(await node(page, 'Gold').getByTestId('node-value').textContent()).toBe('0');
    await page.keyboard.press('ControlOrMeta+Shift+z');
    expect(await node(page, 'Gold').getByTestId('node-value').textContent()).toBe('3');

    // The shortcuts dialog lists them all.
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.locator('kbd').count()).toBeGreaterThan(25);
    await saveScreenshot(page, 'editor-shortcuts');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
