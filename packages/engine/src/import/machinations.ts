import type { NodeType } from '../schema.js';
import {
  activationOf,
  bool,
  modeOf,
  num,
  type ImportedConnection,
  type ImportedNode,
  type ImportResult,
  type ImportWarning,
} from './common.js';
import { keepValid } from './keep-valid.js';
import { htmlToText as stripHtml, parseXml, walk, type XmlElement } from './xml.js';

const SYMBOLS: Record<string, NodeType> = {
  pool: 'pool',
  source: 'source',
  drain: 'drain',
  converter: 'converter',
  trader: 'trader',
  gate: 'gate',
  register: 'register',
  delay: 'delay',
  endcondition: 'end',
  end: 'end',
  textlabel: 'text',
  text: 'text',
  label: 'text',
  groupbox: 'group',
  group: 'group',
  chart: 'chart',
};

/**
 * Reads a diagram saved by the original Machinations tool: `<graph>` with `<node symbol=…>` and
 * `<connection type=… start=… end=…>`; elements have no ids, `start`/`end` are positions in
 * document order over nodes and connections together. Ids become `n<k>` / `c<k>` for position k.
 */
export function importMachinationsXml(text: string): ImportResult {
  const root = parseXml(text);
  const graph = [...walk(root)].find((e) => e.name === 'graph');
  if (!graph) throw new Error('not a Machinations document: no <graph> element');
  const warnings: ImportWarning[] = [];
  const elements = graph.children.filter((e) => e.name === 'node' || e.name === 'connection');
  const idOf = (k: number): string | undefined => {
    const e = elements[k];
    return e ? `${e.name === 'node' ? 'n' : 'c'}${k}` : undefined;
  };
  const colourCoding = bool(graph.attrs.colorCoding) || graph.attrs.colorCoding === '1';
  const nodes: ImportedNode[] = [];
  const connections: ImportedConnection[] = [];
  elements.forEach((el, k) => {
    const id = idOf(k)!;
    if (el.name === 'node') {
      const node = importNode(el, id, warnings);
      if (node) nodes.push(node);
      return;
    }
    const type = (el.attrs.type ?? '').toLowerCase().replace(/\s+/g, '');
    const kind = type.startsWith('resource') ? 'resource' : type.startsWith('state') ? 'state' : null;
    if (!kind) {
      warnings.push({
        id,
        kind: 'connection',
        message: `connection type '${el.attrs.type ?? ''}' is not supported; left out`,
      });
      return;
    }
    const from = idOf(Number(el.attrs.start)),
      to = idOf(Number(el.attrs.end));
    if (!from || !to) {
      warnings.push({
        id,
        kind: `${kind} connection`,
        message: 'connection without both ends (start/end do not name an element); left out',
      });
      return;
    }
    const conn: ImportedConnection = {
      id,
      kind,
      from,
      to,
      formula: stripHtml(el.attrs.label ?? el.attrs.formula ?? ''),
    };
    if (el.attrs.interval && el.attrs.interval !== '1' && el.attrs.interval !== '') conn.interval = el.attrs.interval;
    if (colourCoding && el.attrs.color && el.attrs.color.toLowerCase() !== 'black') conn.color = el.attrs.color;
    if (bool(el.attrs.shuffle) || bool(el.attrs.shuffleSource)) conn.shuffle = true;
    connections.push(conn);
  });
  const timeMode = (graph.attrs.timeMode ?? '').toLowerCase();
  if (timeMode && timeMode !== 'synchronous' && timeMode !== 'asynchronous') {
    warnings.push({
      id: '',
      kind: 'setting',
      message: `time mode '${graph.attrs.timeMode}' is not supported; simulated step by step`,
    });
  }
  return keepValid({
    format: 'machinations',
    warnings,
    diagram: {
      version: 1,
      settings: {
        stepsLimit: num(graph.attrs.numberOfSteps ?? graph.attrs.stepsLimit, 100),
        dice: graph.attrs.dice || 'D6',
        skill: num(graph.attrs.skill, 0),
        strategy: num(graph.attrs.strategy, 0),
        multiplayer: num(graph.attrs.multiplayer, 0),
      },
      nodes,
      connections,
      variables: [],
    },
  });
}

function importNode(el: XmlElement, id: string, warnings: ImportWarning[]): ImportedNode | null {
  const a = el.attrs;
  const type = SYMBOLS[(a.symbol ?? '').toLowerCase().replace(/\s+/g, '')];
  if (!type) {
    warnings.push({
      id,
      kind: a.symbol ?? 'node',
      message: /artificial/i.test(a.symbol ?? '')
        ? 'artificial players (scripted clicks) are not simulated; left out'
        : `node symbol '${a.symbol ?? ''}' is not supported; left out`,
    });
    return null;
  }
  const activation = activationOf(a.activationMode ?? a.activation);
  if (!activation)
    warnings.push({
      id,
      kind: type,
      message: `activation mode '${a.activationMode}' is not supported; imported as passive`,
    });
  const mode = modeOf(a.pullMode ?? a.actionMode);
  if (!mode)
    warnings.push({ id, kind: type, message: `pull mode '${a.pullMode}' is not supported; imported as pull-any` });
  const node: ImportedNode = {
    id,
    type,
    name: stripHtml(a.caption ?? a.label ?? ''),
    x: num(a.x, 0),
    y: num(a.y, 0),
    activation: activation ?? 'passive',
    mode: mode ?? 'pull-any',
  };
  if (a.color) node.color = a.color;
  switch (type) {
    case 'pool': {
      node.start = Math.max(0, Math.round(num(a.startingResources ?? a.resources ?? a.number, 0)));
      const cap = Math.round(num(a.maxResources ?? a.capacity, -1));
      node.capacity = cap < 0 ? -1 : cap;
      break;
    }
    case 'gate': {
      const g = (a.gateType ?? a.distributionMode ?? '').toLowerCase();
      node.distribution =
        g.includes('random') || g.includes('dice') || g.includes('skill') || g.includes('chance')
          ? 'random'
          : 'deterministic';
      break;
    }
    case 'register':
      node.formula = a.formula ?? '';
      node.interactive =
        a.formula === undefined && (a.min !== undefined || a.step !== undefined || activation === 'interactive');
      node.initial = num(a.start ?? a.startValue, 0);
      node.step = num(a.step, 1);
      if (a.min !== undefined && a.min !== '-Infinity') node.min = num(a.min, 0);
      if (a.max !== undefined && a.max !== 'Infinity') node.max = num(a.max, 0);
      break;
    case 'delay':
      node.queue = (a.delayType ?? '').toLowerCase() === 'queue' || bool(a.queue);
      break;
    case 'text':
      node.text = node.name;
      break;
    default:
      break;
  }
  return node;
}
