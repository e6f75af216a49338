import { elementSize } from '../canvas/geometry';
import type { EditorDiagram, Point } from '../model/types';
import type { CommentThread } from './comments-api';

/** Where on the canvas a thread's badge sits, and which badge it shares (an element's threads share one). */
export interface Anchor {
  key: string;
  at: Point;
  /** False: pinned to an element that is no longer in the diagram (shown where it was). */
  present: boolean;
}

function nodeCentre(doc: EditorDiagram, id: string): Point | null {
  const n = doc.nodes.find((node) => node.id === id);
  if (!n) {
    // A state connection may end on another connection: its middle.
    const c = doc.connections.find((conn) => conn.id === id);
    return c ? connectionMiddle(doc, c.id) : null;
  }
  const s = elementSize(n);
  return { x: n.x + s.width / 2, y: n.y + s.height / 2 };
}

function connectionMiddle(doc: EditorDiagram, id: string, depth = 0): Point | null {
  const c = doc.connections.find((conn) => conn.id === id);
  if (!c || depth > 3) return null;
  if (c.points?.length) return c.points[Math.floor(c.points.length / 2)];
  const a = nodeCentre(doc, c.from);
  const b = nodeCentre(doc, c.to);
  return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : null;
}

export function anchorOf(thread: CommentThread, doc: EditorDiagram): Anchor {
  if (thread.target.kind === 'point')
    return { key: `point:${thread.id}`, at: { x: thread.x, y: thread.y }, present: true };
  const { elementId, elementKind } = thread.target;
  const key = `${elementKind}:${elementId}`;
  if (elementKind === 'node') {
    const n = doc.nodes.find((node) => node.id === elementId);
    if (n) return { key, at: { x: n.x + elementSize(n).width, y: n.y }, present: true };
  } else {
    const at = connectionMiddle(doc, elementId);
    if (at) return { key, at, present: true };
  }
  return { key, at: { x: thread.x, y: thread.y }, present: false };
}

/** What a thread is about, in words (the panel and the thread card). */
export function targetLabel(thread: CommentThread, doc: EditorDiagram): string {
  if (thread.target.kind === 'point') return 'A point on the canvas';
  const { elementId, elementKind } = thread.target;
  if (elementKind === 'node') {
    const n = doc.nodes.find((node) => node.id === elementId);
    return n ? n.name || `${n.type} ${n.id}` : 'A removed element';
  }
  const c = doc.connections.find((conn) => conn.id === elementId);
  if (!c) return 'A removed connection';
  const name = (id: string) => doc.nodes.find((node) => node.id === id)?.name || id;
  return `${name(c.from)} → ${name(c.to)}`;
}

/** The comments a badge counts: every comment of its open threads. */
export const commentCount = (threads: CommentThread[]) => threads.reduce((sum, t) => sum + t.comments.length, 0);
