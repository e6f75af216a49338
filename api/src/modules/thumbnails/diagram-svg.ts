import type { Diagram, DiagramConnection, DiagramNode } from '@loopwright/engine';

/** Brand palette (DESIGN.md §8). */
const PRIMARY = '#5A55F4';
const INK = '#2B2A3A';
const MUTED = '#7A7890';
const STATE = '#8A87A8';
const R = 22;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const num = (n: number) => Math.round(n * 10) / 10;

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function nodeExtent(n: DiagramNode): { w: number; h: number } {
  if (n.type === 'group' || n.type === 'chart') return { w: n.width ?? 240, h: n.height ?? 160 };
  if (n.type === 'text') return { w: n.width ?? Math.max(60, (n.text ?? n.name).length * 7), h: n.height ?? 24 };
  return { w: R * 2, h: R * 2 };
}

export function bounds(document: Diagram): Box | null {
  if (!document.nodes.length) return null;
  const box: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const n of document.nodes) {
    const { w, h } = nodeExtent(n);
    const labelBelow = ['text', 'group', 'chart'].includes(n.type) ? 0 : 22;
    box.minX = Math.min(box.minX, n.x - w / 2 - 30);
    box.maxX = Math.max(box.maxX, n.x + w / 2 + 30);
    box.minY = Math.min(box.minY, n.y - h / 2 - 10);
    box.maxY = Math.max(box.maxY, n.y + h / 2 + labelBelow);
  }
  for (const { label } of wires(document)) {
    box.minX = Math.min(box.minX, label.x - 40);
    box.maxX = Math.max(box.maxX, label.x + 40);
    box.minY = Math.min(box.minY, label.y - 14);
    box.maxY = Math.max(box.maxY, label.y + 14);
  }
  return box;
}

function shape(n: DiagramNode): string {
  const { x, y } = n;
  const color = n.color ?? (n.type === 'end' ? '#F36161' : PRIMARY);
  const stroke = `stroke="${esc(color)}" stroke-width="2.5"`;
  const fill = 'fill="#FFFFFF"';
  const double = n.activation === 'interactive';
  const tri = (up: boolean, s = R) =>
    up
      ? `${num(x)},${num(y - s)} ${num(x + s)},${num(y + s * 0.8)} ${num(x - s)},${num(y + s * 0.8)}`
      : `${num(x - s)},${num(y - s * 0.8)} ${num(x + s)},${num(y - s * 0.8)} ${num(x)},${num(y + s)}`;
  const parts: string[] = [];
  switch (n.type) {
    case 'pool':
      parts.push(`<circle cx="${x}" cy="${y}" r="${R}" ${fill} ${stroke}/>`);
      if (double) parts.push(`<circle cx="${x}" cy="${y}" r="${R - 4}" fill="none" ${stroke}/>`);
      parts.push(
        `<text x="${x}" y="${y + 5}" font-size="14" font-weight="bold" fill="${INK}" text-anchor="middle">${n.start ?? 0}</text>`,
      );
      break;
    case 'source':
      parts.push(`<polygon points="${tri(true)}" ${fill} ${stroke}/>`);
      break;
    case 'drain':
      parts.push(`<polygon points="${tri(false)}" ${fill} ${stroke}/>`);
      break;
    case 'converter':
      parts.push(
        `<polygon points="${num(x - R * 0.8)},${num(y - R)} ${num(x + R)},${y} ${num(x - R * 0.8)},${num(y + R)}" ${fill} ${stroke}/>`,
      );
      parts.push(
        `<line x1="${num(x + R * 0.2)}" y1="${num(y - R)}" x2="${num(x + R * 0.2)}" y2="${num(y + R)}" ${stroke}/>`,
      );
      break;
    case 'trader':
      parts.push(
        `<polygon points="${num(x - R)},${num(y - R * 0.7)} ${x},${y} ${num(x - R)},${num(y + R * 0.7)}" ${fill} ${stroke}/>`,
      );
      parts.push(
        `<polygon points="${num(x + R)},${num(y - R * 0.7)} ${x},${y} ${num(x + R)},${num(y + R * 0.7)}" ${fill} ${stroke}/>`,
      );
      break;
    case 'gate':
      parts.push(`<polygon points="${x},${y - R} ${x + R},${y} ${x},${y + R} ${x - R},${y}" ${fill} ${stroke}/>`);
      if (n.distribution === 'random') parts.push(`<circle cx="${x}" cy="${y}" r="3" fill="${esc(color)}"/>`);
      break;
    case 'register':
      parts.push(`<rect x="${x - R}" y="${y - R}" width="${R * 2}" height="${R * 2}" rx="4" ${fill} ${stroke}/>`);
      parts.push(
        `<text x="${x}" y="${y + 5}" font-size="12" fill="${INK}" text-anchor="middle">${esc(clip(n.formula ?? (n.interactive ? String(n.initial ?? 0) : 'x'), 6))}</text>`,
      );
      break;
    case 'delay':
      parts.push(`<circle cx="${x}" cy="${y}" r="${R}" ${fill} ${stroke}/>`);
      parts.push(`<polyline points="${x},${y - 12} ${x},${y} ${x + 9},${y + 6}" fill="none" ${stroke}/>`);
      break;
    case 'end':
      parts.push(`<rect x="${x - R}" y="${y - R}" width="${R * 2}" height="${R * 2}" ${fill} ${stroke}/>`);
      parts.push(`<rect x="${x - R / 2}" y="${y - R / 2}" width="${R}" height="${R}" fill="${esc(color)}"/>`);
      break;
    case 'text': {
      const { w, h } = nodeExtent(n);
      parts.push(
        `<text x="${x}" y="${y + 5}" font-size="14" fill="${INK}" text-anchor="middle" textLength="${Math.min(w, (n.text ?? n.name).length * 7.5)}">${esc(clip(n.text ?? n.name, 60))}</text>`,
      );
      void h;
      break;
    }
    case 'group':
    case 'chart': {
      const { w, h } = nodeExtent(n);
      parts.push(
        `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="6" fill="${n.type === 'chart' ? '#FFFFFF' : '#F4F3FF'}" stroke="${MUTED}" stroke-width="1.5" stroke-dasharray="${n.type === 'group' ? '6 4' : 'none'}"/>`,
      );
      if (n.type === 'chart') {
        const pts = [0, 0.5, 0.35, 0.8, 0.6, 0.95]
          .map((v, i) => `${num(x - w / 2 + 16 + (i * (w - 32)) / 5)},${num(y + h / 2 - 16 - v * (h - 48))}`)
          .join(' ');
        parts.push(`<polyline points="${pts}" fill="none" stroke="${PRIMARY}" stroke-width="2"/>`);
      }
      parts.push(
        `<text x="${x - w / 2 + 10}" y="${y - h / 2 + 18}" font-size="12" fill="${MUTED}">${esc(clip(n.name || n.type, 40))}</text>`,
      );
      break;
    }
  }
  if (n.activation === 'automatic' && !['text', 'group', 'chart'].includes(n.type))
    parts.push(
      `<text x="${x + R - 2}" y="${y - R + 6}" font-size="14" font-weight="bold" fill="${esc(color)}">*</text>`,
    );
  if (n.activation === 'onstart')
    parts.push(
      `<text x="${x + R - 2}" y="${y - R + 6}" font-size="11" font-weight="bold" fill="${esc(color)}">s</text>`,
    );
  if (n.name && !['text', 'group', 'chart'].includes(n.type)) {
    parts.push(
      `<text x="${x}" y="${y + R + 16}" font-size="12" fill="${INK}" text-anchor="middle">${esc(clip(n.name, 24))}</text>`,
    );
  }
  return parts.join('');
}

