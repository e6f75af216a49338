import {
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  ReactFlow,
  applyNodeChanges,
  useStore,
  useStoreApi,
  type Connection,
  type Edge,
  type FinalConnectionState,
  type Node,
  type NodeChange,
  type OnConnectEnd,
} from '@xyflow/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useEditor } from '../editor-context';
import { newConnection, newNode } from '../model/defaults';
import { useEditorDoc, useSelection } from '../model/editor-store';
import { freshId, freshName } from '../model/ids';
import { addConnection, addNode, moveNodes } from '../model/ops';
import { EMPTY_SELECTION, type NodeType, type Point, type Selection } from '../model/types';
import { useValue } from '../model/value-store';
import { ChartNode, GroupNode, TextNode } from './box-nodes';
import { useLongPress } from '../layout/long-press';
import { ConnectionLayer } from './connection-layer';
import { ContextMenu, type MenuAt } from './context-menu';
import { DrawablesCache, RouteCache } from './connection-routes';
import { ElementNode } from './element-node';
import { openingViewport } from './geometry';
import { FlowTokens } from './flow-tokens';
import { FAR_ZOOM, useFarZoom } from './level-of-detail';
import { FlowNodeCache } from './to-flow';
import { OverviewLayer, elementAt, type OverviewDrag } from './overview-layer';
import { useOverviewPointer } from './overview-pointer';
import { ValueStore } from '../model/value-store';
import { dropLibraryItem } from '../library/library-drop';

const nodeTypes = { element: ElementNode, text: TextNode, group: GroupNode, chart: ChartNode };
/** Connections are drawn by the connection layer, not as React Flow edges. */
const NO_EDGES: Edge[] = [];
export const PALETTE_MIME = 'application/x-loopwright-element';
const SNAP: [number, number] = [16, 16];

/** Adds an element of a type at a point (centred), selected; returns its id. */
export function placeNode(store: ReturnType<typeof useEditor>['store'], type: NodeType, at: Point): string {
  const doc = store.doc;
  const id = freshId(doc, type.slice(0, 1));
  const size = type === 'group' ? { w: 320, h: 200 } : type === 'chart' ? { w: 240, h: 140 } : { w: 48, h: 48 };
  const node = newNode(type, id, type === 'text' ? '' : freshName(doc, type), at.x - size.w / 2, at.y - size.h / 2);
  store.edit((d) => addNode(d, node), { select: { nodes: [id], connections: [] } });
  return id;
}

function applySelection(
  current: Selection,
  changes: Array<{ id: string; selected: boolean }>,
  key: 'nodes' | 'connections',
): Selection {
  const set = new Set(current[key]);
  for (const c of changes) c.selected ? set.add(c.id) : set.delete(c.id);
  return { ...current, [key]: [...set] };
}

