import type { DiagramNode } from '../model/types';
import type { Drawable, Route } from './connection-routes';
import { elementSize } from './geometry';

// The far view's drawing: element outlines and connection lines on a canvas, in flow coordinates.

const INK = '#1d1b36';
const STATE_INK = '#5f5d78';
const PRIMARY = '#5a55f4';
const PAPER = '#ffffff';

/** The element's outline, added to the current path (the familiar symbols, simplified for a far view). */
function outline(ctx: CanvasRenderingContext2D, n: DiagramNode, x: number, y: number) {
  const s = elementSize(n);
  switch (n.type) {
    case 'group':
    case 'chart':
    case 'text':
      ctx.rect(x, y, s.width, n.type === 'text' ? Math.min(s.height, 24) : s.height);
      return;
    case 'pool':
      ctx.moveTo(x + 45, y + 24);
      ctx.arc(x + 24, y + 24, 21, 0, Math.PI * 2);
      return;
    case 'source':
      poly(ctx, x, y, [24, 3, 45, 42, 3, 42]);
      return;
    case 'drain':
      poly(ctx, x, y, [3, 6, 45, 6, 24, 45]);
      return;
    case 'converter':
      poly(ctx, x, y, [6, 4, 44, 24, 6, 44]);
      return;
    case 'trader':
      poly(ctx, x, y, [4, 4, 24, 24, 4, 44]);
      poly(ctx, x, y, [44, 4, 24, 24, 44, 44]);
      return;
    case 'gate':
      poly(ctx, x, y, [24, 3, 45, 24, 24, 45, 3, 24]);
      return;
    default:
      ctx.rect(x + 4, y + 4, 40, 40);
  }
}

function poly(ctx: CanvasRenderingContext2D, x: number, y: number, xy: number[]) {
  ctx.moveTo(x + xy[0], y + xy[1]);
  for (let i = 2; i < xy.length; i += 2) ctx.lineTo(x + xy[i], y + xy[i + 1]);
  ctx.closePath();
}

/** What one canvas shows, in flow coordinates: these elements (shifted by dx, dy) and connection routes. */
export interface Scene {
  nodes: Iterable<DiagramNode>;
  lines: Iterable<{ item: Drawable; route: Route }>;
  selected: Set<string>;
  dx: number;
  dy: number;
  /** One bitmap pixel in flow units (line widths stay legible at any zoom). */
  px: number;
}

/** Connections (one path per colour and kind), then group frames, then elements by colour, the selected ones last. */
export function drawScene(ctx: CanvasRenderingContext2D, { nodes, lines: routes, selected, dx, dy, px }: Scene) {
  const lines = new Map<string, Path2D>();
  for (const { item, route } of routes) {
    const c = item.connection;
    const key = `${c.kind}|${c.color || (c.kind === 'state' ? STATE_INK : INK)}`;
    let path = lines.get(key);
    if (!path) lines.set(key, (path = new Path2D()));
    const [first, ...rest] = route.points;
    path.moveTo(first.x, first.y);
    for (const p of rest) path.lineTo(p.x, p.y);
  }
  ctx.lineWidth = px;
  for (const [key, path] of lines) {
    const [kind, colour] = key.split('|');
    ctx.setLineDash(kind === 'state' ? [4 * px, 3 * px] : []);
    ctx.strokeStyle = colour;
    ctx.stroke(path);
  }
  ctx.setLineDash([]);

  const groups = new Path2D();
  const byColour = new Map<string, DiagramNode[]>();
  const chosen: DiagramNode[] = [];
  for (const n of nodes) {
    if (selected.has(n.id)) chosen.push(n);
    else if (n.type === 'group') groups.rect(n.x + dx, n.y + dy, elementSize(n).width, elementSize(n).height);
    else {
      const colour = n.color || INK;
      const list = byColour.get(colour);
      if (list) list.push(n);
      else byColour.set(colour, [n]);
    }
  }
  ctx.setLineDash([4 * px, 3 * px]);
  ctx.lineWidth = px;
  ctx.strokeStyle = STATE_INK;
  ctx.stroke(groups);
  ctx.setLineDash([]);
  ctx.fillStyle = PAPER;
  const shapes = (list: DiagramNode[], colour: string, width: number) => {
    ctx.beginPath();
    for (const n of list) outline(ctx, n, n.x + dx, n.y + dy);
    ctx.fill();
    ctx.lineWidth = width;
    ctx.strokeStyle = colour;
    ctx.stroke();
  };
  for (const [colour, list] of byColour) shapes(list, colour, Math.max(2, 1.5 * px));
  if (chosen.length) shapes(chosen, PRIMARY, Math.max(4, 3 * px));
}
