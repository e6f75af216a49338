import { useStore, useStoreApi } from '@xyflow/react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { DiagramNode, EditorDiagram, Point, Selection } from '../model/types';
import { useValue, type ValueStore } from '../model/value-store';
import type { Drawable, RouteCache } from './connection-routes';
import { elementSize } from './geometry';
import { FAR_ZOOM } from './level-of-detail';
import { extentOf } from './overview-boxes';
import { BasePainter, DocLookup, DragPainter, type OverviewDrag } from './overview-paint';

export type { OverviewDrag } from './overview-paint';

/** The most canvas pixels drawn at once (≈ 64 MB of bitmap); a bigger diagram is drawn less sharp. */
const MAX_PIXELS = 16_000_000;

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
 * connections are drawn each frame, on a second canvas, straight from the drag's updates: the layer
 * renders again only when a drag starts or ends.
 */
export function OverviewLayer({ doc, items, routes, selection, drag: dragStore }: Props) {
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
  const scaleFor = (z: number) =>
    Math.min(z * (window.devicePixelRatio || 1), Math.sqrt(MAX_PIXELS / (extent.w * extent.h)), FAR_ZOOM * 2);
  const dragIds = useValue(dragStore, (d) => d?.ids);

  const painter = useRef(new BasePainter()).current;
  const docLookup = useRef(new DocLookup()).current;
  const dragPainter = useRef(new DragPainter()).current;
  const lookup = () => {
    const state = api.getState();
    return docLookup.of(state.nodeLookup, doc, state);
  };

  // The base bitmap: everything but what is being dragged (only the places that changed, when it can).
  const paintBase = (z: number) => {
    const el = base.current;
    if (!el) return;
    drawnZoom.current = z;
    painter.paint(el, {
      doc,
      items,
      routes,
      lookup: lookup(),
      selected,
      moving: dragIds ?? null,
      scale: scaleFor(z),
      extent,
    });
    el.dataset.elements = String(doc.nodes.length - (dragIds?.size ?? 0));
    el.dataset.connections = String(items.length);
  };
  const paintRef = useRef(paintBase);
  paintRef.current = paintBase;

  // Also once the viewport is there to hold the canvases (it is not in React Flow's first render).
  useLayoutEffect(
    () => paintRef.current(drawnZoom.current || api.getState().transform[2]),
    [doc, items, selected, dragIds, extent, api, viewport],
  );

  useEffect(() => {
    if (!drawnZoom.current || Math.abs(Math.log(zoom / drawnZoom.current)) < 0.15) return;
    const t = setTimeout(() => paintRef.current(zoom), 150);
    return () => clearTimeout(t);
  }, [zoom]);

  // The dragged elements: on every update of the drag, and after every render (the diagram changed).
  const paintDrag = () => {
    const el = top.current;
    if (!el) return;
    const drag = dragStore.get();
    if (!drag) {
      dragPainter.drop();
      // Cleared, not shrunk: the next drag draws on the same bitmap (a new one costs a long frame).
      const ctx = el.getContext('2d');
      ctx?.setTransform(1, 0, 0, 1, 0, 0);
      ctx?.clearRect(0, 0, el.width, el.height);
      return;
    }
    dragPainter.paint(el, {
      doc,
      items,
      lookup: lookup(),
      drag,
      scale: scaleFor(drawnZoom.current || api.getState().transform[2]),
    });
  };
  const paintDragRef = useRef(paintDrag);
  paintDragRef.current = paintDrag;
  useLayoutEffect(() => paintDragRef.current());
  useLayoutEffect(() => dragStore.subscribe(() => paintDragRef.current()), [dragStore]);

  if (!viewport) return null;
  const style: React.CSSProperties = {
    position: 'absolute',
    left: extent.x,
    top: extent.y,
    width: extent.w,
    height: extent.h,
    pointerEvents: 'none',
  };
  return createPortal(
    <div className="overview-layer" aria-hidden="true">
      <canvas ref={base} className="overview-layer__base" style={style} />
      <canvas ref={top} className="overview-layer__drag" style={{ position: 'absolute', pointerEvents: 'none' }} />
    </div>,
    viewport,
  );
}
