import type { EditorDiagram, NodeType } from './types';
import { NODE_LABELS } from './defaults';

/** A short id not used by any node or connection of the document. */
export function freshId(doc: EditorDiagram, prefix: string): string {
  const used = new Set<string>();
  for (const n of doc.nodes) used.add(n.id);
  for (const c of doc.connections) used.add(c.id);
  let i = doc.nodes.length + doc.connections.length + 1;
  while (used.has(`${prefix}${i}`)) i++;
  return `${prefix}${i}`;
}

/** 'Pool 3': the type's label and the first number no node of that name uses. */
export function freshName(doc: EditorDiagram, type: NodeType): string {
  const names = new Set(doc.nodes.map((n) => n.name));
  const label = NODE_LABELS[type];
  let i = 1;
  while (names.has(`${label} ${i}`)) i++;
  return `${label} ${i}`;
}
