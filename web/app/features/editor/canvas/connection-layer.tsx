import { useReactFlow, useStore, useStoreApi, type ReactFlowState } from '@xyflow/react';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useEditor } from '../editor-context';
import type { Point, Selection } from '../model/types';
import { useValue } from '../model/value-store';
import { routeOf, type Drawable, type Route, type RouteCache } from './connection-routes';
import { insertionIndex } from './geometry';
import { countRender } from './render-count';

type Box = [number, number, number, number];

/**
 * Which part of the diagram is drawn: the view in steps of half a screen and zoom in steps of √2, so
 * a pan re-renders the connections once every half screen instead of on every frame; "all" while
 * the view (with its margin) holds every connection, so a pan over a fitted diagram re-renders nothing.
 */
const cullKey = (bounds: Box | null) => (s: ReactFlowState) => {
  if (bounds && covers(cullRect(s), bounds)) return 'all';
  const [tx, ty, zoom] = s.transform;
  const bucket = Math.round(Math.log2(zoom) * 2);
  const cell = Math.max(s.width, s.height, 1) / 2 ** (bucket / 2) / 2;
  return `${Math.floor(-tx / zoom / cell)},${Math.floor(-ty / zoom / cell)},${bucket},${s.width}x${s.height}`;
};

/** The view in flow coordinates, with half a screen around it. */
function cullRect(s: ReactFlowState): [number, number, number, number] {
  const [tx, ty, zoom] = s.transform;
  const w = s.width / zoom,
    h = s.height / zoom;
  const margin = Math.max(w, h) * 0.75;
  return [-tx / zoom - margin, -ty / zoom - margin, -tx / zoom + w + margin, -ty / zoom + h + margin];
}

const covers = (r: Box, b: Box) => r[0] <= b[0] && r[1] <= b[1] && r[2] >= b[2] && r[3] >= b[3];
const inRect = (b: Route['box'], r: [number, number, number, number]) =>
  b[2] >= r[0] && b[0] <= r[2] && b[3] >= r[1] && b[1] <= r[3];

const INK = 'var(--editor-ink, #1d1b36)';
const STATE_INK = 'var(--editor-state, #5f5d78)';
const ERROR = 'var(--color-error)';

interface PathProps {
  id: string;
  d: string;
  state: boolean;
  colour: string;
  selected: boolean;
  marker: string | null;
  hit: boolean;
}

/** One connection: the drawn line and a wider invisible line to point at. */
const ConnectionPath = memo(function ConnectionPath({ id, d, state, colour, selected, marker, hit }: PathProps) {
  countRender('connection');
  return (
    <g className={`connection${state ? ' connection--state' : ''}${selected ? ' is-selected' : ''}`} data-id={id}>
      <path
        className="connection__line"
        d={d}
        style={selected ? undefined : { stroke: colour }}
        markerEnd={marker ? `url(#${marker})` : undefined}
      />
      {hit ? <path className="connection__hit" d={d} /> : null}
    </g>
  );
});

interface LabelProps {
  id: string;
  x: number;
  y: number;
  text: string;
  state: boolean;
  selected: boolean;
  problem?: string;
  flow: number;
  onPick: (id: string, add: boolean) => void;
}

const ConnectionLabel = memo(function ConnectionLabel({
  id,
  x,
  y,
  text,
  state,
  selected,
  problem,
  flow,
  onPick,
}: LabelProps) {
  return (
    <button
      type="button"
      className={`connection-label nodrag nopan${selected ? ' is-selected' : ''}${problem ? ' is-invalid' : ''}${state ? ' connection-label--state' : ''}`}
      style={{ transform: `translate(-50%, -50%) translate(${x}px, ${y}px)` }}
      data-connection-id={id}
      title={problem}
      aria-label={`${state ? 'State' : 'Resource'} connection ${text || '(no formula)'}${problem ? `: ${problem}` : ''}`}
      onClick={(e) => onPick(id, e.shiftKey)}
    >
      {text || '·'}
      {flow > 0 ? <span className="connection-label__flow">{flow}</span> : null}
    </button>
  );
});

