import type { DiagramDiff } from '@loopwright/engine';
import type { EditorDiagram } from '../model/types';

export type Mark = 'added' | 'removed' | 'changed' | 'moved';

/** What the compare canvas draws: the newer version with the removed elements put back as ghosts. */
export interface CompareScene {
  doc: EditorDiagram;
  nodes: Map<string, Mark>;
  connections: Map<string, Mark>;
}

/**
 * The newer document plus every element the older one had and the newer lacks, each element
 * marked: added, removed (a ghost), changed, or moved (only when layout moves are shown).
 */
export function compareScene(
  before: EditorDiagram,
  after: EditorDiagram,
  diff: DiagramDiff,
  showMoves: boolean,
): CompareScene {
  const nodes = new Map<string, Mark>();
  const connections = new Map<string, Mark>();
  const mapOf = (kind: string) => (kind === 'node' ? nodes : kind === 'connection' ? connections : null);
  if (showMoves) for (const m of diff.moved) mapOf(m.kind)?.set(m.id, 'moved');
  for (const c of diff.changed) mapOf(c.kind)?.set(c.id, 'changed');
  for (const a of diff.added) mapOf(a.kind)?.set(a.id, 'added');
  for (const r of diff.removed) mapOf(r.kind)?.set(r.id, 'removed');
  const ghostNodes = before.nodes.filter((n) => nodes.get(n.id) === 'removed');
  const ghostConnections = before.connections.filter((c) => connections.get(c.id) === 'removed');
  return {
    doc: { ...after, nodes: [...after.nodes, ...ghostNodes], connections: [...after.connections, ...ghostConnections] },
    nodes,
    connections,
  };
}

/** Colours of the spec's palette: green added, red removed, amber (warning) changed, blue (info) moved. */
export const MARK_COLOURS: Record<Mark, string> = {
  added: '#66BB6A',
  removed: '#F36161',
  changed: '#FFC107',
  moved: '#2196F3',
};

const NODE_LOOK: Record<Mark, string> = {
  added: `outline: 4px solid ${MARK_COLOURS.added}; outline-offset: 3px;`,
  removed: `outline: 3px dashed ${MARK_COLOURS.removed}; outline-offset: 3px; opacity: 0.45;`,
  changed: `outline: 4px solid ${MARK_COLOURS.changed}; outline-offset: 3px;`,
  moved: `outline: 3px dotted ${MARK_COLOURS.moved}; outline-offset: 3px;`,
};
// A connection's own colour is an inline style: the mark overrides it.
const LINE_LOOK: Record<Mark, string> = {
  added: `stroke: ${MARK_COLOURS.added} !important; stroke-width: 4px;`,
  removed: `stroke: ${MARK_COLOURS.removed} !important; stroke-width: 3px; stroke-dasharray: 6 4; opacity: 0.5;`,
  changed: `stroke: ${MARK_COLOURS.changed} !important; stroke-width: 4px;`,
  moved: `stroke: ${MARK_COLOURS.moved} !important; stroke-width: 3px; stroke-dasharray: 2 3;`,
};

/**
 * The canvas's marks as CSS over element ids (React Flow's nodes and the connection layer carry
 * data-id), so the shared canvas draws a compare without knowing about it.
 */
export function markStyles(scene: CompareScene): string {
  const esc = (id: string) => id.replace(/["\\]/g, '\\$&');
  const rules: string[] = [];
  for (const mark of Object.keys(NODE_LOOK) as Mark[]) {
    const nodes = [...scene.nodes].filter(([, m]) => m === mark).map(([id]) => id);
    const lines = [...scene.connections].filter(([, m]) => m === mark).map(([id]) => id);
    if (nodes.length)
      rules.push(
        `${nodes.map((id) => `.compare-canvas .react-flow__node[data-id="${esc(id)}"] > *`).join(',\n')} { ${NODE_LOOK[mark]} }`,
      );
    if (lines.length) {
      rules.push(
        `${lines.map((id) => `.compare-canvas g.connection[data-id="${esc(id)}"] .connection__line`).join(',\n')} { ${LINE_LOOK[mark]} }`,
      );
      rules.push(
        `${lines.map((id) => `.compare-canvas [data-connection-id="${esc(id)}"]`).join(',\n')} { border-color: ${MARK_COLOURS[mark]}; }`,
      );
    }
  }
  return rules.join('\n');
}
