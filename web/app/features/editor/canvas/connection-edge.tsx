import { BaseEdge, useReactFlow, useStore, type Edge, type EdgeProps, type InternalNode } from '@xyflow/react';
import { memo, useCallback, useState } from 'react';
import { useEditor } from '../editor-context';
import type { EditorConnection, Point } from '../model/types';
import { useValue } from '../model/value-store';
import { insertionIndex, midpoint, polylinePath, shapeOf, stepToward } from './geometry';
import { EdgeLabel } from './level-of-detail';

export type ConnectionEdgeData = {
  connection: EditorConnection;
  /** For a state connection onto a connection's label: that connection's ends and bend points. */
  labelTarget?: { from: string; to: string; points?: Point[] };
};
export type ConnectionFlowEdge = Edge<ConnectionEdgeData, 'connection'>;

type Ends = [InternalNode | undefined, InternalNode | undefined, InternalNode | undefined];
const sameEnds = (a: Ends, b: Ends) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** The three nodes an edge is drawn between, in one store subscription (each one is checked on every pan and drag frame). */
function useEndNodes(source: string, to: string, to2: string): Ends {
  return useStore(useCallback((s): Ends => [s.nodeLookup.get(source), s.nodeLookup.get(to), s.nodeLookup.get(to2)], [source, to, to2]), sameEnds);
}

/** Resource (solid) and state (dotted) connections, floating between node borders, through bend points. */
function ConnectionEdgeView({ id, source, target, data, selected, markerEnd }: EdgeProps<ConnectionFlowEdge>) {
  const { store, run, problems } = useEditor();
  const { screenToFlowPosition } = useReactFlow();
  const c = data!.connection;
  const lt = data!.labelTarget;
  const [fromNode, toNode, to2Node] = useEndNodes(source, lt ? lt.from : target, lt ? lt.to : target);
  const from = shapeOf(fromNode);
  const to = shapeOf(toNode);
  const to2 = shapeOf(to2Node);
  const flow = useValue(run, (r) => r.frame?.flows[id] ?? 0);
  const step = useValue(run, (r) => r.frame?.t ?? 0);
  const stepMs = useValue(run, (r) => r.stepMs);
  const problem = useValue(problems, (m) => m.get(id)?.find((p) => p.severity === 'error' || p.disables));
  const [drag, setDrag] = useState<{ index: number; point: Point } | null>(null);
  if (!from || !to || !to2) return null;

  const bends = (c.points ?? []).map((p, i) => (drag && drag.index === i ? drag.point : p));
  let end: Point;
  if (lt) {
    const a = lt.points?.length ? lt.points : [];
    end = midpoint([to.center, ...a, to2.center]);
  } else end = to.center;
  const first = bends[0] ?? end;
  const last = bends[bends.length - 1] ?? from.center;
  const start = stepToward(from.center, first, from.radius);
  const stop = lt ? stepToward(end, last, 20) : stepToward(end, last, to.radius);
  const route = [start, ...bends, stop];
  const path = polylinePath(route);
  const mid = midpoint(route);
  const state = c.kind === 'state';

  const addBend = (e: React.MouseEvent) => {
    e.stopPropagation();
    const p = screenToFlowPosition({ x: e.clientX, y: e.clientY });
    const at = insertionIndex(route, p);
    store.edit((d) => ({ ...d, connections: d.connections.map((x) => (x.id === id ? { ...x, points: [...bends.slice(0, at), p, ...bends.slice(at)] } : x)) }));
  };
  const startDrag = (index: number) => (e: React.PointerEvent) => {
    e.stopPropagation();
    (e.target as Element).setPointerCapture(e.pointerId);
    setDrag({ index, point: bends[index] });
  };
  const moveDrag = (e: React.PointerEvent) => {
    if (drag) setDrag({ index: drag.index, point: screenToFlowPosition({ x: e.clientX, y: e.clientY }) });
  };
  const endDrag = () => {
    if (!drag) return;
    const { index, point } = drag;
    setDrag(null);
    store.edit((d) => ({ ...d, connections: d.connections.map((x) => (x.id === id ? { ...x, points: bends.map((p, i) => (i === index ? { x: Math.round(point.x), y: Math.round(point.y) } : p)) } : x)) }));
  };
  const removeBend = (index: number) => (e: React.MouseEvent) => {
    e.stopPropagation();
    store.edit((d) => ({ ...d, connections: d.connections.map((x) => (x.id === id ? { ...x, points: bends.filter((_, i) => i !== index) } : x)) }));
  };
  const colour = problem ? 'var(--color-error)' : c.color || (state ? 'var(--editor-state, #5f5d78)' : 'var(--editor-ink, #1d1b36)');
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        interactionWidth={14}
        style={{ stroke: colour, strokeWidth: selected ? 3 : 2, strokeDasharray: state ? '5 5' : undefined }}
      />
      <path d={path} className="connection-edge__hit" onDoubleClick={addBend} />
      {flow > 0 && !state ? (
        <circle key={step} r="5" className="connection-edge__token">
          <animateMotion dur={`${Math.max(80, stepMs * 0.8)}ms`} path={path} fill="freeze" begin="0s" calcMode="linear" keyPoints="0;1" keyTimes="0;1" />
        </circle>
      ) : null}
      {selected
        ? bends.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r="6" className="connection-edge__bend nodrag nopan"
            onPointerDown={startDrag(i)} onPointerMove={moveDrag} onPointerUp={endDrag} onDoubleClick={removeBend(i)}>
            <title>Bend point (drag to move, double-click to remove)</title>
          </circle>
        ))
        : null}
      <EdgeLabel>
        <button
          type="button"
          className={`connection-label nodrag nopan${selected ? ' is-selected' : ''}${problem ? ' is-invalid' : ''}${state ? ' connection-label--state' : ''}`}
          style={{ transform: `translate(-50%, -50%) translate(${mid.x}px, ${mid.y}px)` }}
          data-connection-id={id}
          title={problem?.message}
          aria-label={`${state ? 'State' : 'Resource'} connection ${c.formula || '(no formula)'}${problem ? `: ${problem.message}` : ''}`}
          onClick={(e) => {
            store.select(e.shiftKey ? { nodes: store.selection.nodes, connections: [...store.selection.connections, id] } : { nodes: [], connections: [id] });
          }}
        >
          {c.formula || '·'}
          {flow > 0 ? <span className="connection-label__flow">{flow}</span> : null}
        </button>
      </EdgeLabel>
    </>
  );
}

export const ConnectionEdge = memo(ConnectionEdgeView);
