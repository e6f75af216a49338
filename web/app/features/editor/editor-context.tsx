import type { Problem } from '@loopwright/engine';
import { createContext, useContext } from 'react';
import type { EngineClient } from './engine/engine-client';
import type { Frame } from './engine/protocol';
import type { EditorStore } from './model/editor-store';
import type { NodeType } from './model/types';
import type { RunUiState } from './runs/run-types';
import type { ValueStore } from './model/value-store';

export type RunMode = 'idle' | 'quick' | 'interactive' | 'batch';

/** What the canvas shows of a run: the current frame (values and flows) and the kind of run. */
export interface RunView {
  mode: RunMode;
  frame: Frame | null;
  /** Milliseconds per step of animated play (for the moving resources). */
  stepMs: number;
}

export interface ToolState {
  /** A palette element waiting for a click on the canvas (null: selection). */
  placing: NodeType | null;
  /** What a drag between two elements draws. */
  connection: 'resource' | 'state';
  snap: boolean;
  /** Show the minimap also on big diagrams (over 400 elements it costs a redraw of every element on each pan). */
  minimap: boolean;
  /** Look, pan, zoom and run only: elements cannot be moved or connected (a phone opens this way). */
  viewOnly: boolean;
}

export interface EditorServices {
  store: EditorStore;
  engine: EngineClient;
  run: ValueStore<RunView>;
  /** The run controller's state; its chart also feeds the chart elements on the canvas. */
  runUi: ValueStore<RunUiState>;
  problems: ValueStore<Map<string, Problem[]>>;
  tools: ValueStore<ToolState>;
  /** Interactive run: a click on an interactive node or a raise/lower of an interactive register. */
  interact: (action: { click: string } | { nudge: string; direction: 1 | -1 }) => void;
}

const EditorContext = createContext<EditorServices | null>(null);
export const EditorProvider = EditorContext.Provider;

export function useEditor(): EditorServices {
  const services = useContext(EditorContext);
  if (!services) throw new Error('useEditor outside the editor');
  return services;
}
