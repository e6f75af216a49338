export type TokenKind = 'num' | 'ident' | 'op' | 'end';

export interface Token {
  kind: TokenKind;
  text: string;
  value: number;
  /** 0-based offset in the source text. */
  offset: number;
}

/** A problem in a formula; `position` is 1-based (the first character is position 1). */
export class FormulaError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'FormulaError';
  }
}

const OPERATORS = [
  '&&',
  '||',
  '<=',
  '>=',
  '==',
  '!=',
  '..',
  '+',
  '-',
  '*',
  '/',
  '(',
  ')',
  ',',
  '%',
  '|',
  '<',
  '>',
  '!',
  '=',
];

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
      continue;
    }
    if (isDigit(ch) || (ch === '.' && isDigit(source[i + 1] ?? ''))) {
      const start = i;
      while (i < source.length && isDigit(source[i])) i++;
      if (source[i] === '.' && isDigit(source[i + 1] ?? '')) {
        i++;
        while (i < source.length && isDigit(source[i])) i++;
      }
      const text = source.slice(start, i);
      tokens.push({ kind: 'num', text, value: Number(text), offset: start });
      continue;
    }
    if (isIdentStart(ch)) {
      const start = i;
      while (i < source.length && isIdentPart(source[i])) i++;
      tokens.push({ kind: 'ident', text: source.slice(start, i), value: 0, offset: start });
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (!op) throw new FormulaError(`unexpected character '${ch}'`, i + 1);
    tokens.push({ kind: 'op', text: op, value: 0, offset: i });
    i += op.length;
  }
  tokens.push({ kind: 'end', text: '', value: 0, offset: source.length });
  return tokens;
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}
function isIdentStart(ch: string): boolean {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch === '_';
}
function isIdentPart(ch: string): boolean {
  return isIdentStart(ch) || isDigit(ch);
}
