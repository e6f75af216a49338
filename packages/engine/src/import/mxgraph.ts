import type { DiagramInput } from '../schema.js';
import {
  bool,
  colourCode,
  num,
  type ImportedConnection,
  type ImportedNode,
  type ImportResult,
  type ImportWarning,
} from './common.js';
import { afterCaption, rateProblem, resourceFormula, roleProblem, stateFormula } from './mxgraph-formula.js';
import { importNode, nodeTypeOf, shapeFromStyle, type CellView } from './mxgraph-nodes.js';
import { keepValid } from './keep-valid.js';
import { importRegister } from './mxgraph-register.js';
import { labelText, parseXml, walk, type XmlElement } from './xml.js';

type Cell =
  | { kind: 'node'; view: CellView; type: ImportedNode['type']; what: string }
  | { kind: 'connection'; view: CellView; type: 'resource' | 'state'; what: string }
  | { kind: 'other'; view: CellView; what: string; reason: string };

/**
 * Reads machinations.io's mxGraph XML (cells such as `mxPoolShapeCell`, `mxStateConnectionCell`,
 * also `<object>`/`<UserObject>` wrappers and plain `mxCell`s with a `shape=` style). Every cell
 * with an id comes back as a node or connection with the same id, or is named in the report.
 */
export function importMxGraphXml(text: string): ImportResult {
  const doc = parseXml(text);
  const model = [...walk(doc)].find((e) => e.name === 'mxGraphModel');
  if (!model) throw new Error('not a machinations.io document: no <mxGraphModel>');
  const report: ImportWarning[] = [];
  const cells = collectCells(model).map(classify);
  const nodes: ImportedNode[] = [];
  const nodeById = new Map<string, ImportedNode>();
  for (const c of cells) {
    if (c.kind === 'other') report.push({ id: c.view.id, kind: c.what, message: c.reason });
    if (c.kind !== 'node') continue;
    const node = importNode(c.view, c.type, c.what, report);
    nodes.push(node);
    nodeById.set(node.id, node);
  }
  const conns = cells.filter((c): c is Extract<Cell, { kind: 'connection' }> => c.kind === 'connection');
  const connIds = new Set(conns.map((c) => c.view.id));
  const connections: ImportedConnection[] = [];
  for (const c of conns) {
    const conn = importConnection(c, nodeById, connIds, report);
    if (conn) connections.push(conn);
  }
  dropDanglingStateTargets(connections, new Set(nodeById.keys()), report);
  colourSourceOutputs(nodes, connections);
  for (const c of cells) {
    if (c.kind !== 'node' || c.type !== 'register') continue;
    const inputs = new Set(
      connections.filter((k) => k.kind === 'state' && k.to === c.view.id).map((k) => (k.formula ?? '').trim()),
    );
    importRegister(c.view, nodeById.get(c.view.id)!, inputs, report);
  }
  chartCells(model, report);
  const result = keepValid({
    format: 'mxgraph',
    warnings: report,
    diagram: { version: 1, settings: settingsOf(model.attrs, report), nodes, connections, variables: [] },
  });
  // The report reads in the file's order (document-wide entries last).
  const order = new Map(cells.map((c, k) => [c.view.id, k]));
  result.warnings.sort((x, y) => (order.get(x.id) ?? cells.length) - (order.get(y.id) ?? cells.length));
  return result;
}

/** Labels written without `html=1` in the style but with markup in them (hand-edited files). */
const LOOKS_LIKE_HTML = /<\/?(?:span|div|b|i|u|br|p|font|strong|em|sub|sup)\b[^<>]*>/i;

function collectCells(model: XmlElement): CellView[] {
  const root = model.children.find((e) => e.name === 'root') ?? model;
  const out: CellView[] = [];
  for (const el of root.children) {
    const inner =
      el.name === 'object' || el.name === 'UserObject'
        ? el.children.find((c) => /^mx\w*Cell$/.test(c.name))
        : undefined;
    const cell = inner ?? el;
    const attrs = { ...(inner?.attrs ?? {}), ...el.attrs };
    if (attrs.id === undefined) continue;
    const geometry = cell.children.find((c) => c.name === 'mxGeometry');
    out.push({
      id: attrs.id,
      attrs,
      html:
        /(?:^|;)html=1/.test(attrs.style ?? '') || LOOKS_LIKE_HTML.test(`${attrs.label ?? ''} ${attrs.value ?? ''}`),
      geometry,
      cell: { ...cell, name: inner ? cell.name : el.name },
    });
  }
  return out;
}

