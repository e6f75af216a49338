import type { InternalNode } from '@xyflow/react';
import type { Point } from '../model/types';

export interface NodeShape {
  center: Point;
  radius: number;
}

export function shapeOf(node: InternalNode | undefined): NodeShape | null {
  if (!node) return null;
  const w = node.measured.width ?? 48,
    h = node.measured.height ?? 48;
  const p = node.internals.positionAbsolute;
  return { center: { x: p.x + w / 2, y: p.y + h / 2 }, radius: Math.min(w, h) / 2 + 3 };
}

/** Moves `from` towards `to` by `by` pixels (to clip a line at a node's border). */
export function stepToward(from: Point, to: Point, by: number): Point {
  const dx = to.x - from.x,
    dy = to.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  const k = Math.min(by, len / 2) / len;
  return { x: from.x + dx * k, y: from.y + dy * k };
}

/** The polyline through the points as an SVG path. */
export function polylinePath(points: Point[]): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

/** The point at fraction `k` (0–1) of a polyline's length. */
export function pointAlong(points: Point[], k: number): Point {
  let total = 0;
  for (let i = 1; i < points.length; i++)
    total += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  let left = total * Math.max(0, Math.min(1, k));
  for (let i = 1; i < points.length; i++) {
    const seg = Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
    if (left <= seg && seg > 0) {
      const t = left / seg;
      return {
        x: points[i - 1].x + (points[i].x - points[i - 1].x) * t,
        y: points[i - 1].y + (points[i].y - points[i - 1].y) * t,
      };
    }
    left -= seg;
  }
  return points[points.length - 1];
}

/** The point halfway along a polyline (where the label sits). */
export function midpoint(points: Point[]): Point {
  return pointAlong(points, 0.5);
}

/** Index at which a new bend point at `p` belongs: after the segment nearest to it. */
export function insertionIndex(route: Point[], p: Point): number {
  let best = 0,
    bestD = Infinity;
  for (let i = 1; i < route.length; i++) {
    const d = distanceToSegment(p, route[i - 1], route[i]);
    if (d < bestD) {
      bestD = d;
      best = i - 1;
    }
  }
  return best;
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x,
    dy = b.y - a.y;
  const len2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** The size an element is drawn at: charts and groups keep their own (with these defaults), symbols 48 × 64 with the name. */
export function elementSize(n: { type?: string; width?: number; height?: number }): { width: number; height: number } {
  if (n.type === 'chart') return { width: n.width ?? 240, height: n.height ?? 140 };
  if (n.type === 'group') return { width: n.width ?? 320, height: n.height ?? 200 };
  return { width: n.width ?? 48, height: n.height ?? 64 };
}

/** More elements than this open as a whole (the overview far out), not at half size around the middle. */
const BIG_DIAGRAM = 300;

/**
 * The viewport that shows the document's elements centred, at 50–125 % (no zoom-out past half size
 * on open) — except a big diagram that does not fit at half size: it opens fitted, as the overview
 * (one bitmap, drawn at once), and element views appear as the designer zooms in.
 */
export function openingViewport(
  nodes: Array<{ type?: string; x: number; y: number; width?: number; height?: number }>,
  width: number,
  height: number,
): { x: number; y: number; zoom: number } {
  if (!nodes.length || !width || !height) return { x: width / 2, y: height / 2, zoom: 1 };
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const n of nodes) {
    minX = Math.min(minX, n.x);
    minY = Math.min(minY, n.y);
    const size = elementSize(n);
    maxX = Math.max(maxX, n.x + size.width);
    maxY = Math.max(maxY, n.y + size.height);
  }
  const fit = Math.min(1.25, width / ((maxX - minX) * 1.4 || 1), height / ((maxY - minY) * 1.4 || 1));
  const zoom = nodes.length > BIG_DIAGRAM && fit < 0.5 ? Math.max(0.05, fit) : Math.max(0.5, fit);
  return { x: width / 2 - ((minX + maxX) / 2) * zoom, y: height / 2 - ((minY + maxY) / 2) * zoom, zoom };
}
