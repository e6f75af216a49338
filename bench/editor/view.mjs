// Where the editor's view is: every element in view (Fit), and where an element is on screen.
import { CONNECTIONS } from './open.mjs';

/**
 * Fit: every element and connection in view and drawn — as React Flow nodes and connection paths,
 * or, far out, on the overview bitmap (its data-elements / data-connections say how many).
 */
export async function fitAll(page, nodes, connections) {
  await page.getByRole('button', { name: 'Fit the diagram' }).click();
  await page.waitForFunction(
    ([n, c, sel]) => {
      const overview = document.querySelector('.overview-layer__base');
      if (overview) return Number(overview.dataset.elements) >= n && Number(overview.dataset.connections) >= c;
      return document.querySelectorAll('.react-flow__node').length >= n && document.querySelectorAll(sel).length >= c;
    },
    [nodes, connections, CONNECTIONS],
    { timeout: 60_000, polling: 'raf' },
  );
  await page.waitForTimeout(500);
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
