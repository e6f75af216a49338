import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import {
  CLIENT_HEADERS,
  createDesigner,
  createDiagram,
  getDiagram,
  loggedInContext,
  openEditor,
  useDesignerSession,
} from '../editor/support.js';

const older = {
  version: 1,
  settings: { stepsLimit: 10 },
  variables: [],
  nodes: [
    { id: 'tap', type: 'source', name: 'Tap', x: 0, y: 0, activation: 'automatic' },
    { id: 'gold', type: 'pool', name: 'Gold', x: 240, y: 0, start: 0 },
    { id: 'sink', type: 'drain', name: 'Sink', x: 480, y: 0, activation: 'passive' },
  ],
  connections: [
    { id: 'c1', kind: 'resource', from: 'tap', to: 'gold', formula: '3' },
    { id: 'c2', kind: 'resource', from: 'gold', to: 'sink', formula: '1' },
  ],
};

/** The newer version: Gold renamed Coins, the tap gives 1 (not 3), the sink gone, a bank added, the tap moved. */
function newer(doc: { nodes: Array<Record<string, unknown>>; connections: Array<Record<string, unknown>> }) {
  return {
    ...doc,
    nodes: [
      ...doc.nodes
        .filter((n) => n.id !== 'sink')
        .map((n) => (n.id === 'gold' ? { ...n, name: 'Coins' } : n.id === 'tap' ? { ...n, y: 120 } : n)),
      { id: 'bank', type: 'pool', name: 'Bank', x: 240, y: 240, start: 5 },
    ],
    connections: doc.connections.filter((c) => c.id !== 'c2').map((c) => (c.id === 'c1' ? { ...c, formula: '1' } : c)),
  };
}