/** Arrowheads, one per colour in use: closed for resource connections, open for state connections. */
function Markers({ colours }: { colours: Map<string, string> }) {
  return (
    <defs>
      {[...colours].map(([key, id]) => {
        const [kind, colour] = key.split('|');
        return (
          <marker
            key={id}
            id={id}
            viewBox="-10 -10 20 20"
            markerWidth="16"
            markerHeight="16"
            markerUnits="userSpaceOnUse"
            orient="auto-start-reverse"
            refX="0"
            refY="0"
          >
            {kind === 'state' ? (
              <polyline
                points="-5,-4 0,0 -5,4"
                style={{
                  fill: 'none',
                  stroke: colour,
                  strokeWidth: 1,
                  strokeLinecap: 'round',
                  strokeLinejoin: 'round',
                }}
              />
            ) : (
              <polyline
                points="-5,-4 0,0 -5,4 -5,-4"
                style={{
                  fill: colour,
                  stroke: colour,
                  strokeWidth: 1,
                  strokeLinecap: 'round',
                  strokeLinejoin: 'round',
                }}
              />
            )}
          </marker>
        );
      })}
    </defs>
  );
}

/**
 * Every connection in one SVG inside React Flow's viewport (React Flow's own edges are one SVG
 * each, which Chromium layerises one by one on every frame), with their labels as buttons beside
 * it. Only connections near the view are drawn; labels and hit areas are left out when far out.
 */
