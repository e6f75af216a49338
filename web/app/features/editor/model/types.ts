import type { Diagram, DiagramConnection, DiagramNode, DiagramSettings, NodeType } from '@loopwright/engine';

export type { DiagramNode, DiagramSettings, NodeType };

export interface Point {
  x: number;
  y: number;
}

/** A connection as the editor keeps it: the engine's fields plus its bend points (ignored by the engine). */
export type EditorConnection = DiagramConnection & { points?: Point[] };

/** Our open JSON document, with the editor's layout extras kept alongside (the engine ignores them). */
export type EditorDiagram = Omit<Diagram, 'connections'> & { connections: EditorConnection[] };

export interface Selection {
  nodes: string[];
  connections: string[];
}

export const EMPTY_SELECTION: Selection = { nodes: [], connections: [] };

/** Elements that take part in the simulation and can be charted. */
export const CHARTABLE: ReadonlySet<NodeType> = new Set(['pool', 'register']);
