import { describe, expect, inject, it } from 'vitest';
import { mineAndGold, createDiagram, openEditor, useDesignerSession } from './support.js';

interface Started {
  what: string;
  painted: boolean;
}

/**
 * Notes, in the page, each engine worker and websocket it starts, and whether the diagram's canvas
 * had been painted by then: its first element in the DOM, then two animation frames (the second
 * callback runs after the first frame with the element was painted).
 */
function watchStarts() {
  const w = window as unknown as { __starts: Started[]; __painted: boolean };
  w.__starts = [];
  w.__painted = false;
  const seen = () => {
    if (!document.querySelector('.react-flow__node, .overview-layer__base')) return;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => (w.__painted = true)));
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { childList: true, subtree: true });
  const note = (what: string) => w.__starts.push({ what, painted: w.__painted });
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      note(`worker ${options?.name ?? String(url)}`);
    }
  };
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      note(`socket ${new URL(String(url)).pathname}`);
    }
  };
}

describe.skipIf(!inject('chromiumPath'))('editor: what an open does before the diagram is on screen', () => {
  const running = useDesignerSession();

  it('starts the engine worker and the live connection only after the diagram has been painted', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Open order', document: mineAndGold() });
    const page = await running.context.newPage();
    await page.addInitScript(watchStarts);
    const errors = await openEditor(page, running.app, fuid);
    // Both come: the validation starts the engine, the live session connects to /collab.
    const starts = () => page.evaluate(() => (window as unknown as { __starts: Started[] }).__starts);
    await expect
      .poll(async () => (await starts()).map((s) => s.what))
      .toEqual(expect.arrayContaining(['worker engine', 'socket /collab']));
    const early = (await starts()).filter(
      (s) => (s.what === 'worker engine' || s.what === 'socket /collab') && !s.painted,
    );
    expect(early).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
