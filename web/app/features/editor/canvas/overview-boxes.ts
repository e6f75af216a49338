import type { EditorDiagram, DiagramNode } from '../model/types';
import type { Route } from './connection-routes';
import { elementSize } from './geometry';

// Boxes in flow units around elements and connection routes, and as bitmap pixels.

export type Box = { x: number; y: number; w: number; h: number };

/** The diagram's extent in flow coordinates, with a margin for strokes and bend points. */
export function extentOf(doc: EditorDiagram): Box {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  const take = (x: number, y: number) => {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  };
  for (const n of doc.nodes) {
    const s = elementSize(n);
    take(n.x, n.y);
    take(n.x + s.width, n.y + s.height);
  }
  for (const c of doc.connections) for (const p of c.points ?? []) take(p.x, p.y);
  if (!Number.isFinite(x0)) return { x: 0, y: 0, w: 1, h: 1 };
  const m = 40;
  return { x: x0 - m, y: y0 - m, w: x1 - x0 + 2 * m, h: y1 - y0 + 2 * m };
}

/** Room around an element or a route for its stroke (and a selected element's wider one), in flow units. */
export const margin = (px: number) => Math.max(4, 4 * px);

export function nodeBox(n: DiagramNode, pad: number, dx = 0, dy = 0): Box {
  const s = elementSize(n);
  return { x: n.x + dx - pad, y: n.y + dy - pad, w: s.width + 2 * pad, h: s.height + 2 * pad };
}

export function routeBox(r: Route, pad: number): Box {
  const [x0, y0, x1, y1] = r.box;
  return { x: x0 - pad, y: y0 - pad, w: x1 - x0 + 2 * pad, h: y1 - y0 + 2 * pad };
}

export const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** A box in flow units as whole bitmap pixels (rounded outwards, so clipping leaves no seams). */
export function toPixels(b: Box, scale: number, origin: { x: number; y: number }): Box {
  const x = Math.floor((b.x - origin.x) * scale),
    y = Math.floor((b.y - origin.y) * scale);
  return { x, y, w: Math.ceil((b.x + b.w - origin.x) * scale) - x, h: Math.ceil((b.y + b.h - origin.y) * scale) - y };
}
