import type { InternalNode } from '@xyflow/react';
import type { DiagramNode, EditorDiagram } from '../model/types';
import { routeOf, sameIds, type Drawable, type Route, type RouteCache } from './connection-routes';
import { margin, nodeBox, overlaps, routeBox, toPixels, type Box } from './overview-boxes';
import { drawScene, type Scene } from './overview-scene';
import { elementSize } from './geometry';

/** More changed places than this and the whole base bitmap is drawn again instead. */
const MAX_DIRTY = 48;

export type Lookup = Map<string, InternalNode>;

export interface OverviewDrag {
  ids: Set<string>;
  dx: number;
  dy: number;
}

/** Whether a connection has an end (or, onto a label, a labelled connection's end) among `ids`. */
function touches(item: Drawable, ids: Set<string> | null): boolean {
  if (!ids) return false;
  return (
    ids.has(item.from) ||
    ids.has(item.to) ||
    (item.target ? ids.has(item.target.from) || ids.has(item.target.to) : false)
  );
}

/** Adds to `into` the ids in one set and not the other. */
function flipped(a: Set<string> | null, b: Set<string> | null, into: Set<string>): Set<string> {
  for (const id of a ?? []) if (!b?.has(id)) into.add(id);
  for (const id of b ?? []) if (!a?.has(id)) into.add(id);
  return into;
}

function setBitmap(el: HTMLCanvasElement, w: number, h: number) {
  if (el.width !== w || el.height !== h) {
    el.width = w;
    el.height = h;
  }
}

/**
 * React Flow's nodes at their places in the document. React Flow takes in moved elements a render
 * after the document changes, so the connections of an element just dropped would otherwise be drawn
 * from where it was. The copies are kept per document node, so routes computed from them stay cached.
 */
export class DocLookup {
  private copies = new WeakMap<DiagramNode, InternalNode>();
  private last: { lookup: Lookup; doc: EditorDiagram; state: unknown; answer: Lookup } | null = null;

  /**
   * `state`: React Flow's store state, a new object whenever it changes (its lookup with it), so the
   * answer is kept while neither it nor the document changed (every frame of a drag on the overview).
   */
  of(lookup: Lookup, doc: EditorDiagram, state: unknown): Lookup {
    const last = this.last;
    if (last && last.lookup === lookup && last.doc === doc && last.state === state) return last.answer;
    const answer = this.build(lookup, doc);
    this.last = { lookup, doc, state, answer };
    return answer;
  }

  private build(lookup: Lookup, doc: EditorDiagram): Lookup {
    let moved: Map<string, InternalNode> | null = null;
    for (const n of doc.nodes) {
      const internal = lookup.get(n.id);
      if (!internal) continue;
      const p = internal.internals.positionAbsolute;
      if (p.x === n.x && p.y === n.y) continue;
      let copy = this.copies.get(n);
      if (!copy || copy.measured !== internal.measured) {
        copy = { ...internal, internals: { ...internal.internals, positionAbsolute: { x: n.x, y: n.y } } };
        this.copies.set(n, copy);
      }
      (moved ??= new Map()).set(n.id, copy);
    }
    if (!moved) return lookup;
    const overrides = moved;
    return { get: (id: string) => overrides.get(id) ?? lookup.get(id) } as Lookup;
  }
}

/** React Flow's nodes with the dragged ones moved by the drag's offset. */
function shiftedLookup(lookup: Lookup, moving: OverviewDrag): Lookup {
  const moved = new Map<string, InternalNode>();
  for (const id of moving.ids) {
    const n = lookup.get(id);
    if (!n) continue;
    const p = n.internals.positionAbsolute;
    moved.set(id, {
      ...n,
      internals: { ...n.internals, positionAbsolute: { x: p.x + moving.dx, y: p.y + moving.dy } },
    });
  }
  return { get: (id: string) => moved.get(id) ?? lookup.get(id) } as Lookup;
}

export interface BaseInput {
  doc: EditorDiagram;
  items: Drawable[];
  routes: RouteCache;
  lookup: Lookup;
  selected: Set<string>;
  /** Elements being dragged: left out, with their connections (the drag layer draws them). */
  moving: Set<string> | null;
  /** Bitmap pixels per flow unit. */
  scale: number;
  extent: Box;
}

/**
 * The base bitmap: every element and connection but the dragged ones. It remembers what it drew, so
 * when a few elements change (picked up, put down, selected) only their places are cleared and drawn
 * again (with whatever else crosses them), not all 5,000 elements and 7,000 connections.
 */
export class BasePainter {
  /** What the bitmap shows, by id: elements (with whether they are drawn selected) and connection routes. */
  private nodes = new Map<string, { node: DiagramNode; chosen: boolean; seen: number }>();
  private lines = new Map<string, { item: Drawable; route: Route; seen: number }>();
  private round = 0;
  private key = '';
  /** What the last call drew from, and lookups built from it: elements by id, connections by element. */
  private last: { doc: EditorDiagram; items: Drawable[]; selected: Set<string>; moving: Set<string> | null } | null =
    null;
  private byId = new Map<string, DiagramNode>();
  private touching = new Map<string, Drawable[]>();

