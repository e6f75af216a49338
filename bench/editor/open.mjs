// Time to open in the page, from navigation start: the elements in view and their connections drawn
// and unchanged for three frames, then the next frame painted.

/** Drawn connections: one SVG group each in the connection layer (React Flow edges before it). */
export const CONNECTIONS = '.connection-layer .connection, .react-flow__edge';

/** Navigates `page` to `url` and waits until the canvas is drawn; returns the times (ms from navigation start). */
export async function openAndWaitDrawn(page, url) {
  await page.goto(url);
  const drawn = await page.waitForFunction(
    (CONNECTIONS) => {
      const w = window;
      // Far out the elements and connections are drawn on the overview bitmap (its data attributes count them).
      const overview = document.querySelector('.overview-layer__base');
      const nodes = overview
        ? Number(overview.dataset.elements)
        : document.querySelectorAll('.react-flow__node').length;
      const edges = overview ? Number(overview.dataset.connections) : document.querySelectorAll(CONNECTIONS).length;
      if (w.__drawnAt === undefined && nodes > 20 && edges > 20) {
        const key = `${nodes}/${edges}`;
        w.__stable = w.__key === key ? (w.__stable ?? 0) + 1 : 0;
        w.__key = key;
        if (w.__stable === 0) w.__firstAt = performance.now();
        if (w.__stable >= 3) {
          w.__drawnAt = w.__firstAt;
          requestAnimationFrame(() =>
            setTimeout(() => {
              w.__paintedAt = performance.now();
            }),
          );
        }
      }
      const at = (part) =>
        performance.getEntriesByType('resource').find((r) => r.name.includes(part))?.responseEnd ?? 0;
      return (
        w.__paintedAt && {
          drawn: w.__drawnAt,
          painted: w.__paintedAt,
          nodes,
          edges,
          editorCode: at('editor-page'),
          diagram: at('/api/diagrams/'),
          user: at('/api/oauth2/userinfo'),
        }
      );
    },
    CONNECTIONS,
    { timeout: 60_000, polling: 'raf' },
  );
  return drawn.jsonValue();
}