function classify(view: CellView): Cell {
  const name = view.cell.name;
  const conn = /^mx(Resource|State)Connection(?:Cell)?$/i.exec(name);
  if (conn) {
    const type = conn[1].toLowerCase() === 'resource' ? 'resource' : 'state';
    return { kind: 'connection', view, type, what: `${type} connection` };
  }
  if (/artificialplayer/i.test(name))
    return {
      kind: 'other',
      view,
      what: 'artificial player',
      reason:
        'artificial players (scripted clicks) are not simulated; left out — set the nodes it clicks to automatic to approximate it',
    };
  const type = nodeTypeOf(name) ?? (name === 'mxCell' ? shapeFromStyle(view.attrs.style ?? '') : undefined);
  if (type) return { kind: 'node', view, type, what: type === 'end' ? 'end condition' : type };
  if (name === 'mxCell' && view.attrs.vertex !== '1' && view.attrs.edge !== '1') {
    const label = labelText(view.attrs.value, false);
    return {
      kind: 'other',
      view,
      what: 'layer',
      reason: `${label ? `'${label}': ` : ''}Loopwright has no layers; the elements on it are imported`,
    };
  }
  const edgeShape = /(?:^|;)shape=(resource|state)-connection/.exec(view.attrs.style ?? '');
  if (name === 'mxCell' && view.attrs.edge === '1' && edgeShape) {
    const type = edgeShape[1] as 'resource' | 'state';
    return { kind: 'connection', view, type, what: `${type} connection` };
  }
  if (name === 'mxCell' && view.attrs.edge === '1')
    return {
      kind: 'other',
      view,
      what: 'line',
      reason: 'a plain drawn line (not a resource or state connection) has no meaning in a simulation; left out',
    };
  return {
    kind: 'other',
    view,
    what: name,
    reason: `element '${name}${view.attrs.style ? ` (${view.attrs.style.split(';')[0]})` : ''}' is not a Machinations element; left out`,
  };
}

function importConnection(
  c: Extract<Cell, { kind: 'connection' }>,
  nodes: Map<string, ImportedNode>,
  connIds: Set<string>,
  report: ImportWarning[],
): ImportedConnection | null {
  const a = c.view.attrs,
    id = c.view.id;
  const { source: from, target: to } = a;
  if (!from || !to) {
    report.push({
      id,
      kind: c.what,
      message: `not attached at ${!from && !to ? 'either end' : !from ? 'its start' : 'its end'} in the file; left out`,
    });
    return null;
  }
  const origin = nodes.get(from);
  const targetNode = nodes.get(to);
  const toConnection = c.type === 'state' && !targetNode && connIds.has(to);
  if (
    !origin ||
    (!targetNode && !toConnection) ||
    origin.type === 'text' ||
    origin.type === 'group' ||
    targetNode?.type === 'text' ||
    targetNode?.type === 'group'
  ) {
    const which = !origin || origin.type === 'text' || origin.type === 'group' ? from : to;
    report.push({
      id,
      kind: c.what,
      message: `its ${which === from ? 'start' : 'end'} '${which}' is ${nodes.get(which) ? `a ${nodes.get(which)!.type}, not a Machinations node` : 'not an imported element'}; left out`,
    });
    return null;
  }
  const raw = a.formula?.trim() ? a.formula : labelText(a.value, c.view.html) || labelText(a.label, c.view.html);
  const conn: ImportedConnection = { id, kind: c.type, from, to, formula: '' };
  const trimmed = raw.trim();
  const fromGate = origin.type === 'gate' && trimmed !== '*' && trimmed !== '!';
  if (c.type === 'resource' || (fromGate && !toConnection)) {
    const read = [raw, afterCaption(raw)].map(resourceFormula).find((f) => rateProblem(f, fromGate) === null);
    conn.formula = read ?? '0';
    if (read === undefined)
      report.push({
        id,
        kind: c.what,
        message: `formula '${raw}' could not be read (${rateProblem(resourceFormula(raw), fromGate)}); imported with rate 0`,
      });
    const interval = (a.interval ?? '').trim();
    if (c.type === 'resource' && interval !== '' && interval !== '1' && !conn.formula.includes('|')) {
      if (rateProblem(interval, false) === null) conn.interval = interval;
      else
        report.push({
          id,
          kind: c.what,
          message: `interval '${interval}' could not be read (${rateProblem(interval, false)}); imported without an interval`,
        });
    }
    if (bool(a.shuffleSource) || bool(a.shuffle)) conn.shuffle = true;
  } else {
    const target = toConnection ? 'connection' : targetNode!.type === 'register' ? 'register' : 'node';
    const f = [raw, afterCaption(raw)]
      .filter((t) => t !== '' || raw === '')
      .map((t) => stateFormula(t, target, false))
      .find((s) => roleProblem(s.formula, target) === null);
    if (!f) {
      report.push({
        id,
        kind: c.what,
        message: `formula '${raw}' is not a state connection role machinations.io documents (${roleProblem(stateFormula(raw, target, false).formula, target)}); left out`,
      });
      return null;
    }
    conn.formula = f.formula;
    if (f.note) report.push({ id, kind: c.what, message: f.note });
  }
  if (bool(a.colorCoding)) conn.color = colourCode(a.resourcesColor) ?? colourCode(a.resourceColor ?? a.colorFilter);
  const points = c.view.geometry?.children
    .find((e) => e.name === 'Array' && e.attrs.as === 'points')
    ?.children.filter((p) => p.name === 'mxPoint')
    .map((p) => ({ x: num(p.attrs.x, 0), y: num(p.attrs.y, 0) }));
  if (points && points.length > 0) conn.points = points.slice(0, 50);
  return conn;
}

