import type { Locator, Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { chartValue, createDiagram, getDiagram, openEditor, useDesignerSession, waitForSaved } from './support.js';

const settings = { stepsLimit: 30 };
const diceDocument = {
  version: 1,
  settings,
  variables: [],
  nodes: [
    { id: 'roll', type: 'source', name: 'Roll', x: 0, y: 0, activation: 'automatic' },
    { id: 'coins', type: 'pool', name: 'Coins', x: 240, y: 0, start: 0 },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'roll', to: 'coins', formula: 'D6' }],
};

describe.skipIf(!inject('chromiumPath'))('editor: multiple runs and saving in Chromium', () => {
  const running = useDesignerSession();

  const node = (page: Page, name: string): Locator =>
    page.locator('.react-flow__node').filter({ has: page.getByTestId(`node-${name}`) });
  const caption = (page: Page) => page.locator('.chart-panel__caption').textContent();

  async function setStart(page: Page, value: string) {
    await node(page, 'Coins').click();
    await page.getByRole('tabpanel').getByLabel('Start').fill(value);
  }

  it('runs 200 multiple runs of a D6 source on the worker pool and charts the mean with min–max and percentile bands', async () => {
    const withChart = {
      ...diceDocument,
      nodes: [...diceDocument.nodes, { id: 'chart', type: 'chart', name: 'Dice chart', x: 480, y: -40 }],
    };
    const fuid = await createDiagram(running.context, running.app, { name: 'Dice income', document: withChart });
    const page = await running.context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    await page.getByLabel('Runs', { exact: true }).fill('200');
    await page.getByRole('button', { name: 'Multiple runs' }).click();
    await expect.poll(() => caption(page), { timeout: 20_000 }).toContain('200 of 200 runs');
    // The chart draws bands: uPlot's canvas is there and the values hold the band edges.
    expect(await page.getByTestId('chart-canvas').locator('canvas').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'editor-chart-bands');
    await page.getByRole('button', { name: 'Show values' }).click();
    const at30 = async (stat: string) => Number(await chartValue(page, `Coins ${stat}`, 30));
    const [mean, min, max, p5, p25, median, p75, p95] = await Promise.all(
      ['mean', 'min', 'max', 'p5', 'p25', 'median', 'p75', 'p95'].map(at30),
    );
    expect(Math.abs(mean - 105)).toBeLessThan(4); // 30 × 3.5, sd of the mean ≈ 0.66
    expect(min).toBeGreaterThanOrEqual(30);
    expect(max).toBeLessThanOrEqual(180);
    expect(min).toBeLessThan(p5);
    expect(p5).toBeLessThan(p25);
    expect(p25).toBeLessThanOrEqual(median);
    expect(median).toBeLessThanOrEqual(p75);
    expect(p75).toBeLessThan(p95);
    expect(p95).toBeLessThan(max);
    expect(Number(await chartValue(page, 'Coins mean', 1))).toBeCloseTo(3.5, 0);
    // The chart element on the canvas draws the same means, rising step by step.
    const line = page.getByTestId('node-Dice chart').locator('polyline');
    const points = ((await line.getAttribute('points')) ?? '').split(' ').map((p) => p.split(',').map(Number));
    expect(points).toHaveLength(30);
    expect(points[29][1]).toBeLessThan(points[0][1]); // SVG y grows downwards
    expect(await page.getByTestId('node-Dice chart').getByText('Coins').isVisible()).toBe(true);

    // The run is in the play history and opens again.
    await page.getByRole('tab', { name: 'Plays' }).click();
    const play = page
      .getByRole('tabpanel')
      .getByRole('button', { name: /Multiple runs/ })
      .first();
    await play.waitFor();
    expect(await play.textContent()).toContain('200/200 runs');
    await page.getByRole('button', { name: 'Show chart' }).click();
    await page.getByRole('button', { name: '▶ Quick run' }).click();
    await page.getByRole('button', { name: 'To end' }).click();
    await expect.poll(() => caption(page)).toContain('Step 30');
    await play.click();
    await expect.poll(() => caption(page)).toContain('200 of 200 runs');

    // A long batch shows progress and can be cancelled.
    await page.getByRole('tab', { name: 'Page setup' }).click();
    await page.getByRole('tabpanel').getByLabel('Steps limit').fill('2000');
    await page.getByLabel('Runs', { exact: true }).fill('100000');
    await page.getByLabel('Where to run').selectOption('browser');
    await page.getByRole('button', { name: 'Multiple runs' }).click();
    const progress = page.getByRole('progressbar', { name: 'Multiple runs progress' });
    await progress.waitFor();
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => caption(page), { timeout: 20_000 }).toContain('(cancelled)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends a large batch to the server queue and charts it when done', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Server dice', document: diceDocument });
    const page = await running.context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    await page.getByLabel('Runs', { exact: true }).fill('30000');
    expect(await page.getByLabel('Where to run').locator('option:checked').textContent()).toBe('Auto (server)');
    await page.getByRole('button', { name: 'Multiple runs' }).click();
    await expect.poll(() => caption(page), { timeout: 60_000 }).toContain('30000 of 30000 runs');
    await page.getByRole('button', { name: 'Show values' }).click();
    expect(Math.abs(Number(await chartValue(page, 'Coins mean', 30)) - 105)).toBeLessThan(1);
    // A server batch can be cancelled too: 2,000 steps a run, so it is still running when Cancel is pressed.
    await page.getByRole('tab', { name: 'Page setup' }).click();
    await page.getByRole('tabpanel').getByLabel('Steps limit').fill('2000');
    await page.getByLabel('Runs', { exact: true }).fill('100000');
    await page.getByRole('button', { name: 'Multiple runs' }).click();
    await page.getByRole('progressbar', { name: 'Multiple runs progress' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Multiple runs' }).waitFor({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'Plays' }).click();
    await expect
      .poll(() => page.getByRole('tabpanel').textContent(), { timeout: 10_000 })
      .toContain('server cancelled');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a server batch the server does not take says "Failed initializing quick plays batch" with the reason (app.md §8)', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Refused batch', document: diceDocument });
    const page = await running.context.newPage();
    await openEditor(page, running.app, fuid);
    await page.route('**/api/diagrams/*/batches', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: { code: 'PLAY_QUEUE_UNAVAILABLE', message: 'The queue is down' },
        }),
      }),
    );
    await page.getByLabel('Runs', { exact: true }).fill('30000');
    await page.getByLabel('Where to run').selectOption('server');
    await page.getByRole('button', { name: 'Multiple runs' }).click();
    const alert = page.locator('.run-toolbar__error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Failed initializing quick plays batch: The queue is down');
    await page.close();
  });

  it('edited in two tabs at once: each tab sees the other live, no conflict, and the saved document has the last value', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Two tabs', document: diceDocument });
    const a = await running.context.newPage();
    const b = await running.context.newPage();
    await openEditor(a, running.app, fuid);
    await openEditor(b, running.app, fuid);
    await waitForSaved(a);

    await setStart(a, '5');
    await expect.poll(() => node(b, 'Coins').getByTestId('node-value').textContent()).toBe('5');
    await waitForSaved(a);

    await setStart(b, '7');
    await expect.poll(() => node(a, 'Coins').getByTestId('node-value').textContent()).toBe('7');
    await waitForSaved(b);
    expect(await b.getByRole('dialog', { name: 'Merge conflict' }).count()).toBe(0);
    await saveScreenshot(b, 'editor-two-tabs-live');
    expect((await getDiagram(running.context, running.app, fuid)).document.nodes[1].start).toBe(7);
    await a.close();
    await b.close();
  });

  it('loses nothing on reload, and says when the server cannot be reached', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Reload', document: diceDocument });
    const page = await running.context.newPage();
    // The live connection drops and is refused for a while: the edit is kept in the tab and the status says so.
    let refuse = false;
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/collab/, (ws) => {
      if (refuse) return void ws.close();
      ws.connectToServer();
      sockets.push(ws);
    });
    await openEditor(page, running.app, fuid);
    await waitForSaved(page);
    refuse = true;
    for (const ws of sockets.splice(0)) await ws.close();
    await setStart(page, '4');
    await page
      .getByTestId('save-status')
      .filter({ hasText: 'Communication with the server is unstable' })
      .waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'editor-unstable');
    refuse = false;
    await waitForSaved(page);
    await expect
      .poll(async () => (await getDiagram(running.context, running.app, fuid)).document.nodes[1].start, {
        timeout: 15_000,
      })
      .toBe(4);

    // An edit reloaded at once: the server had it, it comes back and is saved.
    await setStart(page, '9');
    await waitForSaved(page);
    await page.reload();
    await page.getByTestId('editor').waitFor();
    await expect.poll(() => node(page, 'Coins').getByTestId('node-value').textContent()).toBe('9');
    expect((await getDiagram(running.context, running.app, fuid)).document.nodes[1].start).toBe(9);

    // And after a plain reload everything is there: elements, connection, settings.
    await page.reload();
    await page.getByTestId('editor').waitFor();
    await waitForSaved(page);
    await expect.poll(() => node(page, 'Coins').getByTestId('node-value').textContent()).toBe('9');
    expect(await page.locator('.connection-label').first().textContent()).toBe('D6');
    await page.close();
  });
});