export function DiagramCanvas({ onReady }: { onReady?: (api: { fit: () => void }) => void }) {
  const { store, tools } = useEditor();
  const doc = useEditorDoc(store);
  const selection = useSelection(store);
  const tool = useValue(tools);
  const { far, onMoveStart: farMoveStart, onMoveEnd: farMoveEnd } = useFarZoom();
  const connecting = useStore((s) => s.connection.inProgress);
  const cache = useRef(new FlowNodeCache());
  const [nodes, setNodes] = useState<Node[]>(() => cache.current.build(doc, selection, far));
  const drawablesCache = useRef(new DrawablesCache()).current;
  const items = useMemo(() => drawablesCache.of(doc), [doc, drawablesCache]);
  const routes = useRef(new RouteCache()).current;
  useEffect(() => routes.keep(new Set(items.map((i) => i.connection.id))), [items, routes]);
  // The first viewport is computed from the document before React Flow renders (one pass, no
  // fit after measuring): centred, and a big diagram at half size (Fit shows all of it).
  const box = useRef<HTMLDivElement>(null);
  const [opening, setOpening] = useState<{ x: number; y: number; zoom: number } | null>(null);
  const flowStore = useStoreApi();
  useLayoutEffect(() => {
    const r = box.current!.getBoundingClientRect();
    const at = openingViewport(store.doc.nodes, r.width, r.height);
    // React Flow's first render already has the opening zoom, so far out no element view is mounted even once.
    flowStore.setState({ transform: [at.x, at.y, at.zoom] });
    setNodes(cache.current.build(store.doc, store.selection, at.zoom < FAR_ZOOM));
    setOpening(at);
  }, [store, flowStore]);
  const instance = useRef<{
    screenToFlowPosition: (p: Point, options?: { snapToGrid: boolean }) => Point;
    fitView: (options?: { padding?: number; duration?: number; includeHiddenNodes?: boolean }) => unknown;
    getZoom: () => number;
  } | null>(null);
  const overviewDrag = useRef(new ValueStore<OverviewDrag | null>(null)).current;
  const toFlow = useCallback((p: Point) => instance.current?.screenToFlowPosition(p, { snapToGrid: false }) ?? p, []);
  const currentZoom = useCallback(() => instance.current?.getZoom() ?? 1, []);
  useOverviewPointer(box, far, {
    store,
    drag: overviewDrag,
    editable: !tool.viewOnly,
    snap: tool.snap,
    toFlow,
    zoom: currentZoom,
  });

  // Not before the opening viewport is known (the layout effect above builds the first nodes for it).
  useEffect(() => {
    if (opening) setNodes(cache.current.build(doc, selection, far));
  }, [doc, selection, far, opening]);

  const onNodesChange = useCallback(
    (changes: NodeChange[]) => {
      const selects = changes.filter((c) => c.type === 'select');
      if (selects.length) store.select(applySelection(store.selection, selects, 'nodes'));
      const local = changes.filter((c) => c.type === 'position' || c.type === 'dimensions');
      if (local.length) setNodes((ns) => applyNodeChanges(local, ns));
      // A drag that ended, or a move by the arrow keys: into the document (one undo step per gesture).
      const settled = new Map<string, Point>();
      for (const c of changes) if (c.type === 'position' && !c.dragging && c.position) settled.set(c.id, c.position);
      if (settled.size) store.edit((d) => moveNodes(d, settled), { coalesce: 'keyboard-move' });
    },
    [store],
  );

  const onNodeDragStart = useCallback(() => box.current?.classList.add('is-dragging'), []);
  const onNodeDragStop = useCallback(
    (_: unknown, __: Node, dragged: Node[]) => {
      box.current?.classList.remove('is-dragging');
      store.edit((d) => moveNodes(d, new Map(dragged.map((n) => [n.id, n.position]))));
    },
    [store],
  );

  const connect = useCallback(
    (from: string, to: string) => {
      const kind = tools.get().connection;
      const id = freshId(store.doc, 'c');
      store.edit((d) => addConnection(d, newConnection(id, kind, from, to)), {
        select: { nodes: [], connections: [id] },
      });
    },
    [store, tools],
  );

  const onConnect = useCallback(
    (c: Connection) => {
      if (c.source && c.target && c.source !== c.target) connect(c.source, c.target);
    },
    [connect],
  );

  // A state connection dropped on a connection's label modifies that label.
  const onConnectEnd: OnConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid || !state.fromNode) return;
      const point = 'changedTouches' in event ? event.changedTouches[0] : event;
      const hit = document
        .elementsFromPoint(point.clientX, point.clientY)
        .find((el) => el instanceof HTMLElement && el.dataset.connectionId);
      const target = (hit as HTMLElement | undefined)?.dataset.connectionId;
      if (!target) return;
      const prev = tools.get();
      tools.set({ ...prev, connection: 'state' });
      connect(state.fromNode.id, target);
      tools.set(prev);
    },
    [connect, tools],
  );

  const onPaneClick = useCallback(
    (e: React.MouseEvent) => {
      const placing = tools.get().placing;
      // Far out React Flow's nodes do not carry the selection (to-flow.ts): clear it here, as React
      // Flow does for the nodes it knows selected.
      if (!placing && box.current?.classList.contains('is-far')) store.select(EMPTY_SELECTION);
      if (!placing || !instance.current) return;
      placeNode(store, placing, instance.current.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
      tools.set({ ...tools.get(), placing: null });
    },
    [store, tools],
  );

  // A selection box far out holds no element view: like a click on the pane, it clears the selection.
  const onSelectionEnd = useCallback(() => {
    if (box.current?.classList.contains('is-far')) store.select(EMPTY_SELECTION);
  }, [store]);

  const [menu, setMenu] = useState<MenuAt | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  const openMenu = useCallback(
    (clientX: number, clientY: number, element: Element) => {
      if (tools.get().viewOnly || !instance.current || !box.current) return;
      const r = box.current.getBoundingClientRect();
      const nodeId =
        element.closest('.react-flow__node')?.getAttribute('data-id') ??
        (box.current.classList.contains('is-far')
          ? elementAt(store.doc, toFlow({ x: clientX, y: clientY }))?.id
          : undefined);
      const connId =
        element.closest<HTMLElement>('[data-connection-id]')?.dataset.connectionId ??
        element.closest<SVGElement>('.connection[data-id]')?.dataset.id;
      const sel = store.selection;
      if (nodeId && !sel.nodes.includes(nodeId)) store.select({ nodes: [nodeId], connections: [] });
      else if (connId && !sel.connections.includes(connId)) store.select({ nodes: [], connections: [connId] });
      setMenu({
        x: Math.max(4, Math.min(clientX - r.left, r.width - 190)),
        y: Math.max(4, Math.min(clientY - r.top, r.height - 140)),
        flow: instance.current.screenToFlowPosition({ x: clientX, y: clientY }),
        onSelection: Boolean(nodeId || connId),
      });
    },
    [store, tools, toFlow],
  );
  useLongPress(box, ({ x, y, element }) => openMenu(x, y, element));
  const menuActions = useMemo(
    () => ({
      addPool: (at: Point) => void placeNode(store, 'pool', at),
      fit: () => void instance.current?.fitView({ padding: 0.2, duration: 200, includeHiddenNodes: true }),
    }),
    [store],
  );

  // While the view pans or zooms nothing under the pointer needs hit-testing on every move (a class, no render).
  const onMoveStart = useCallback(() => {
    box.current?.classList.add('is-moving');
    farMoveStart();
  }, [farMoveStart]);
  const onMoveEnd = useCallback(() => {
    box.current?.classList.remove('is-moving');
    farMoveEnd();
  }, [farMoveEnd]);

  const onDrop = useCallback(
    (e: React.DragEvent) => {
      if (
        instance.current &&
        dropLibraryItem(store, e, instance.current.screenToFlowPosition({ x: e.clientX, y: e.clientY }))
      )
        return;
      const type = e.dataTransfer.getData(PALETTE_MIME) as NodeType;
      if (!type || !instance.current) return;
      e.preventDefault();
      placeNode(store, type, instance.current.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
    },
    [store],
  );

  return (
    <div
      ref={box}
      className={`diagram-canvas${tool.placing ? ' is-placing' : ''}${far ? ' is-far' : ''}${connecting ? ' is-connecting' : ''}`}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
      onContextMenu={(e) => {
        if (tool.viewOnly) return;
        e.preventDefault();
        openMenu(e.clientX, e.clientY, e.target as Element);
      }}
    >
      {opening ? (
        <ReactFlow
          nodes={nodes}
          edges={NO_EDGES}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onNodeDragStart={onNodeDragStart}
          onNodeDragStop={onNodeDragStop}
          onConnect={onConnect}
          onConnectEnd={onConnectEnd}
          onPaneClick={onPaneClick}
          onSelectionEnd={onSelectionEnd}
          onMoveStart={onMoveStart}
          onMoveEnd={onMoveEnd}
          onInit={(rf) => {
            instance.current = rf;
            onReady?.({ fit: () => void rf.fitView({ padding: 0.2, duration: 200, includeHiddenNodes: true }) });
          }}
          nodesDraggable={!tool.viewOnly}
          nodesConnectable={!tool.viewOnly}
          snapToGrid={tool.snap}
          snapGrid={SNAP}
          deleteKeyCode={null}
          selectionKeyCode="Shift"
          multiSelectionKeyCode={['Shift', 'Meta', 'Control']}
          onlyRenderVisibleElements
          defaultViewport={opening}
          minZoom={0.05}
          maxZoom={4}
          proOptions={{ hideAttribution: true }}
          ariaLabelConfig={{
            'node.a11yDescription.default': 'Press Enter or Space to select. Arrow keys move the selection.',
          }}
        >
          {far ? null : <Background variant={BackgroundVariant.Dots} gap={16} size={1} color="#d5d4e6" />}
          {(doc.nodes.length <= 400 || tool.minimap) && !tool.viewOnly ? (
            <MiniMap
              pannable
              zoomable
              ariaLabel="Minimap"
              nodeColor={(n) => (n.data as { node?: { color?: string } }).node?.color ?? '#c9c7f5'}
            />
          ) : null}
          <Controls
            aria-label="Zoom controls"
            showInteractive={false}
            fitViewOptions={{ padding: 0.2, maxZoom: 1.25, includeHiddenNodes: true }}
          />
          {far ? (
            <OverviewLayer doc={doc} items={items} routes={routes} selection={selection} drag={overviewDrag} />
          ) : (
            <ConnectionLayer items={items} selection={selection} far={far} routes={routes} editable={!tool.viewOnly} />
          )}
          <FlowTokens routes={routes} doc={doc} />
        </ReactFlow>
      ) : null}
      {menu ? <ContextMenu at={menu} store={store} actions={menuActions} onClose={closeMenu} /> : null}
    </div>
  );
}
