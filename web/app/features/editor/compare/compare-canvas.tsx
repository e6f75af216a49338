import type { Problem } from '@loopwright/engine';
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import { DiagramCanvas } from '../canvas/diagram-canvas';
import { EditorProvider, type EditorServices, type RunView, type ToolState } from '../editor-context';
import type { EngineClient } from '../engine/engine-client';
import { EditorStore } from '../model/editor-store';
import type { EditorDiagram } from '../model/types';
import { ValueStore } from '../model/value-store';
import { IDLE_RUN, type RunUiState } from '../runs/run-types';
import { markStyles, type CompareScene } from './compare-scene';

/** The editor's own canvas, view only, over the compare scene; the marks are CSS over element ids. */
export function CompareCanvas({ scene, engine }: { scene: CompareScene; engine: EngineClient }) {
  const services = useMemo(() => viewOnlyServices(scene.doc, engine), [scene.doc, engine]);
  const css = useMemo(() => markStyles(scene), [scene]);
  return (
    <div className="compare-canvas" data-testid="compare-canvas">
      <style>{css}</style>
      <ReactFlowProvider>
        <EditorProvider value={services}>
          <div className="editor__canvas">
            <DiagramCanvas />
          </div>
        </EditorProvider>
      </ReactFlowProvider>
    </div>
  );
}

function viewOnlyServices(doc: EditorDiagram, engine: EngineClient): EditorServices {
  const store = new EditorStore(doc);
  store.readOnly = true;
  return {
    store,
    engine,
    run: new ValueStore<RunView>({ mode: 'idle', frame: null, stepMs: 250 }),
    runUi: new ValueStore<RunUiState>(IDLE_RUN),
    problems: new ValueStore(new Map<string, Problem[]>()),
    tools: new ValueStore<ToolState>({
      placing: null,
      connection: 'resource',
      snap: false,
      minimap: false,
      viewOnly: true,
    }),
    interact: () => undefined,
  };
}
