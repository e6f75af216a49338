/** A tiny XML reader for the two import formats: elements, attributes, text; no DTDs or namespaces. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlError extends Error {
  constructor(message: string, readonly offset: number) {
    super(`${message} (at character ${offset + 1})`);
    this.name = 'XmlError';
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? whole;
  });
}

/** Removes HTML tags from a label (machinations.io keeps rich-text labels) and decodes entities. */
export function stripHtml(s: string): string {
  return decodeEntities(decodeEntities(s).replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();
}

export function parseXml(source: string): XmlElement {
  let i = 0;
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const nameRe = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
  const attrRe = /\s*([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)')/y;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const top = stack[stack.length - 1];
    if (lt < 0) {
      top.text += decodeEntities(source.slice(i));
      break;
    }
    if (lt > i) top.text += decodeEntities(source.slice(i, lt));
    i = lt;
    if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i);
      if (end < 0) throw new XmlError('unclosed comment', i);
      i = end + 3;
    } else if (source.startsWith('<![CDATA[', i)) {
      const end = source.indexOf(']]>', i);
      if (end < 0) throw new XmlError('unclosed CDATA', i);
      top.text += source.slice(i + 9, end);
      i = end + 3;
    } else if (source.startsWith('<?', i) || source.startsWith('<!', i)) {
      const end = source.indexOf('>', i);
      if (end < 0) throw new XmlError('unclosed declaration', i);
      i = end + 1;
    } else if (source.startsWith('</', i)) {
      nameRe.lastIndex = i + 2;
      const m = nameRe.exec(source);
      if (!m) throw new XmlError('bad closing tag', i);
      const open = stack.pop();
      if (!open || open.name !== m[0] || stack.length === 0) throw new XmlError(`unexpected </${m[0]}>`, i);
      const end = source.indexOf('>', i);
      i = end + 1;
    } else {
      nameRe.lastIndex = i + 1;
      const m = nameRe.exec(source);
      if (!m) throw new XmlError('bad tag', i);
      const el: XmlElement = { name: m[0], attrs: {}, children: [], text: '' };
      i = nameRe.lastIndex;
      for (;;) {
        attrRe.lastIndex = i;
        const a = attrRe.exec(source);
        if (!a) break;
        el.attrs[a[1]] = decodeEntities(a[3] ?? a[4] ?? '');
        i = attrRe.lastIndex;
      }
      while (source[i] === ' ' || source[i] === '\n' || source[i] === '\t' || source[i] === '\r') i++;
      top.children.push(el);
      if (source.startsWith('/>', i)) i += 2;
      else if (source[i] === '>') {
        i++;
        stack.push(el);
      } else throw new XmlError(`bad attribute in <${el.name}>`, i);
    }
  }
  if (stack.length !== 1) throw new XmlError(`unclosed <${stack[stack.length - 1].name}>`, source.length);
  return root;
}

export function* walk(el: XmlElement): Generator<XmlElement> {
  for (const c of el.children) {
    yield c;
    yield* walk(c);
  }
}