export function ConnectionLayer({
  items,
  selection,
  far,
  routes,
  editable,
}: {
  items: Drawable[];
  selection: Selection;
  far: boolean;
  routes: RouteCache;
  editable: boolean;
}) {
  const { store, problems, run } = useEditor();
  const api = useStoreApi();
  const { screenToFlowPosition } = useReactFlow();
  const domNode = useStore((s) => s.domNode);
  const layer = useMemo(
    () => domNode?.querySelector<HTMLElement>('.react-flow__edgelabel-renderer') ?? null,
    [domNode],
  );
  // Re-render when elements move or resize (not on every pan frame).
  useStore((s) => s.nodes);
  const bounds = useRef<Box | null>(null);
  useStore(useMemo(() => cullKey(bounds.current), [bounds.current])); // eslint-disable-line react-hooks/exhaustive-deps
  const problemMap = useValue(problems);
  const flows = useValue(run, (r) => r.frame?.flows);
  const [bend, setBend] = useState<{ id: string; index: number; point: Point } | null>(null);

  const pick = useCallback(
    (id: string, add: boolean) => {
      const s = store.selection;
      store.select(add ? { nodes: s.nodes, connections: [...s.connections, id] } : { nodes: [], connections: [id] });
    },
    [store],
  );

  const { nodeLookup } = api.getState();
  const rect = cullRect(api.getState());
  const selected = new Set(selection.connections);
  const colours = new Map<string, string>();
  const markerFor = (kind: string, colour: string) => {
    const key = `${kind}|${colour}`;
    let id = colours.get(key);
    if (!id) colours.set(key, (id = `lw-arrow-${colours.size}`));
    return id;
  };
  const paths: React.ReactNode[] = [];
  const labels: React.ReactNode[] = [];
  const handles: React.ReactNode[] = [];
  const byId = new Map<string, { item: Drawable; route: Route }>();
  const all: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const item of items) {
    const c = item.connection;
    const route =
      bend?.id === c.id
        ? routeOf(
            item,
            nodeLookup,
            (c.points ?? []).map((p, i) => (i === bend.index ? bend.point : p)),
          )
        : routes.get(item, nodeLookup);
    if (!route) continue;
    all[0] = Math.min(all[0], route.box[0]);
    all[1] = Math.min(all[1], route.box[1]);
    all[2] = Math.max(all[2], route.box[2]);
    all[3] = Math.max(all[3], route.box[3]);
    if (!inRect(route.box, rect)) continue;
    byId.set(c.id, { item, route });
    const state = c.kind === 'state';
    const problem = problemMap.get(c.id)?.find((p) => p.severity === 'error' || p.disables);
    const isSelected = selected.has(c.id);
    const colour = problem ? ERROR : c.color || (state ? STATE_INK : INK);
    const marker = far ? null : markerFor(c.kind, isSelected ? 'var(--color-primary)' : colour);
    paths.push(
      <ConnectionPath
        key={c.id}
        id={c.id}
        d={route.d}
        state={state}
        colour={colour}
        selected={isSelected}
        marker={marker}
        hit={!far}
      />,
    );
    if (!far) {
      labels.push(
        <ConnectionLabel
          key={c.id}
          id={c.id}
          x={route.mid.x}
          y={route.mid.y}
          text={c.formula}
          state={state}
          selected={isSelected}
          problem={problem?.message}
          flow={flows?.[c.id] ?? 0}
          onPick={pick}
        />,
      );
    }
    if (isSelected && editable) {
      route.points.slice(1, -1).forEach((p, i) =>
        handles.push(
          <circle
            key={`${c.id}:${i}`}
            cx={p.x}
            cy={p.y}
            r="6"
            className="connection__bend nodrag nopan"
            data-id={c.id}
            data-index={i}
          >
            <title>Bend point (drag to move, double-click to remove)</title>
          </circle>,
        ),
      );
    }
  }

  const sameBounds = bounds.current && bounds.current.every((v, i) => v === all[i]);
  if (!sameBounds) bounds.current = all;

  const editPoints = (id: string, change: (points: Point[]) => Point[]) =>
    store.edit((d) => ({
      ...d,
      connections: d.connections.map((x) => (x.id === id ? { ...x, points: change(x.points ?? []) } : x)),
    }));
  const target = (e: React.SyntheticEvent) => {
    const el = (e.target as Element).closest<SVGElement>('[data-id]');
    return el ? { id: el.dataset.id!, index: el.dataset.index === undefined ? -1 : Number(el.dataset.index) } : null;
  };
  const onClick = (e: React.MouseEvent) => {
    const t = target(e);
    if (t && t.index < 0) pick(t.id, e.shiftKey);
  };
  const onDoubleClick = (e: React.MouseEvent) => {
    const t = target(e);
    const hit = t && byId.get(t.id);
    if (!t || !hit || !editable) return;
    e.stopPropagation();
    if (t.index >= 0) return void editPoints(t.id, (ps) => ps.filter((_, i) => i !== t.index));
    const p = screenToFlowPosition({ x: e.clientX, y: e.clientY });
    const at = insertionIndex(hit.route.points, p);
    editPoints(t.id, (ps) => [...ps.slice(0, at), p, ...ps.slice(at)]);
  };
  const onPointerDown = (e: React.PointerEvent) => {
    const t = target(e);
    const hit = t && byId.get(t.id);
    if (!t || t.index < 0 || !hit) return;
    e.stopPropagation();
    (e.target as Element).setPointerCapture(e.pointerId);
    setBend({ id: t.id, index: t.index, point: hit.route.points[t.index + 1] });
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (bend) setBend({ ...bend, point: screenToFlowPosition({ x: e.clientX, y: e.clientY }) });
  };
  const onPointerUp = () => {
    if (!bend) return;
    setBend(null);
    const { id, index, point } = bend;
    editPoints(id, (ps) => ps.map((p, i) => (i === index ? { x: Math.round(point.x), y: Math.round(point.y) } : p)));
  };

  if (!layer) return null;
  return createPortal(
    <>
      <svg
        className={`connection-layer${far ? ' is-far' : ''}`}
        width="1"
        height="1"
        aria-hidden="true"
        onClick={onClick}
        onDoubleClick={onDoubleClick}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
      >
        <Markers colours={colours} />
        {paths}
        {handles}
      </svg>
      {labels}
    </>,
    layer,
  );
}
