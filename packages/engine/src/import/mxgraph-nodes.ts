import type { NodeType } from '../schema.js';
import { activationOf, bool, colourCode, modeOf, num, type ImportedNode, type ImportWarning } from './common.js';
import { labelText, type XmlElement } from './xml.js';

const SHAPES: Record<string, NodeType> = {
  pool: 'pool',
  source: 'source',
  drain: 'drain',
  converter: 'converter',
  trader: 'trader',
  gate: 'gate',
  register: 'register',
  machinationregister: 'register',
  delay: 'delay',
  endcondition: 'end',
  end: 'end',
  text: 'text',
  textlabel: 'text',
  label: 'text',
  group: 'group',
  groupbox: 'group',
  chart: 'chart',
};

/** Our node type for a cell name such as `mxPoolShapeCell`, `mxMachinationRegisterCell`, `mxTextCell`. */
export function nodeTypeOf(cellName: string): NodeType | undefined {
  const m = /^mx(\w+?)(?:Shape)?Cell$/i.exec(cellName);
  return m ? SHAPES[m[1].toLowerCase()] : undefined;
}

export function shapeFromStyle(style: string): NodeType | undefined {
  const m = /(?:^|;)shape=([\w-]+)/.exec(style);
  return m
    ? SHAPES[
        m[1]
          .toLowerCase()
          .replace(/-shape$/, '')
          .replace(/-/g, '')
      ]
    : undefined;
}

export interface CellView {
  id: string;
  attrs: Record<string, string>;
  html: boolean;
  geometry?: XmlElement;
  cell: XmlElement;
}

/** The visible text of a cell: `label` (machinations.io), else `value` (mxGraph). */
export function cellLabel(v: CellView): string {
  return labelText(v.attrs.label, v.html) || labelText(v.attrs.value, v.html);
}

export function importNode(v: CellView, type: NodeType, kind: string, report: ImportWarning[]): ImportedNode {
  const a = v.attrs;
  const id = v.id;
  const activation = activationOf(a.activation);
  if (!activation)
    report.push({ id, kind, message: `activation '${a.activation}' is not supported; imported as passive` });
  const mode = modeOf(a.actionMode ?? a.pullMode);
  if (!mode) report.push({ id, kind, message: `action mode '${a.actionMode}' is not supported; imported as pull-any` });
  const g = v.geometry?.attrs ?? {};
  const node: ImportedNode = {
    id,
    type,
    name: cellLabel(v),
    x: num(g.x, 0),
    y: num(g.y, 0),
    activation: activation ?? 'passive',
    mode: mode ?? 'pull-any',
  };
  const resource = v.cell.children.find((c) => c.name === 'Resource');
  const colour = colourCode(a.resourcesColor) ?? colourCode(resource?.attrs.color);
  if (colour && (type === 'pool' || type === 'source' || type === 'converter')) node.color = colour;
  switch (type) {
    case 'pool': {
      const start = num(a.number ?? a.resources, 0);
      node.start = Math.max(0, Math.round(start));
      if (node.start !== start)
        report.push({
          id,
          kind,
          message: `start value ${start} rounded to ${node.start} (pools hold whole resources)`,
        });
      const cap = Math.round(num(a.capacity, -1));
      node.capacity = cap < 0 ? -1 : cap;
      if ((a.overflow ?? '').toLowerCase() === 'drain') node.overflow = 'drain';
      break;
    }
    case 'gate': {
      const d = (a.distributionMode ?? a.distribution ?? '').toLowerCase();
      node.distribution = d === '' || d === 'deterministic' ? 'deterministic' : 'random';
      break;
    }
    case 'delay':
      node.queue = bool(a.queue) || (a.delayMode ?? a.mode ?? '').toLowerCase() === 'queue';
      break;
    case 'text':
    case 'group':
    case 'chart':
      node.text = node.name;
      node.width = num(g.width, 0) || undefined;
      node.height = num(g.height, 0) || undefined;
      break;
    default:
      break;
  }
  return node;
}