/** State connections that end on a connection which was itself left out go too (and are reported). */
function dropDanglingStateTargets(
  connections: ImportedConnection[],
  nodeIds: Set<string>,
  report: ImportWarning[],
): void {
  for (let changed = true; changed;) {
    changed = false;
    const ids = new Set(connections.map((c) => c.id));
    for (let i = connections.length - 1; i >= 0; i--) {
      const c = connections[i];
      if (c.kind !== 'state' || nodeIds.has(c.to) || ids.has(c.to)) continue;
      report.push({
        id: c.id,
        kind: 'state connection',
        message: `its end '${c.to}' is a connection that was left out; left out`,
      });
      connections.splice(i, 1);
      changed = true;
    }
  }
}

/** machinations.io sources produce resources of their colour; in our format the output connection carries it. */
function colourSourceOutputs(nodes: ImportedNode[], connections: ImportedConnection[]): void {
  const colour = new Map(nodes.filter((n) => n.type === 'source' && n.color).map((n) => [n.id, n.color!]));
  if (colour.size === 0) return;
  for (const c of connections)
    if (c.kind === 'resource' && !c.color && colour.has(c.from)) c.color = colour.get(c.from);
}

function chartCells(model: XmlElement, report: ImportWarning[]): void {
  const chart = model.children.find((e) => e.name === 'chart');
  if (chart && chart.children.length > 0) {
    report.push({
      id: '',
      kind: 'chart',
      message: `the chart's ${chart.children.length} series settings are not imported; every pool and register is charted`,
    });
  }
}

function settingsOf(a: Record<string, string>, report: ImportWarning[]): NonNullable<DiagramInput['settings']> {
  const settings: NonNullable<DiagramInput['settings']> = {
    stepsLimit: Math.max(0, Math.round(num(a.diagram_time_steps_limit, 100))),
    dice: (a.diagram_dice ?? '').trim() || 'D6',
    poolTriggers: 'onArrival',
  };
  for (const [key, field] of [
    ['diagram_skill', 'skill'],
    ['diagram_strategy', 'strategy'],
    ['diagram_multiplayer', 'multiplayer'],
  ] as const) {
    const raw = (a[key] ?? '').trim();
    if (raw === '') continue;
    const v = Number(raw);
    if (Number.isFinite(v)) settings[field] = v;
    else report.push({ id: '', kind: 'setting', message: `${field} '${raw}' is not a number; 0 is used` });
  }
  const runs = num(a.diagram_number_of_total_runs, NaN);
  if (runs >= 1) settings.runs = Math.round(runs);
  const interval = num(a.time_interval, NaN);
  if (interval > 0) settings.stepSeconds = interval;
  return settings;
}
