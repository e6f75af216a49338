import { useEffect, type RefObject } from 'react';
import type { EditorStore } from '../model/editor-store';
import { moveNodes } from '../model/ops';
import type { Point } from '../model/types';
import type { ValueStore } from '../model/value-store';
import { elementAt, type OverviewDrag } from './overview-layer';

interface Options {
  store: EditorStore;
  drag: ValueStore<OverviewDrag | null>;
  editable: boolean;
  snap: boolean;
  toFlow: (p: Point) => Point;
  zoom: () => number;
}

const GRID = 16;
const snapped = (v: number, on: boolean) => (on ? Math.round(v / GRID) * GRID : Math.round(v));

/**
 * Far out the elements are drawn on the overview bitmap, not as React Flow nodes, so a press on one
 * is caught here first (capture phase, before React Flow starts a pan): a click selects it (Shift
 * adds or removes), a drag moves it, or the whole selection when it is part of it. A press on empty
 * canvas goes on to React Flow and pans.
 */
export function useOverviewPointer(box: RefObject<HTMLDivElement | null>, enabled: boolean, options: Options) {
  const { store, drag, editable, snap, toFlow, zoom } = options;
  useEffect(() => {
    const el = box.current;
    if (!el || !enabled) return;
    const onDown = (e: MouseEvent) => {
      if (e.button !== 0 || !(e.target as Element).closest('.react-flow__pane')) return;
      const hit = elementAt(store.doc, toFlow({ x: e.clientX, y: e.clientY }));
      if (!hit) return;
      e.stopPropagation();
      e.preventDefault();
      const selected = store.selection.nodes;
      const ids = new Set(selected.includes(hit.id) ? selected : [hit.id]);
      const start = { x: e.clientX, y: e.clientY };
      const scale = zoom();
      let moved = false;
      let frame = 0;
      let last = { dx: 0, dy: 0 };
      const onMove = (m: MouseEvent) => {
        if (!editable) return;
        if (!moved && Math.hypot(m.clientX - start.x, m.clientY - start.y) < 3) return;
        const first = !moved;
        moved = true;
        last = { dx: (m.clientX - start.x) / scale, dy: (m.clientY - start.y) / scale };
        if (!frame)
          frame = requestAnimationFrame(() => {
            frame = 0;
            // Selecting and lifting the element in one frame: the base bitmap is drawn again once, not
            // twice. The panels show the new selection once the element is put down.
            if (first) store.setDragging(true);
            if (first && !selected.includes(hit.id)) store.select({ nodes: [hit.id], connections: [] });
            drag.set({ ids, ...last });
          });
      };
      const onUp = (u: MouseEvent) => {
        window.removeEventListener('mousemove', onMove);
        window.removeEventListener('mouseup', onUp);
        cancelAnimationFrame(frame);
        // The click that follows lands on the pane, which would clear the selection: it is ours.
        const swallow = (c: MouseEvent) => c.stopPropagation();
        el.addEventListener('click', swallow, { capture: true, once: true });
        setTimeout(() => el.removeEventListener('click', swallow, { capture: true }), 0);
        if (!moved) {
          const s = store.selection;
          if (u.shiftKey) {
            const nodes = s.nodes.includes(hit.id) ? s.nodes.filter((id) => id !== hit.id) : [...s.nodes, hit.id];
            store.select({ nodes, connections: s.connections });
          } else store.select({ nodes: [hit.id], connections: [] });
          return;
        }
        const positions = new Map<string, Point>();
        for (const n of store.doc.nodes) {
          if (ids.has(n.id)) positions.set(n.id, { x: snapped(n.x + last.dx, snap), y: snapped(n.y + last.dy, snap) });
        }
        drag.set(null);
        if (!store.selection.nodes.includes(hit.id)) store.select({ nodes: [...ids], connections: [] });
        store.edit((d) => moveNodes(d, positions));
        // The panels catch up once the page is idle after the drop (at the latest after half a second).
        const w = window as Window & { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number };
        if (w.requestIdleCallback) w.requestIdleCallback(() => store.setDragging(false), { timeout: 500 });
        else setTimeout(() => store.setDragging(false), 100);
      };
      window.addEventListener('mousemove', onMove);
      window.addEventListener('mouseup', onUp);
    };
    el.addEventListener('mousedown', onDown, { capture: true });
    return () => el.removeEventListener('mousedown', onDown, { capture: true });
  }, [box, enabled, store, drag, editable, snap, toFlow, zoom]);
}
