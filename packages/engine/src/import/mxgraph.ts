import type { NodeType } from '../schema.js';
import { activationOf, bool, modeOf, num, type ImportedConnection, type ImportedNode, type ImportResult, type ImportWarning } from './common.js';
import { parseXml, stripHtml, walk, type XmlElement } from './xml.js';

const SHAPES: Record<string, NodeType> = {
  pool: 'pool', source: 'source', drain: 'drain', converter: 'converter', trader: 'trader', gate: 'gate',
  register: 'register', delay: 'delay', endcondition: 'end', end: 'end', textlabel: 'text', text: 'text', label: 'text',
  group: 'group', groupbox: 'group', chart: 'chart',
};

/**
 * Reads machinations.io's mxGraph XML: cells such as `mxPoolShapeCell` or `mxResourceConnectionCell`
 * (also `<object>`/`<UserObject>` wrappers around an `mxCell`). Labels lose their HTML; a
 * connection's formula is taken from `formula`, else `value`, else `label`.
 */
export function importMxGraphXml(text: string): ImportResult {
  const root = parseXml(text);
  const warnings: ImportWarning[] = [];
  const nodes: ImportedNode[] = [];
  const connections: ImportedConnection[] = [];
  const cells = [...walk(root)].filter((e) => e.attrs.id !== undefined && e.name !== 'mxGraphModel');
  for (const cell of cells) {
    const id = cell.attrs.id;
    const tag = cellKind(cell);
    if (tag === null) continue;
    const attrs = { ...(innerCell(cell)?.attrs ?? {}), ...cell.attrs };
    if (tag.kind === 'connection') {
      const from = attrs.source, to = attrs.target;
      if (!from || !to) {
        warnings.push({ id, message: 'connection without both ends; left out' });
        continue;
      }
      const formula = stripHtml(attrs.formula ?? attrs.value ?? attrs.label ?? '');
      const conn: ImportedConnection = { id, kind: tag.type, from, to, formula };
      if (attrs.interval && attrs.interval.trim() !== '' && attrs.interval.trim() !== '1') conn.interval = attrs.interval.trim();
      if (attrs.resourceColor || attrs.colorFilter) conn.color = attrs.resourceColor ?? attrs.colorFilter;
      if (bool(attrs.shuffle) || bool(attrs.shuffleSource)) conn.shuffle = true;
      connections.push(conn);
      continue;
    }
    if (tag.kind === 'unknown') {
      warnings.push({ id, message: `element '${tag.name}' is not supported; left out` });
      continue;
    }
    nodes.push(importNode(cell, attrs, tag.type, warnings));
  }
  const nodeIds = new Set(nodes.map((n) => n.id));
  const connIds = new Set(connections.map((c) => c.id));
  const kept = connections.filter((c) => {
    const ok = nodeIds.has(c.from) && (nodeIds.has(c.to) || (c.kind === 'state' && connIds.has(c.to)));
    if (!ok) warnings.push({ id: c.id, message: `connection between '${c.from}' and '${c.to}', which were not imported; left out` });
    return ok;
  });
  return { format: 'mxgraph', warnings, diagram: { version: 1, settings: {}, nodes, connections: kept, variables: [] } };
}

type CellKind =
  | { kind: 'node'; type: NodeType }
  | { kind: 'connection'; type: 'resource' | 'state' }
  | { kind: 'unknown'; name: string };

function innerCell(el: XmlElement): XmlElement | undefined {
  return el.children.find((c) => c.name === 'mxCell' || /^mx\w+Cell$/.test(c.name));
}

function cellKind(el: XmlElement): CellKind | null {
  let name = el.name;
  if ((name === 'object' || name === 'UserObject') && innerCell(el)) name = el.attrs.type ?? el.attrs.cellType ?? innerCell(el)!.name;
  if (name === 'mxGeometry' || name === 'mxPoint' || name === 'Array') return null;
  const conn = /^mx(Resource|State)Connection(Cell)?$/i.exec(name);
  if (conn) return { kind: 'connection', type: conn[1].toLowerCase() === 'resource' ? 'resource' : 'state' };
  const shape = /^mx(\w+?)Shape(Cell)?$/i.exec(name);
  if (shape) {
    const type = SHAPES[shape[1].toLowerCase()];
    return type ? { kind: 'node', type } : { kind: 'unknown', name };
  }
  if (name === 'mxCell') {
    // Layer cells (no vertex/edge) carry nothing; other plain cells are shapes we do not know.
    if (el.attrs.vertex !== '1' && el.attrs.edge !== '1') return null;
    const style = el.attrs.style ?? '';
    const m = /(?:^|;)shape=(\w+)/.exec(style);
    const type = m ? SHAPES[m[1].toLowerCase()] : undefined;
    if (type) return { kind: 'node', type };
    return { kind: 'unknown', name: `mxCell ${style || el.attrs.value || ''}`.trim() };
  }
  return null;
}

function importNode(cell: XmlElement, a: Record<string, string>, type: NodeType, warnings: ImportWarning[]): ImportedNode {
  const id = a.id;
  const geometry = [...walk(cell)].find((e) => e.name === 'mxGeometry');
  const activation = activationOf(a.activation);
  if (!activation) warnings.push({ id, message: `activation '${a.activation}' is not supported; imported as passive` });
  const mode = modeOf(a.actionMode ?? a.pullMode);
  if (!mode) warnings.push({ id, message: `action mode '${a.actionMode}' is not supported; imported as pull-any` });
  const node: ImportedNode = {
    id, type, name: stripHtml(a.label ?? a.value ?? ''),
    x: num(geometry?.attrs.x, 0), y: num(geometry?.attrs.y, 0),
    activation: activation ?? 'passive', mode: mode ?? 'pull-any',
  };
  if (a.color || a.resourceColor) node.color = a.resourceColor ?? a.color;
  switch (type) {
    case 'pool': {
      node.start = Math.max(0, Math.round(num(a.number ?? a.resources, 0)));
      const cap = Math.round(num(a.capacity, -1));
      node.capacity = cap < 0 ? -1 : cap;
      if ((a.overflow ?? '').toLowerCase() === 'drain') node.overflow = 'drain';
      break;
    }
    case 'gate':
      node.distribution = (a.distributionMode ?? a.distribution ?? '').toLowerCase().includes('random') ? 'random' : 'deterministic';
      break;
    case 'register': {
      const interactive = bool(a.isInteractive) || bool(a.interactive);
      node.interactive = interactive;
      node.formula = interactive ? '' : stripHtml(a.formula ?? '');
      node.initial = num(a.initialValue, 0);
      node.step = num(a.step, 1);
      if (a.min !== undefined && a.min !== '') node.min = num(a.min, 0);
      if (a.max !== undefined && a.max !== '') node.max = num(a.max, 0);
      break;
    }
    case 'delay':
      node.queue = bool(a.queue) || (a.delayMode ?? a.mode ?? '').toLowerCase() === 'queue';
      break;
    case 'text':
      node.text = node.name;
      break;
    default:
      break;
  }
  return node;
}
