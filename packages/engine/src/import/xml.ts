import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An XML element as the importers read it: name, attributes (entities decoded), children in document order. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line ? `${message} (line ${line})` : message);
    this.name = 'XmlError';
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  preserveOrder: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

/** Parses a document with fast-xml-parser; malformed XML is an XmlError naming the line. */
export function parseXml(source: string): XmlElement {
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw new XmlError(`not well-formed XML: ${valid.err.msg}`, valid.err.line);
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  fill(root, parser.parse(source) as Ordered[]);
  return root;
}

function fill(parent: XmlElement, items: Ordered[]): void {
  for (const item of items) {
    for (const key of Object.keys(item)) {
      if (key === ':@') continue;
      const value = item[key];
      if (key === '#text') {
        parent.text += String(value);
        continue;
      }
      const el: XmlElement = { name: key, attrs: { ...(item[':@'] ?? {}) }, children: [], text: '' };
      parent.children.push(el);
      if (Array.isArray(value)) fill(el, value as Ordered[]);
    }
  }
}

export function* walk(el: XmlElement): Generator<XmlElement> {
  for (const c of el.children) {
    yield c;
    yield* walk(c);
  }
}

const NAMED: Record<string, string> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  times: '×',
  divide: '÷',
  le: '≤',
  ge: '≥',
  ne: '≠',
  deg: '°',
  euro: '€',
  pound: '£',
  copy: '©',
  reg: '®',
  trade: '™',
  laquo: '«',
  raquo: '»',
};

/** Decodes HTML character references once (`&lt;5` → `<5`); unknown names stay as written. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[e] ?? whole;
  });
}

/**
 * The text of an HTML label (machinations.io stores rich text when a cell's style has `html=1`).
 * Only real tags are removed — `<` followed by a letter, `/` or `!` — so text such as `<5` in a
 * formula survives (in HTML it is written `&lt;5` anyway); entities are decoded after the tags go.
 */
export function htmlToText(s: string): string {
  const text = s
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(?:br|\/div|\/p|\/li)\b[^<>]*>/gi, ' ')
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** A label's text: HTML when the cell says so (`html=1` in its style), else as written. */
export function labelText(raw: string | undefined, html: boolean): string {
  if (!raw) return '';
  return html ? htmlToText(raw) : raw.replace(/\s+/g, ' ').trim();
}
