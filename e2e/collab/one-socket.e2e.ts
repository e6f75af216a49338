import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { CLIENT_HEADERS, createDiagram, mineAndGold, openEditor, useDesignerSession } from '../editor/support.js';

describe.skipIf(!inject('chromiumPath'))('an editor tab and Socket.IO', () => {
  const running = useDesignerSession();

  it("opens one Socket.IO connection, shared by comments, the live notice and the server watch; the diagram's room still reaches it", async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'One socket', document: mineAndGold() });
    const page = await running.context.newPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io/')) sockets.push(ws.url());
    });
    const errors = await openEditor(page, running.app, fuid);
    await page.getByRole('tab', { name: 'Comments' }).click();
    await page.getByRole('tabpanel').getByText('No open comments.').waitFor();

    // A comment made elsewhere (the API) is pushed to the diagram's room: the canvas shows its badge.
    const created = await running.context.request.post(`${running.app.url}/api/diagrams/${fuid}/comment-threads`, {
      headers: CLIENT_HEADERS,
      data: { target: { kind: 'element', elementId: 'gold', elementKind: 'node' }, x: 0, y: 0, body: 'Start at 5?' },
    });
    expect(created.status()).toBe(201);
    await page.getByRole('button', { name: '1 comment on Gold' }).waitFor({ timeout: 15_000 });
    await saveScreenshot(page, 'collab-one-socket');
    expect(sockets).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