/** Where a line from `from` towards `to` leaves a node of radius R. */
function edgePoint(from: { x: number; y: number }, to: { x: number; y: number }, inset: number) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const d = Math.hypot(dx, dy) || 1;
  return { x: from.x + (dx / d) * inset, y: from.y + (dy / d) * inset };
}

interface Wire {
  c: DiagramConnection;
  start: { x: number; y: number };
  end: { x: number; y: number };
  control: { x: number; y: number } | null;
  label: { x: number; y: number };
}

/** Where each connection is drawn: straight for resources; state connections bow to one side, apart from the flow they act on. */
function wires(document: Diagram): Wire[] {
  const nodes = new Map(document.nodes.map((n) => [n.id, n]));
  const byId = new Map(document.connections.map((c) => [c.id, c]));
  const mid = (c: DiagramConnection): { x: number; y: number } | null => {
    const a = nodes.get(c.from);
    const b = nodes.get(c.to);
    return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : null;
  };
  const out: Wire[] = [];
  for (const c of document.connections) {
    const a = nodes.get(c.from);
    const target = nodes.get(c.to) ?? (byId.has(c.to) ? mid(byId.get(c.to)!) : null);
    if (!a || !target) continue;
    const length = Math.hypot(target.x - a.x, target.y - a.y) || 1;
    const bow = c.kind === 'state' ? Math.min(90, length * 0.3) : 0;
    const control = bow
      ? {
          x: (a.x + target.x) / 2 + ((a.y - target.y) / length) * bow,
          y: (a.y + target.y) / 2 + ((target.x - a.x) / length) * bow,
        }
      : null;
    const start = edgePoint(a, control ?? target, R + 2);
    const end = nodes.has(c.to) ? edgePoint(target, control ?? a, R + 4) : target;
    const label = control
      ? { x: 0.25 * start.x + 0.5 * control.x + 0.25 * end.x, y: 0.25 * start.y + 0.5 * control.y + 0.25 * end.y }
      : { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
    out.push({ c, start, end, control, label });
  }
  return out;
}

function connections(document: Diagram): string {
  const out: string[] = [];
  for (const { c, start, end, control, label: at } of wires(document)) {
    const color = c.color ?? (c.kind === 'state' ? STATE : INK);
    const dash = c.kind === 'state' ? ' stroke-dasharray="5 4"' : '';
    const width = c.kind === 'state' ? 1.5 : 2;
    const path = control
      ? `M${num(start.x)},${num(start.y)} Q${num(control.x)},${num(control.y)} ${num(end.x)},${num(end.y)}`
      : `M${num(start.x)},${num(start.y)} L${num(end.x)},${num(end.y)}`;
    out.push(
      `<path d="${path}" fill="none" stroke="${esc(color)}" stroke-width="${width}"${dash} marker-end="url(#arrow-${c.kind})"/>`,
    );
    const label = c.formula && !(c.kind === 'resource' && c.formula === '1') ? c.formula : '';
    if (label) {
      const text = esc(clip(label, 14));
      out.push(
        `<rect x="${num(at.x - text.length * 3.6 - 4)}" y="${num(at.y - 9)}" width="${num(text.length * 7.2 + 8)}" height="16" rx="3" fill="#FFFFFF"/>`,
      );
      out.push(
        `<text x="${num(at.x)}" y="${num(at.y + 4)}" font-size="11" fill="${esc(color)}" text-anchor="middle">${text}</text>`,
      );
    }
  }
  return out.join('');
}

const DEFS = `<defs>
<marker id="arrow-resource" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${INK}"/></marker>
<marker id="arrow-state" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${STATE}"/></marker>
</defs>`;

/**
 * The diagram as SVG in its own coordinates (x, y are node centres). With `frame`, the picture is
 * fitted into a fixed canvas with the diagram's name (share thumbnails).
 */
export function renderDiagramSvg(
  document: Diagram,
  options: { name: string; frame?: { width: number; height: number } },
): string {
  const box = bounds(document);
  const font = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"';
  const body = box
    ? `${connections(document)}${document.nodes
        .filter((n) => n.type === 'group')
        .map(shape)
        .join('')}${document.nodes
        .filter((n) => n.type !== 'group')
        .map(shape)
        .join('')}`
    : '';
  if (!options.frame) {
    const b = box ?? { minX: 0, minY: 0, maxX: 320, maxY: 120 };
    const w = b.maxX - b.minX;
    const h = b.maxY - b.minY;
    const empty = box
      ? ''
      : `<text x="160" y="66" font-size="14" fill="${MUTED}" text-anchor="middle">Empty diagram</text>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${num(w)}" height="${num(h)}" viewBox="${num(b.minX)} ${num(b.minY)} ${num(w)} ${num(h)}" ${font}>${DEFS}<rect x="${num(b.minX)}" y="${num(b.minY)}" width="${num(w)}" height="${num(h)}" fill="#FFFFFF"/>${body}${empty}</svg>`;
  }
  // A fixed 1200-wide design canvas, scaled by the rasterizer to the requested size.
  const W = 1200;
  const H = Math.round((W * options.frame.height) / options.frame.width);
  const footer = 96;
  const pad = 48;
  let content = `<text x="${W / 2}" y="${(H - footer) / 2}" font-size="36" fill="${MUTED}" text-anchor="middle">Empty diagram</text>`;
  if (box) {
    const w = box.maxX - box.minX;
    const h = box.maxY - box.minY;
    const scale = Math.min((W - 2 * pad) / w, (H - footer - 2 * pad) / h, 3);
    const tx = (W - w * scale) / 2 - box.minX * scale;
    const ty = pad + (H - footer - 2 * pad - h * scale) / 2 - box.minY * scale;
    content = `<g transform="translate(${num(tx)} ${num(ty)}) scale(${Math.round(scale * 1000) / 1000})">${body}</g>`;
  }
  const title = esc(clip(options.name, 48));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${options.frame.width}" height="${options.frame.height}" viewBox="0 0 ${W} ${H}" ${font}>${DEFS}
<rect width="${W}" height="${H}" fill="#FFFFFF"/>
<rect width="${W}" height="${H - footer}" fill="#FAFAFF"/>
${content}
<rect y="${H - footer}" width="${W}" height="${footer}" fill="${PRIMARY}"/>
<text x="40" y="${H - footer / 2 + 13}" font-size="38" font-weight="bold" fill="#FFFFFF">${title}</text>
<text x="${W - 40}" y="${H - footer / 2 + 10}" font-size="26" fill="#DCDAFF" text-anchor="end">Loopwright</text>
</svg>`;
}
