import type { InternalNode } from '@xyflow/react';
import type { EditorConnection, EditorDiagram, Point } from '../model/types';
import { midpoint, polylinePath, shapeOf, stepToward } from './geometry';

/** A connection as the canvas draws it: between two elements, or from an element onto another connection's label. */
export interface Drawable {
  connection: EditorConnection;
  from: string;
  to: string;
  /** For a state connection onto a connection's label: that connection. */
  target?: EditorConnection;
}

/** The connections that can be drawn (both ends exist), in document order. */
export function drawables(doc: EditorDiagram): Drawable[] {
  const nodeIds = new Set(doc.nodes.map((n) => n.id));
  const byId = new Map(doc.connections.map((c) => [c.id, c]));
  const out: Drawable[] = [];
  for (const c of doc.connections) {
    if (!nodeIds.has(c.from)) continue;
    if (nodeIds.has(c.to)) {
      out.push({ connection: c, from: c.from, to: c.to });
      continue;
    }
    const t = byId.get(c.to);
    if (t && nodeIds.has(t.from) && nodeIds.has(t.to)) out.push({ connection: c, from: c.from, to: t.to, target: t });
  }
  return out;
}

/**
 * drawables(doc), kept while the connections and the elements' ids stay the same: moving elements
 * keeps the very same list, so what is keyed on it (the overview's index of connections by element,
 * the route cache's clean-up) is not built again after every drop.
 */
export class DrawablesCache {
  private last: { doc: EditorDiagram; items: Drawable[] } | null = null;

  of(doc: EditorDiagram): Drawable[] {
    const last = this.last;
    if (last && last.doc.connections === doc.connections && sameIds(last.doc.nodes, doc.nodes)) {
      this.last = { doc, items: last.items };
      return last.items;
    }
    this.last = { doc, items: drawables(doc) };
    return this.last.items;
  }
}

/** The same element ids in the same order. */
export function sameIds(a: readonly { id: string }[], b: readonly { id: string }[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && a[i].id !== b[i].id) return false;
  return true;
}

export interface Route {
  points: Point[];
  d: string;
  mid: Point;
  /** Bounding box: min x, min y, max x, max y. */
  box: [number, number, number, number];
}

interface Entry {
  connection: EditorConnection;
  target?: EditorConnection;
  ends: Array<InternalNode | undefined>;
  route: Route | null;
}

type Lookup = Map<string, InternalNode>;

/** Floating between node borders, through the bend points; onto a label: ends at the label's middle. */
export function routeOf(item: Drawable, lookup: Lookup, bends = item.connection.points ?? []): Route | null {
  const lt = item.target;
  const from = shapeOf(lookup.get(item.from));
  const to = shapeOf(lookup.get(lt ? lt.from : item.to));
  const to2 = shapeOf(lookup.get(lt ? lt.to : item.to));
  if (!from || !to || !to2) return null;
  const end = lt ? midpoint([to.center, ...(lt.points ?? []), to2.center]) : to.center;
  const first = bends[0] ?? end;
  const last = bends[bends.length - 1] ?? from.center;
  const start = stepToward(from.center, first, from.radius);
  const stop = stepToward(end, last, lt ? 20 : to.radius);
  const points = [start, ...bends, stop];
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { points, d: polylinePath(points), mid: midpoint(points), box: [x0, y0, x1, y1] };
}

/**
 * Routes of every connection, recomputed only for connections whose document entry or end nodes
 * changed (a drag among 5,000 elements recomputes the dragged element's connections only).
 */
export class RouteCache {
  private entries = new Map<string, Entry>();

  get(item: Drawable, lookup: Lookup): Route | null {
    const lt = item.target;
    const ends = [lookup.get(item.from), lookup.get(lt ? lt.from : item.to), lookup.get(lt ? lt.to : item.to)];
    const prev = this.entries.get(item.connection.id);
    if (prev && prev.connection === item.connection && prev.target === lt && prev.ends.every((e, i) => e === ends[i]))
      return prev.route;
    const route = routeOf(item, lookup);
    this.entries.set(item.connection.id, { connection: item.connection, target: lt, ends, route });
    return route;
  }

  /** The last route computed for a connection (for the resource animation). */
  peek(id: string): Route | null {
    return this.entries.get(id)?.route ?? null;
  }

  /** Forgets connections that are gone. */
  keep(ids: Set<string>): void {
    for (const id of this.entries.keys()) if (!ids.has(id)) this.entries.delete(id);
  }
}
