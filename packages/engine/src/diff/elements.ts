import type { DiagramInput } from '../schema.js';
import type { ElementKind } from './types.js';

export type ElementRecord = Record<string, unknown>;

/** A document's elements of one kind, by id (variables are identified by their name). */
export interface ElementSet {
  kind: Exclude<ElementKind, 'settings'>;
  order: string[];
  byId: Map<string, ElementRecord>;
}

export type DiagramDocument = Pick<DiagramInput, 'nodes' | 'connections' | 'variables' | 'settings'>;

function index(kind: ElementSet['kind'], list: readonly object[] | undefined, key: 'id' | 'name'): ElementSet {
  const byId = new Map<string, ElementRecord>();
  const order: string[] = [];
  for (const item of list ?? []) {
    const record = item as ElementRecord;
    const id = String(record[key]);
    if (!byId.has(id)) order.push(id);
    byId.set(id, record);
  }
  return { kind, order, byId };
}

export function elementSets(doc: DiagramDocument): ElementSet[] {
  return [
    index('node', doc.nodes, 'id'),
    index('connection', doc.connections, 'id'),
    index('variable', doc.variables, 'name'),
  ];
}

/** What a person calls an element: a node's name (or its text), a connection as "from → to". */
export function elementName(doc: DiagramDocument, kind: ElementKind, record: ElementRecord | undefined): string {
  if (!record) return '';
  if (kind === 'connection') return `${nodeName(doc, String(record.from))} → ${nodeName(doc, String(record.to))}`;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  if (kind === 'node') return text(record.name) || text(record.text) || text(record.id);
  return text(record.name);
}

const nodeNames = new WeakMap<DiagramDocument, Map<string, string>>();

function nodeName(doc: DiagramDocument, id: string): string {
  let names = nodeNames.get(doc);
  if (!names) {
    names = new Map((doc.nodes ?? []).map((n) => [n.id, n.name || n.text || n.id]));
    nodeNames.set(doc, names);
  }
  return names.get(id) || id;
}
