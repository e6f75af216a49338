// Where the editor's view is: every element in view (Fit), and where an element is on screen.
import { CONNECTIONS } from './open.mjs';

/** Animation frames the view must stay still after Fit (its animation lasts 200 ms) before figures are taken. */
const STILL_FRAMES = 10;

/**
 * Fit: every element and connection in view and drawn — as React Flow nodes and connection paths,
 * or, far out, on the overview bitmap (its data-elements / data-connections say how many) — and the
 * view still (the same transform and counts) for STILL_FRAMES frames.
 */
export async function fitAll(page, nodes, connections) {
  await page.evaluate(() => {
    delete window.__lwFit;
  });
  await page.getByRole('button', { name: 'Fit the diagram' }).click();
  await page.waitForFunction(
    ([n, c, sel, still]) => {
      const overview = document.querySelector('.overview-layer__base');
      const drawn = overview
        ? Number(overview.dataset.elements) >= n && Number(overview.dataset.connections) >= c
        : document.querySelectorAll('.react-flow__node').length >= n && document.querySelectorAll(sel).length >= c;
      const key = `${document.querySelector('.react-flow__viewport')?.style.transform}|${overview ? 'overview' : 'nodes'}`;
      const fit = window.__lwFit;
      window.__lwFit = { key, frames: drawn && fit?.key === key ? fit.frames + 1 : 0 };
      return window.__lwFit.frames >= still;
    },
    [nodes, connections, CONNECTIONS, STILL_FRAMES],
    { timeout: 60_000, polling: 'raf' },
  );
}

/** Where element `node` of the document is on screen, from React Flow's viewport transform. */
export const centreOf = (page, node) =>
  page.evaluate(
    (n) => {
      const pane = document.querySelector('.react-flow__pane').getBoundingClientRect();
      const m = /translate\(([-\d.]+)px, ?([-\d.]+)px\) scale\(([\d.]+)\)/.exec(
        document.querySelector('.react-flow__viewport').style.transform,
      );
      const [tx, ty, zoom] = m.slice(1).map(Number);
      return { x: pane.left + tx + (n.x + 24) * zoom, y: pane.top + ty + (n.y + 24) * zoom };
    },
    { x: node.x, y: node.y },
  );