  /** Draws what changed since the last call (everything when the scale or extent changed); returns how much. */
  paint(
    el: HTMLCanvasElement,
    { doc, items, routes, lookup, selected, moving, scale, extent }: BaseInput,
  ): 'all' | 'part' | 'none' {
    const px = 1 / scale,
      pad = margin(px),
      round = ++this.round;
    const w = Math.max(1, Math.round(extent.w * scale)),
      h = Math.max(1, Math.round(extent.h * scale));
    const key = `${scale}|${extent.x}|${extent.y}|${w}|${h}`;
    const whole = key !== this.key || el.width !== w || el.height !== h;
    this.key = key;
    // The changed places, in flow units (null: too many, draw everything).
    let dirty: Box[] | null = whole ? null : [];
    const mark = (b: Box) => {
      if (dirty && dirty.push(b) > MAX_DIRTY) dirty = null;
    };
    const visitNode = (node: DiagramNode) => {
      const was = this.nodes.get(node.id);
      if (moving?.has(node.id)) {
        if (was) mark(nodeBox(was.node, pad));
        this.nodes.delete(node.id);
        return;
      }
      const chosen = selected.has(node.id);
      if (was && was.node === node && was.chosen === chosen) {
        was.seen = round;
        return;
      }
      if (was && was.node !== node) mark(nodeBox(was.node, pad));
      mark(nodeBox(node, pad));
      this.nodes.set(node.id, { node, chosen, seen: round });
    };
    const visitItem = (item: Drawable) => {
      const id = item.connection.id;
      const was = this.lines.get(id);
      const route = touches(item, moving) ? null : routes.get(item, lookup);
      if (!route) {
        if (was) mark(routeBox(was.route, pad));
        this.lines.delete(id);
        return;
      }
      if (was && was.route === route) {
        was.item = item;
        was.seen = round;
        return;
      }
      if (was) mark(routeBox(was.route, pad));
      mark(routeBox(route, pad));
      this.lines.set(id, { item, route, seen: round });
    };

    const last = this.last;
    const moved = !whole && last && last.items === items ? changedInPlace(last.doc, doc) : null;
    if (last && moved) {
      // The same elements and connections (some elements moved or changed, as by a drop): only
      // those, the elements whose selection or drag changed, and their connections.
      for (const node of moved) this.byId.set(node.id, node);
      const lifted = flipped(last.moving, moving, new Set(moved.map((n) => n.id)));
      for (const id of flipped(last.selected, selected, new Set(lifted))) {
        const node = this.byId.get(id);
        if (node) visitNode(node);
      }
      for (const id of lifted) for (const item of this.touching.get(id) ?? []) visitItem(item);
    } else {
      // Connections whose ends did not change keep their route without asking the route cache.
      const changed = flipped(last?.moving ?? null, moving, new Set());
      if (!last || last.doc !== doc) {
        const byId = new Map(doc.nodes.map((n) => [n.id, n]));
        for (const [id, node] of byId) if (this.byId.get(id) !== node) changed.add(id);
        for (const id of this.byId.keys()) if (!byId.has(id)) changed.add(id);
        this.byId = byId;
      }
      if (!last || last.items !== items) {
        this.touching = new Map();
        for (const item of items) {
          for (const id of [item.from, item.to, item.target?.from, item.target?.to]) {
            if (!id) continue;
            const list = this.touching.get(id);
            if (list) list.push(item);
            else this.touching.set(id, [item]);
          }
        }
      }
      for (const node of doc.nodes) visitNode(node);
      for (const item of items) {
        const was = last && this.lines.get(item.connection.id);
        if (
          was &&
          was.item.connection === item.connection &&
          was.item.target === item.target &&
          !touches(item, changed)
        ) {
          was.item = item;
          was.seen = round;
        } else visitItem(item);
      }
      // Gone from the document: their places are cleared.
      for (const [id, was] of this.nodes) {
        if (was.seen === round) continue;
        mark(nodeBox(was.node, pad));
        this.nodes.delete(id);
      }
      for (const [id, was] of this.lines) {
        if (was.seen === round) continue;
        mark(routeBox(was.route, pad));
        this.lines.delete(id);
      }
    }
    this.last = { doc, items, selected, moving };
    const changed = dirty;
    if (changed?.length === 0) return 'none';

    setBitmap(el, w, h);
    const ctx = el.getContext('2d')!;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    let scene: Scene = {
      nodes: [...this.nodes.values()].map((n) => n.node),
      lines: this.lines.values(),
      selected,
      dx: 0,
      dy: 0,
      px,
    };
    if (changed) {
      // Clip to the changed places (whole pixels), clear them, and draw again what crosses them.
      const rects = changed.map((b) => toPixels(b, scale, extent));
      ctx.beginPath();
      for (const r of rects) ctx.rect(r.x, r.y, r.w, r.h);
      ctx.clip();
      const areas = rects.map((r) => ({ x: r.x * px + extent.x, y: r.y * px + extent.y, w: r.w * px, h: r.h * px }));
      let x0 = Infinity,
        y0 = Infinity,
        x1 = -Infinity,
        y1 = -Infinity;
      for (const a of areas) {
        x0 = Math.min(x0, a.x);
        y0 = Math.min(y0, a.y);
        x1 = Math.max(x1, a.x + a.w);
        y1 = Math.max(y1, a.y + a.h);
      }
      // Most of the diagram is nowhere near: rejected on numbers, without making a box for it.
      const hit = (left: number, top: number, right: number, bottom: number) =>
        left - pad < x1 &&
        right + pad > x0 &&
        top - pad < y1 &&
        bottom + pad > y0 &&
        areas.some((a) =>
          overlaps(a, { x: left - pad, y: top - pad, w: right - left + 2 * pad, h: bottom - top + 2 * pad }),
        );
      const nodes: DiagramNode[] = [];
      for (const { node } of this.nodes.values()) {
        const size = elementSize(node);
        if (hit(node.x, node.y, node.x + size.width, node.y + size.height)) nodes.push(node);
      }
      const lines: Array<{ item: Drawable; route: Route }> = [];
      for (const l of this.lines.values()) if (hit(...l.route.box)) lines.push(l);
      scene = { ...scene, nodes, lines };
    }
    ctx.clearRect(0, 0, w, h);
    ctx.setTransform(scale, 0, 0, scale, -extent.x * scale, -extent.y * scale);
    drawScene(ctx, scene);
    ctx.restore();
    return changed ? 'part' : 'all';
  }
}

