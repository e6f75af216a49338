import type { Problem } from '@loopwright/engine';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DiagramCanvas } from './canvas/diagram-canvas';
import { ChartPanel } from './chart/chart-panel';
import { EditorProvider, type EditorServices, type RunView, type ToolState } from './editor-context';
import { EditorHeader } from './editor-header';
import { EngineClient } from './engine/engine-client';
import { EditorStore } from './model/editor-store';
import type { EditorDiagram } from './model/types';
import { ValueStore, useValue } from './model/value-store';
import { useFormFactor } from './layout/form-factor';
import { OutlineView } from './outline/outline-view';
import { Palette } from './panels/palette';
import { SidePanel } from './panels/side-panel';
import { RunController } from './runs/run-controller';
import { RunToolbar } from './runs/run-toolbar';
import type { Play, ServerRuns } from './runs/run-types';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useShortcuts } from './use-shortcuts';
import { useValidation } from './use-validation';
import './editor.css';

export interface EditorProps {
  title: string;
  doc: EditorDiagram;
  /** Called with every finished run (to keep it in the play history). */
  onPlay?: (play: Play) => void;
  /** Extra header content (save status, menus) given the services. */
  header?: (services: EditorServices, runs: RunController) => React.ReactNode;
  side?: (services: EditorServices, runs: RunController) => Partial<Record<string, React.ReactNode>>;
  onSaveNow?: () => void;
  onReady?: (services: EditorServices, runs: RunController) => void;
  /** Large batches on the server queue. */
  serverRuns?: ServerRuns;
  /** View only (a Viewer, a link viewer, a visitor): pan, zoom, select, inspect and run; no edits. */
  readOnly?: boolean;
  /** Shown between the header and the run toolbar (the view-only banner). */
  banner?: React.ReactNode;
  /** Where the header's ← leads (default: the diagram list). */
  back?: { to: string; label: string };
  /** Clicking the title renames the diagram. */
  onRename?: (name: string) => Promise<void>;
  /** Drawn over the canvas, inside the editor (comment badges and threads). */
  canvasOverlay?: React.ReactNode;
}

/** The diagram editor: palette, canvas or outline, properties and other panels, runs and chart. */
export function Editor(props: EditorProps) {
  return (
    <ReactFlowProvider>
      <EditorInner {...props} />
    </ReactFlowProvider>
  );
}

function EditorInner({
  title,
  doc,
  onPlay,
  header,
  side,
  onSaveNow,
  onReady,
  serverRuns,
  readOnly = false,
  banner,
  back,
  onRename,
  canvasOverlay,
}: EditorProps) {
  const rf = useReactFlow();
  const onPlayRef = useRef(onPlay);
  onPlayRef.current = onPlay;
  const [{ services, runs }] = useState(() => {
    const store = new EditorStore(doc);
    store.readOnly = readOnly;
    const engine = new EngineClient();
    const run = new ValueStore<RunView>({ mode: 'idle', frame: null, stepMs: 250 });
    const runs = new RunController(engine, store, run, (p) => onPlayRef.current?.(p));
    const services: EditorServices = {
      store,
      engine,
      run,
      runUi: runs.ui,
      problems: new ValueStore(new Map<string, Problem[]>()),
      tools: new ValueStore<ToolState>({
        placing: null,
        connection: 'resource',
        snap: true,
        minimap: false,
        viewOnly: readOnly,
      }),
      interact: (a) => void runs.interact(a),
    };
    return { services, runs };
  });
  useEffect(() => {
    onReady?.(services, runs);
    // Start the multiple-runs workers while the user is still drawing.
    const idle = setTimeout(
      () =>
        void services.engine
          .call({ type: 'warm', threads: Math.max(2, navigator.hardwareConcurrency || 2) })
          .catch(() => undefined),
      1500,
    );
    return () => {
      clearTimeout(idle);
      runs.stop();
      services.engine.terminate();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useValidation(services);
  const form = useFormFactor();
  const viewOnly = useValue(services.tools, (t) => t.viewOnly);
  // A phone opens a diagram to look at, pan, zoom and run; editing is one tap away (Edit).
  useEffect(() => {
    if (form === 'phone') services.tools.set({ ...services.tools.get(), viewOnly: true });
  }, [services]); // eslint-disable-line react-hooks/exhaustive-deps
  const [outline, setOutline] = useState(false);
  const [shortcuts, setShortcuts] = useState(false);
  const canvasBox = useRef<HTMLDivElement>(null);
  const chart = useValue(runs.ui, (u) => u.chart);

  const centre = useCallback(() => {
    const r = canvasBox.current?.getBoundingClientRect();
    if (!r) return { x: 0, y: 0 };
    const jitter = (services.store.doc.nodes.length % 5) * 12;
    return rf.screenToFlowPosition({ x: r.left + r.width / 2 + jitter, y: r.top + r.height / 2 + jitter });
  }, [rf, services]);

  const targets = useMemo(
    () => ({
      services,
      runs,
      centre,
      fit: () => void rf.fitView({ padding: 0.2, duration: 200, includeHiddenNodes: true }),
      zoom: (by: number) => void (by > 1 ? rf.zoomIn({ duration: 150 }) : rf.zoomOut({ duration: 150 })),
      toggleOutline: () => setOutline((o) => !o),
      showShortcuts: () => setShortcuts(true),
      saveNow: () => onSaveNow?.(),
    }),
    [services, runs, centre, rf, onSaveNow],
  );
  useShortcuts(targets);

  return (
    <EditorProvider value={services}>
      <div
        className={`editor editor--${form}${viewOnly ? ' is-view-only' : ''}${readOnly ? ' editor--read-only' : ''}`}
        data-testid="editor"
      >
        <EditorHeader
          title={title}
          outline={outline}
          onToggleOutline={() => setOutline(!outline)}
          onShortcuts={() => setShortcuts(true)}
          onFit={targets.fit}
          phone={form === 'phone'}
          readOnly={readOnly}
          back={back}
          onRename={onRename}
        >
          {header?.(services, runs)}
        </EditorHeader>
        {banner}
        <RunToolbar runs={runs} server={serverRuns} />
        <div className="editor__body">
          {viewOnly ? null : <Palette centre={centre} />}
          <div className="editor__work">
            <div className="editor__canvas" ref={canvasBox} hidden={outline}>
              <DiagramCanvas />
              {canvasOverlay}
            </div>
            {outline ? <OutlineView /> : null}
            <section className="editor__chart" aria-label="Chart">
              <ChartPanel chart={chart} title={title} />
            </section>
          </div>
          <SidePanel runs={runs} extra={side?.(services, runs) ?? {}} sheet={form === 'phone'} readOnly={readOnly} />
        </div>
        <ShortcutsDialog open={shortcuts} onClose={() => setShortcuts(false)} />
      </div>
    </EditorProvider>
  );
}
