import { useStore, useStoreApi, type InternalNode } from '@xyflow/react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { DiagramNode, EditorDiagram, Point, Selection } from '../model/types';
import { useValue, type ValueStore } from '../model/value-store';
import { routeOf, type Drawable, type RouteCache } from './connection-routes';
import { elementSize } from './geometry';
import { FAR_ZOOM } from './level-of-detail';

/** The most canvas pixels drawn at once (≈ 64 MB of bitmap); a bigger diagram is drawn less sharp. */
const MAX_PIXELS = 16_000_000;
const INK = '#1d1b36';
const STATE_INK = '#5f5d78';
const PRIMARY = '#5a55f4';
const PAPER = '#ffffff';

type Lookup = Map<string, InternalNode>;
type Box = { x: number; y: number; w: number; h: number };

export interface OverviewDrag {
  ids: Set<string>;
  dx: number;
  dy: number;
}

/** The diagram's extent in flow coordinates, with a margin for strokes and bend points. */
function extentOf(doc: EditorDiagram): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const take = (x: number, y: number) => {
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
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

/** The element's outline, added to the current path (the familiar symbols, simplified for a far view). */
function outline(ctx: CanvasRenderingContext2D, n: DiagramNode, x: number, y: number) {
  const s = elementSize(n);
  switch (n.type) {
    case 'group': case 'chart': case 'text':
      ctx.rect(x, y, s.width, n.type === 'text' ? Math.min(s.height, 24) : s.height);
      return;
    case 'pool':
      ctx.moveTo(x + 45, y + 24);
      ctx.arc(x + 24, y + 24, 21, 0, Math.PI * 2);
      return;
    case 'source': poly(ctx, x, y, [24, 3, 45, 42, 3, 42]); return;
    case 'drain': poly(ctx, x, y, [3, 6, 45, 6, 24, 45]); return;
    case 'converter': poly(ctx, x, y, [6, 4, 44, 24, 6, 44]); return;
    case 'trader': poly(ctx, x, y, [4, 4, 24, 24, 4, 44]); poly(ctx, x, y, [44, 4, 24, 24, 44, 44]); return;
    case 'gate': poly(ctx, x, y, [24, 3, 45, 24, 24, 45, 3, 24]); return;
    default: ctx.rect(x + 4, y + 4, 40, 40);
  }
}

function poly(ctx: CanvasRenderingContext2D, x: number, y: number, xy: number[]) {
  ctx.moveTo(x + xy[0], y + xy[1]);
  for (let i = 2; i < xy.length; i += 2) ctx.lineTo(x + xy[i], y + xy[i + 1]);
  ctx.closePath();
}

interface DrawInput {
  doc: EditorDiagram;
  items: Drawable[];
  routes: RouteCache;
  lookup: Lookup;
  selected: Set<string>;
  /** Leave out (base layer while dragging) or draw only (drag layer) these elements and their connections. */
  moving: OverviewDrag | null;
  only: boolean;
  /** Bitmap pixels per flow unit. */
  scale: number;
}

function draw(ctx: CanvasRenderingContext2D, { doc, items, routes, lookup, selected, moving, only, scale }: DrawInput) {
  // Line widths in screen pixels, whatever the zoom: a far view is still legible.
  const px = 1 / scale;
  const isMoving = (id: string) => moving?.ids.has(id) ?? false;
  const dx = only && moving ? moving.dx : 0, dy = only && moving ? moving.dy : 0;
  const shifted: Lookup = only && moving ? shiftedLookup(lookup, moving) : lookup;

  // Connections, one path per colour and kind.
  const lines = new Map<string, Path2D>();
  for (const item of items) {
    const touches = isMoving(item.from) || isMoving(item.to) || (item.target ? isMoving(item.target.from) || isMoving(item.target.to) : false);
    if (touches !== only) continue;
    const route = only ? routeOf(item, shifted) : routes.get(item, lookup);
    if (!route) continue;
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

  // Groups (frames) beneath, then elements: one path per colour, selected ones last in the primary colour.
  const groups = new Path2D();
  const byColour = new Map<string, DiagramNode[]>();
  const chosen: DiagramNode[] = [];
  for (const n of doc.nodes) {
    if (isMoving(n.id) !== only) continue;
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
  const shapes = (nodes: DiagramNode[], colour: string, width: number) => {
    ctx.beginPath();
    for (const n of nodes) outline(ctx, n, n.x + dx, n.y + dy);
    ctx.fill();
    ctx.lineWidth = width;
    ctx.strokeStyle = colour;
    ctx.stroke();
  };
  for (const [colour, nodes] of byColour) shapes(nodes, colour, Math.max(2, 1.5 * px));
  if (chosen.length) shapes(chosen, PRIMARY, Math.max(4, 3 * px));
}

function shiftedLookup(lookup: Lookup, moving: OverviewDrag): Lookup {
  const moved = new Map<string, InternalNode>();
  for (const id of moving.ids) {
    const n = lookup.get(id);
    if (!n) continue;
    const p = n.internals.positionAbsolute;
    moved.set(id, { ...n, internals: { ...n.internals, positionAbsolute: { x: p.x + moving.dx, y: p.y + moving.dy } } });
  }
  return { get: (id: string) => moved.get(id) ?? lookup.get(id) } as Lookup;
}

/** The element under a point (flow coordinates): elements and boxes before the groups that frame them. */
export function elementAt(doc: EditorDiagram, p: Point): DiagramNode | null {
  let group: DiagramNode | null = null;
  for (let i = doc.nodes.length - 1; i >= 0; i--) {
    const n = doc.nodes[i];
    const s = elementSize(n);
    const pad = n.type === 'group' || n.type === 'chart' || n.type === 'text' ? 0 : 6;
    if (p.x < n.x - pad || p.y < n.y - pad || p.x > n.x + s.width + pad || p.y > n.y + s.height + pad) continue;
    if (n.type !== 'group') return n;
    group ??= n;
  }
  return group;
}

interface Props {
  doc: EditorDiagram;
  items: Drawable[];
  routes: RouteCache;
  selection: Selection;
  drag: ValueStore<OverviewDrag | null>;
}

/**
 * Far out (below FAR_ZOOM) the whole diagram is one bitmap inside React Flow's viewport instead of
 * a DOM box per element and an SVG path per connection: panning moves one layer, and the bitmap is
 * drawn again only when the diagram, the selection or the zoom (once it settles) changes. While an
 * element is dragged, the rest stays on the base bitmap and only the dragged elements and their
 * connections are drawn each frame, on a second canvas.
 */
export function OverviewLayer({ doc, items, routes, selection, drag: dragStore }: Props) {
  const drag = useValue(dragStore);
  const api = useStoreApi();
  const domNode = useStore((s) => s.domNode);
  const viewport = useMemo(() => domNode?.querySelector<HTMLElement>('.react-flow__viewport') ?? null, [domNode]);
  const zoom = useStore((s) => s.transform[2]);
  const base = useRef<HTMLCanvasElement>(null);
  const top = useRef<HTMLCanvasElement>(null);
  const extent = useMemo(() => extentOf(doc), [doc]);
  const selected = useMemo(() => new Set(selection.nodes), [selection.nodes]);
  // The zoom the bitmap is drawn for: follows the view's zoom once it has been still for a moment.
  const drawnZoom = useRef(0);
  const scaleFor = (z: number) => Math.min(z * (window.devicePixelRatio || 1), Math.sqrt(MAX_PIXELS / (extent.w * extent.h)), FAR_ZOOM * 2);
  const dragIds = drag?.ids;

  const prepare = (el: HTMLCanvasElement, scale: number) => {
    const w = Math.max(1, Math.round(extent.w * scale)), h = Math.max(1, Math.round(extent.h * scale));
    if (el.width !== w || el.height !== h) {
      el.width = w;
      el.height = h;
    }
    const ctx = el.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    ctx.setTransform(scale, 0, 0, scale, -extent.x * scale, -extent.y * scale);
    return ctx;
  };

  // The base bitmap: everything but what is being dragged.
  const paintBase = (z: number) => {
    const el = base.current;
    if (!el) return;
    drawnZoom.current = z;
    const scale = scaleFor(z);
    const ctx = prepare(el, scale);
    draw(ctx, { doc, items, routes, lookup: api.getState().nodeLookup, selected, moving: dragIds ? { ids: dragIds, dx: 0, dy: 0 } : null, only: false, scale });
    el.dataset.elements = String(doc.nodes.length - (dragIds?.size ?? 0));
    el.dataset.connections = String(items.length);
  };
  const paintRef = useRef(paintBase);
  paintRef.current = paintBase;

  // Also once the viewport is there to hold the canvases (it is not in React Flow's first render).
  useLayoutEffect(() => paintRef.current(api.getState().transform[2]), [doc, items, selected, dragIds, extent, api, viewport]);

  useEffect(() => {
    if (!drawnZoom.current || Math.abs(Math.log(zoom / drawnZoom.current)) < 0.15) return;
    const t = setTimeout(() => paintRef.current(zoom), 150);
    return () => clearTimeout(t);
  }, [zoom]);

  // The dragged elements, every frame they move.
  useLayoutEffect(() => {
    const el = top.current;
    if (!el) return;
    if (!drag) {
      el.width = 1;
      el.height = 1;
      return;
    }
    const scale = scaleFor(drawnZoom.current || api.getState().transform[2]);
    const ctx = prepare(el, scale);
    draw(ctx, { doc, items, routes, lookup: api.getState().nodeLookup, selected, moving: drag, only: true, scale });
  });

  if (!viewport) return null;
  const style: React.CSSProperties = { position: 'absolute', left: extent.x, top: extent.y, width: extent.w, height: extent.h, pointerEvents: 'none' };
  return createPortal(
    <div className="overview-layer" aria-hidden="true">
      <canvas ref={base} className="overview-layer__base" style={style} />
      <canvas ref={top} className="overview-layer__drag" style={style} />
    </div>,
    viewport,
  );
}