/** The elements of `after` that are not the very objects of `before`, when both have the same ids in the same order (else null). */
function changedInPlace(before: EditorDiagram, after: EditorDiagram): DiagramNode[] | null {
  if (before === after) return [];
  if (!sameIds(before.nodes, after.nodes)) return null;
  return after.nodes.filter((n, i) => n !== before.nodes[i]);
}

export interface DragInput {
  doc: EditorDiagram;
  items: Drawable[];
  lookup: Lookup;
  drag: OverviewDrag;
  scale: number;
}

/**
 * The dragged elements and their connections, on a canvas only as big as they are (placed in flow
 * coordinates through its style), drawn again on every frame of the drag. Which elements and
 * connections those are is looked up once per drag, not among thousands on every frame.
 */
export class DragPainter {
  private picked: {
    doc: EditorDiagram;
    items: Drawable[];
    ids: Set<string>;
    nodes: DiagramNode[];
    touching: Drawable[];
  } | null = null;

  paint(el: HTMLCanvasElement, { doc, items, lookup, drag, scale }: DragInput): void {
    let picked = this.picked;
    if (!picked || picked.doc !== doc || picked.items !== items || picked.ids !== drag.ids) {
      const nodes = doc.nodes.filter((n) => drag.ids.has(n.id));
      picked = this.picked = { doc, items, ids: drag.ids, nodes, touching: items.filter((i) => touches(i, drag.ids)) };
    }
    paintDragged(el, picked.nodes, picked.touching, lookup, drag, scale);
  }

  /** Lets go of the last drag's document. */
  drop(): void {
    this.picked = null;
  }
}

function paintDragged(
  el: HTMLCanvasElement,
  nodes: DiagramNode[],
  touching: Drawable[],
  lookup: Lookup,
  drag: OverviewDrag,
  scale: number,
): void {
  const px = 1 / scale,
    pad = margin(px);
  const shifted = shiftedLookup(lookup, drag);
  const lines: Array<{ item: Drawable; route: Route }> = [];
  for (const item of touching) {
    const route = routeOf(item, shifted);
    if (route) lines.push({ item, route });
  }
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  const take = (b: Box) => {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.w);
    y1 = Math.max(y1, b.y + b.h);
  };
  for (const n of nodes) take(nodeBox(n, pad, drag.dx, drag.dy));
  for (const l of lines) take(routeBox(l.route, pad));
  if (!Number.isFinite(x0)) {
    setBitmap(el, 1, 1);
    el.getContext('2d')!.clearRect(0, 0, 1, 1);
    return;
  }
  // Whole bitmap pixels. The bitmap is only made bigger (in steps), not new on every frame: a new
  // one costs more than drawing a few elements.
  const left = Math.floor(x0 * scale) / scale,
    top = Math.floor(y0 * scale) / scale;
  const step = (v: number, have: number) => (v <= have ? have : Math.ceil((v * 1.25) / 64) * 64);
  const w = step(Math.ceil((x1 - left) * scale), el.width > 1 ? el.width : 0),
    h = step(Math.ceil((y1 - top) * scale), el.height > 1 ? el.height : 0);
  Object.assign(el.style, { left: `${left}px`, top: `${top}px`, width: `${w / scale}px`, height: `${h / scale}px` });
  setBitmap(el, w, h);
  const ctx = el.getContext('2d')!;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, w, h);
  ctx.setTransform(scale, 0, 0, scale, -left * scale, -top * scale);
  drawScene(ctx, { nodes, lines, selected: drag.ids, dx: drag.dx, dy: drag.dy, px });
}