describe.skipIf(!inject('chromiumPath'))('compare versions in the editor (Chromium)', () => {
  const running = useDesignerSession();
  const mark = (page: Page, id: string) =>
    page
      .getByTestId('compare-canvas')
      .locator(`.react-flow__node[data-id="${id}"] > *`)
      .evaluate((el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineColor}`);

  it('compares a version with current: marks on the canvas, old → new, moves on request, behaviour on the same seeds', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Compared', document: older });
    const url = running.app.url;
    const test = await running.context.request.post(`${url}/api/diagrams/${fuid}/balance-tests`, {
      headers: CLIENT_HEADERS,
      data: { name: 'Gold keeps up', nodeId: 'gold', min: 20, share: 100, runs: 20, seed: 1 },
    });
    expect(test.status()).toBe(201);
    // An editor it is shared with saves the newer version: a second entry in the history.
    const other = await createDesigner(running.app);
    await running.context.request.post(`${url}/api/diagrams/${fuid}/shares`, {
      headers: CLIENT_HEADERS,
      data: { email: other.email, role: 'editor' },
    });
    const theirs = await loggedInContext(running.browser, running.app, other);
    const current = await getDiagram(theirs, running.app, fuid);
    const saved = await theirs.request.put(`${url}/api/diagrams/${fuid}/document`, {
      headers: CLIENT_HEADERS,
      data: { baseVersion: current.version, document: newer(current.document) },
    });
    expect(saved.status()).toBe(200);
    await theirs.close();

    const page = await running.context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page.getByRole('button', { name: 'Compare version 1 with current' }).click();
    const view = page.getByRole('dialog', { name: 'Compare versions' });
    await view.getByTestId('compare-canvas').locator('.react-flow__node').first().waitFor();

    // The canvas: Bank added (green), Sink a red ghost, Coins changed (amber); the tap only moved.
    await expect.poll(() => mark(page, 'bank')).toBe('solid rgb(102, 187, 106)');
    await expect.poll(() => mark(page, 'sink')).toBe('dashed rgb(243, 97, 97)');
    await expect.poll(() => mark(page, 'gold')).toBe('solid rgb(255, 193, 7)');
    expect(await mark(page, 'tap')).toMatch(/^none /);

    // The list: each change with old → new (the formula token by token), no moves until asked.
    const changes = view.getByLabel('Changes');
    await expect.poll(() => changes.textContent()).toContain('Added (1)Element Bank');
    const text = (await changes.textContent()) ?? '';
    expect(text).toContain('Removed (2)Element Sink');
    expect(text).toContain('name"Gold" → "Coins"');
    expect(await changes.locator('del').allTextContents()).toContain('3 ');
    expect(await changes.locator('ins').allTextContents()).toContain('1 ');
    expect(text).not.toContain('Moved');
    const moves = view.getByLabel('Show layout moves');
    expect(await moves.isChecked()).toBe(false);
    await moves.check();
    await expect.poll(() => changes.textContent()).toContain('Moved (1)Element Tap');
    await expect.poll(() => mark(page, 'tap')).toBe('dotted rgb(33, 150, 243)');

    // Behaviour: both versions on the same seeds, bands per plotted pool, the test whose verdict changed.
    await view.getByRole('button', { name: /Run both/ }).click();
    const verdicts = view.getByTestId('verdicts-changed');
    await verdicts.waitFor({ timeout: 60_000 });
    expect(await verdicts.textContent()).toContain('Gold keeps up: passes → fails');
    expect(await view.getByRole('img', { name: /^Coins: P10 to P90 of both versions/ }).count()).toBe(1);
    expect(await view.getByTestId('band-before').count()).toBeGreaterThan(0);
    expect(await view.getByTestId('band-after').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'compare-versions');

    // Any two versions: the pickers choose both ends.
    await view.getByLabel('Compare from').selectOption({ label: 'Current' });
    await expect.poll(() => changes.textContent()).toContain('No changes');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe.skipIf(!inject('chromiumPath'))('merge a copy back (Chromium)', () => {
  const running = useDesignerSession();

  it('the copy’s owner proposes; the source’s owner reviews, picks a side of the conflict and accepts', async () => {
    const url = running.app.url;
    const fuid = await createDiagram(running.context, running.app, { name: 'Shared economy', document: older });
    const copier = await createDesigner(running.app);
    await running.context.request.post(`${url}/api/diagrams/${fuid}/shares`, {
      headers: CLIENT_HEADERS,
      data: { email: copier.email, role: 'viewer' },
    });
    const theirs = await loggedInContext(running.browser, running.app, copier);
    const copied = await theirs.request.post(`${url}/api/diagrams/${fuid}/copies`, {
      headers: CLIENT_HEADERS,
      data: {},
    });
    expect(copied.status()).toBe(201);
    const copyFuid = (await copied.json()).content.diagram.fuid as string;
    // The copy renames Gold and gives 2 a step; the source meanwhile gives 4: a conflict on the formula.
    const edit = async (context: typeof theirs, target: string, change: (d: typeof older) => typeof older) => {
      const d = await getDiagram(context, running.app, target);
      const r = await context.request.put(`${url}/api/diagrams/${target}/document`, {
        headers: CLIENT_HEADERS,
        data: { baseVersion: d.version, document: change(d.document as unknown as typeof older) },
      });
      expect(r.status()).toBe(200);
    };
    await edit(theirs, copyFuid, (d) => ({
      ...d,
      nodes: d.nodes.map((n) => (n.id === 'gold' ? { ...n, name: 'Coins' } : n)),
      connections: d.connections.map((c) => (c.id === 'c1' ? { ...c, formula: '2' } : c)),
    }));
    await edit(running.context, fuid, (d) => ({
      ...d,
      connections: d.connections.map((c) => (c.id === 'c1' ? { ...c, formula: '4' } : c)),
    }));

    // The copier proposes from their copy's editor.
    const copyPage = await theirs.newPage();
    await openEditor(copyPage, running.app, copyFuid);
    await copyPage.getByRole('button', { name: 'Propose changes' }).click();
    const dialog = copyPage.getByRole('dialog', { name: 'Propose changes' });
    await dialog.getByLabel('Message (optional)').fill('Coins read better, and 2 a step');
    await dialog.getByRole('button', { name: 'Propose', exact: true }).click();
    await dialog.getByText('Proposed changes to Shared economy').waitFor();
    await saveScreenshot(copyPage, 'proposal-sent');
    await copyPage.close();

    // The source's owner reviews it from the Proposals panel.
    const page = await running.context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    await page.getByRole('tab', { name: 'Proposals' }).click();
    await page.getByRole('button', { name: /^Review the proposal from / }).click();
    const review = page.getByRole('dialog', { name: 'Proposed changes' });
    await review.getByLabel('Changes').waitFor();
    expect(await review.getByLabel('Changes').textContent()).toContain('name"Gold" → "Coins"');
    expect(await review.textContent()).toContain('Coins read better, and 2 a step');
    const conflict = review.getByRole('group', { name: /Tap → (Gold|Coins) · formula/ });
    expect(await conflict.getByLabel('Keep current: "4"').isChecked()).toBe(true);
    await conflict.getByLabel('Take proposed: "2"').check();
    await saveScreenshot(page, 'proposal-review');
    await review.getByRole('button', { name: 'Accept and merge' }).click();
    await review.getByText(/^Merged as version 3\./).waitFor();
    await review.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('node-Coins').waitFor();

    const merged = await getDiagram(running.context, running.app, fuid);
    expect(merged.version).toBe(3);
    expect(merged.document.connections.find((c) => c.id === 'c1')?.formula).toBe('2');
    // The proposer is told.
    await expect
      .poll(async () => {
        const r = await theirs.request.get(`${url}/api/notifications`, { headers: CLIENT_HEADERS });
        return ((await r.json()).content.notifications as { message: string }[]).map((n) => n.message).join('\n');
      })
      .toMatch(/accepted your changes to Shared economy/);
    expect(errors).toEqual([]);
    await theirs.close();
    await page.close();
  });
});
