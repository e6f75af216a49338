import type { DiagramNode, DiagramSettings, EditorConnection, EditorDiagram, Point, Selection } from './types';
import { freshId } from './ids';

/** Pure edits of a document: each returns a new document and leaves unchanged parts shared. */

export function addNode(doc: EditorDiagram, node: DiagramNode): EditorDiagram {
  return { ...doc, nodes: [...doc.nodes, node] };
}

export function updateNode(doc: EditorDiagram, id: string, patch: Partial<DiagramNode>): EditorDiagram {
  return { ...doc, nodes: doc.nodes.map((n) => (n.id === id ? { ...n, ...patch } : n)) };
}

export function moveNodes(doc: EditorDiagram, positions: Map<string, Point>): EditorDiagram {
  let changed = false;
  const nodes = doc.nodes.map((n) => {
    const p = positions.get(n.id);
    if (!p || (Math.round(p.x) === n.x && Math.round(p.y) === n.y)) return n;
    changed = true;
    return { ...n, x: Math.round(p.x), y: Math.round(p.y) };
  });
  return changed ? { ...doc, nodes } : doc;
}

export function addConnection(doc: EditorDiagram, connection: EditorConnection): EditorDiagram {
  return { ...doc, connections: [...doc.connections, connection] };
}

export function updateConnection(doc: EditorDiagram, id: string, patch: Partial<EditorConnection>): EditorDiagram {
  return { ...doc, connections: doc.connections.map((c) => (c.id === id ? { ...c, ...patch } : c)) };
}

export function updateSettings(doc: EditorDiagram, patch: Partial<DiagramSettings>): EditorDiagram {
  return { ...doc, settings: { ...doc.settings, ...patch } };
}

/** Removes the selected elements and every connection that touches them (also label modifiers of removed connections). */
export function removeElements(doc: EditorDiagram, selection: Selection): EditorDiagram {
  const gone = new Set([...selection.nodes, ...selection.connections]);
  let connections = doc.connections;
  let size: number;
  do {
    size = gone.size;
    for (const c of connections) if (gone.has(c.from) || gone.has(c.to)) gone.add(c.id);
    connections = connections.filter((c) => !gone.has(c.id));
  } while (gone.size !== size);
  return { ...doc, nodes: doc.nodes.filter((n) => !gone.has(n.id)), connections };
}

export interface Fragment {
  nodes: DiagramNode[];
  connections: EditorConnection[];
}

/** The selected nodes and the connections among them (and connections selected alone whose ends are copied). */
export function copyFragment(doc: EditorDiagram, selection: Selection): Fragment {
  const ids = new Set(selection.nodes);
  const nodes = doc.nodes.filter((n) => ids.has(n.id));
  const connections: EditorConnection[] = [];
  const kept = new Set<string>(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of doc.connections) {
      if (!kept.has(c.id) && kept.has(c.from) && kept.has(c.to)) {
        connections.push(c);
        kept.add(c.id);
        grew = true;
      }
    }
  }
  return { nodes, connections };
}

/** Pastes a fragment with fresh ids, shifted by `offset`; returns the document and the new selection. */
export function pasteFragment(
  doc: EditorDiagram,
  fragment: Fragment,
  offset: Point,
): { doc: EditorDiagram; selection: Selection } {
  const map = new Map<string, string>();
  let next = doc;
  const nodes: DiagramNode[] = [];
  for (const n of fragment.nodes) {
    const id = freshId(next, n.type.slice(0, 1));
    map.set(n.id, id);
    const copy = { ...n, id, x: n.x + offset.x, y: n.y + offset.y };
    nodes.push(copy);
    next = addNode(next, copy);
  }
  const connections: EditorConnection[] = [];
  for (const c of fragment.connections) {
    const id = freshId(next, 'c');
    map.set(c.id, id);
    next = { ...next, connections: [...next.connections, { ...c, id }] };
    connections.push(c);
  }
  next = {
    ...next,
    connections: next.connections.map((c) => {
      if (!connections.some((orig) => map.get(orig.id) === c.id)) return c;
      return {
        ...c,
        from: map.get(c.from) ?? c.from,
        to: map.get(c.to) ?? c.to,
        points: c.points?.map((p) => ({ x: p.x + offset.x, y: p.y + offset.y })),
      };
    }),
  };
  return {
    doc: next,
    selection: { nodes: nodes.map((n) => n.id), connections: connections.map((c) => map.get(c.id)!) },
  };
}

/** Gives every selected element and connection a colour (undefined: back to the default). */
export function paintSelection(doc: EditorDiagram, selection: Selection, color: string | undefined): EditorDiagram {
  let next = doc;
  for (const id of selection.nodes) next = updateNode(next, id, { color });
  for (const id of selection.connections) next = updateConnection(next, id, { color });
  return next;
}
