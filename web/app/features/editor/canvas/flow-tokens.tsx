import { useStoreApi } from '@xyflow/react';
import { useEffect, useMemo, useRef } from 'react';
import { useEditor } from '../editor-context';
import type { EditorDiagram } from '../model/types';
import type { RouteCache } from './connection-routes';
import { pointAlong } from './geometry';

/**
 * The resources moving along resource connections during an animated run, drawn on one canvas
 * over the diagram each animation frame (no DOM element and no React render per resource).
 */
export function FlowTokens({ routes, doc }: { routes: RouteCache; doc: EditorDiagram }) {
  const { run } = useEditor();
  const api = useStoreApi();
  const canvas = useRef<HTMLCanvasElement>(null);
  const resource = useMemo(
    () => new Set(doc.connections.filter((c) => c.kind === 'resource').map((c) => c.id)),
    [doc.connections],
  );
  const resourceRef = useRef(resource);
  resourceRef.current = resource;

  useEffect(() => {
    const el = canvas.current!;
    const ctx = el.getContext('2d');
    if (!ctx) return;
    let startedAt = 0;
    let frame = run.get().frame;
    let raf = 0;
    const primary = getComputedStyle(el).getPropertyValue('--color-primary').trim() || '#5a55f4';

    const draw = () => {
      raf = 0;
      const { transform, width, height } = api.getState();
      const dpr = window.devicePixelRatio || 1;
      if (el.width !== Math.round(width * dpr) || el.height !== Math.round(height * dpr)) {
        el.width = Math.round(width * dpr);
        el.height = Math.round(height * dpr);
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, el.width, el.height);
      const flows = frame?.flows;
      if (!flows) return;
      const { stepMs } = run.get();
      const duration = Math.max(80, stepMs * 0.8);
      const k = Math.min(1, (performance.now() - startedAt) / duration);
      const [tx, ty, zoom] = transform;
      ctx.setTransform(dpr * zoom, 0, 0, dpr * zoom, dpr * tx, dpr * ty);
      ctx.fillStyle = primary;
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      for (const id in flows) {
        if (!(flows[id] > 0) || !resourceRef.current.has(id)) continue;
        const route = routes.peek(id);
        if (!route) continue;
        const p = pointAlong(route.points, k);
        ctx.moveTo(p.x + 5, p.y);
        ctx.arc(p.x, p.y, 5, 0, Math.PI * 2);
      }
      ctx.fill();
      ctx.stroke();
      if (k < 1) raf = requestAnimationFrame(draw);
    };
    const schedule = () => {
      if (!raf) raf = requestAnimationFrame(draw);
    };
    const offRun = run.subscribe(() => {
      const next = run.get().frame;
      if (next === frame) return;
      frame = next;
      startedAt = performance.now();
      schedule();
    });
    // Panning, zooming and dragging move the resources with the diagram.
    const offView = api.subscribe((s, prev) => {
      if (frame?.flows && (s.transform !== prev.transform || s.nodes !== prev.nodes || s.width !== prev.width))
        schedule();
    });
    return () => {
      offRun();
      offView();
      cancelAnimationFrame(raf);
    };
  }, [api, run, routes]);

  return <canvas ref={canvas} className="flow-tokens" aria-hidden="true" />;
}
