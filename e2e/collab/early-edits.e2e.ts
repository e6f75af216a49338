import type { WebSocketRoute } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  canvasNode,
  createDiagram,
  getDiagram,
  openEditor,
  useDesignerSession,
  waitForSaved,
} from '../editor/support.js';

describe.skipIf(!inject('chromiumPath'))('live co-editing: edits made before the first sync', () => {
  const running = useDesignerSession();

  it('keep the new element selected and its panel open when the live document arrives', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Early edits' });
    const page = await running.context.newPage();
    // The live server's answers wait until the test lets them through: the first sync comes after the edits.
    let held = true;
    const waiting: { to: WebSocketRoute; message: string | Buffer }[] = [];
    await page.routeWebSocket(/\/collab/, (ws) => {
      ws.connectToServer().onMessage((message) => {
        if (held) waiting.push({ to: ws, message });
        else ws.send(message);
      });
    });
    const errors = await openEditor(page, running.app, fuid);
    const name = page.getByRole('tabpanel').getByLabel('Name', { exact: true });

    await page.keyboard.press('s');
    await expect.poll(() => name.inputValue()).toBe('Source 1');
    await page.keyboard.press('Escape');
    await page.keyboard.press('p');
    await expect.poll(() => name.inputValue()).toBe('Pool 1');

    held = false;
    for (const { to, message } of waiting.splice(0)) to.send(message);
    await waitForSaved(page);
    await expect
      .poll(async () => (await getDiagram(running.context, running.app, fuid)).document.nodes.map((n) => n.name))
      .toEqual(['Source 1', 'Pool 1']);
    // Still the pool's panel: typing goes into its name, not onto the canvas as shortcuts.
    expect(await name.inputValue()).toBe('Pool 1');
    await name.fill('Gold');
    await canvasNode(page, 'Gold').waitFor();
    expect(await page.locator('.react-flow__node').count()).toBe(2);
    expect(errors).toEqual([]);
  });
});
