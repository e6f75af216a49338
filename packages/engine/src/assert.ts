import type { BatchResult } from './batch.js';

/**
 * Assertions over a batch result, for CI: `p95(Gold, 100) < 500`, `mean(Upgrades, end) >= 3`.
 * Statistics: mean, median, min, max, p<n> (any percentile) of a pool or register (id or name,
 * quoted if it has spaces) at a step (1-based) or `end`; `ends("win")` is the share of runs that
 * stopped at that end condition. Combine with + - * /, compare with < <= > >= == !=, join with && ||.
 */
export class AssertError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
    this.name = 'AssertError';
  }
}

export type AssertNode =
  | { kind: 'num'; value: number }
  | { kind: 'stat'; fn: string; target: string; step: number | 'end'; pos: number }
  | { kind: 'ends'; name: string }
  | { kind: 'bin'; op: string; a: AssertNode; b: AssertNode }
  | { kind: 'neg'; a: AssertNode };
type Node = AssertNode;

/** Where the statistics of an assertion come from: a batch result, or a study's own runs. */
export interface StatSource {
  stat(fn: string, target: string, step: number | 'end', pos: number): number;
  /** Share (0..1) of runs that stopped at the end condition `name`. */
  ends(name: string): number;
}

interface Tok {
  t: string;
  pos: number;
  kind: 'num' | 'id' | 'str' | 'op' | 'end';
}

function lex(src: string): Tok[] {
  const re = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][\w.-]*)|"([^"]*)"|'([^']*)'|(<=|>=|==|!=|&&|\|\||[-+*/(),<>]))/y;
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    if (/^\s*$/.test(src.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(src);
    if (!m)
      throw new AssertError(
        `unexpected '${src.slice(i).trim()[0]}'`,
        i + 1 + (src.slice(i).length - src.slice(i).trimStart().length),
      );
    const pos = m.index + m[0].length - m[0].trimStart().length + 1;
    if (m[1] !== undefined) out.push({ t: m[1], pos, kind: 'num' });
    else if (m[2] !== undefined) out.push({ t: m[2], pos, kind: 'id' });
    else if (m[3] !== undefined || m[4] !== undefined) out.push({ t: m[3] ?? m[4], pos, kind: 'str' });
    else out.push({ t: m[5], pos, kind: 'op' });
    i = re.lastIndex;
  }
  out.push({ t: '', pos: src.length + 1, kind: 'end' });
  return out;
}

export interface Assertion {
  text: string;
  check(result: BatchResult): { ok: boolean; detail: string };
}

/** The syntax tree of an assertion or of a bare statistic expression (`p90(Gold, 30)`). */
export function parseAssertionTree(text: string): AssertNode {
  const toks = lex(text);
  let i = 0;
  const peek = (): Tok => toks[i];
  const isOp = (t: string): boolean => toks[i].kind === 'op' && toks[i].t === t;
  const expect = (t: string): void => {
    if (!isOp(t)) throw new AssertError(`expected '${t}'`, peek().pos);
    i++;
  };
  const binary = (next: () => Node, ops: string[]): Node => {
    let a = next();
    while (toks[i].kind === 'op' && ops.includes(toks[i].t)) {
      const op = toks[i++].t;
      a = { kind: 'bin', op, a, b: next() };
    }
    return a;
  };
  const or = (): Node => binary(and, ['||']);
  const and = (): Node => binary(cmp, ['&&']);
  const cmp = (): Node => binary(add, ['<', '<=', '>', '>=', '==', '!=']);
  const add = (): Node => binary(mul, ['+', '-']);
  const mul = (): Node => binary(unary, ['*', '/']);
  const unary = (): Node => {
    if (isOp('-')) {
      i++;
      return { kind: 'neg', a: unary() };
    }
    return primary();
  };
  const primary = (): Node => {
    const tok = peek();
    if (tok.kind === 'num') {
      i++;
      return { kind: 'num', value: Number(tok.t) };
    }
    if (isOp('(')) {
      i++;
      const e = or();
      expect(')');
      return e;
    }
    if (tok.kind === 'id') {
      i++;
      const fn = tok.t;
      expect('(');
      const target = peek();
      if (target.kind !== 'id' && target.kind !== 'str')
        throw new AssertError('expected a node id or name', target.pos);
      i++;
      if (fn === 'ends') {
        expect(')');
        return { kind: 'ends', name: target.t };
      }
      if (!/^(mean|median|min|max|p\d+(\.\d+)?)$/.test(fn))
        throw new AssertError(`unknown statistic '${fn}' (use mean, median, min, max, p<n> or ends)`, tok.pos);
      expect(',');
      const st = peek();
      let step: number | 'end';
      if (st.kind === 'id' && st.t === 'end') step = 'end';
      else if (st.kind === 'num' && Number.isInteger(Number(st.t)) && Number(st.t) >= 1) step = Number(st.t);
      else throw new AssertError("expected a step (1, 2, …) or 'end'", st.pos);
      i++;
      expect(')');
      return { kind: 'stat', fn, target: target.t, step, pos: tok.pos };
    }
    throw new AssertError(tok.kind === 'end' ? 'the assertion ends too early' : `unexpected '${tok.t}'`, tok.pos);
  };
  const tree = or();
  if (peek().kind !== 'end') throw new AssertError(`unexpected '${peek().t}'`, peek().pos);
  return tree;
}

export function parseAssertion(text: string): Assertion {
  const tree = parseAssertionTree(text);
  return {
    text,
    check(result) {
      const seen: string[] = [];
      const v = evaluateAssertion(tree, batchSource(result), seen);
      return { ok: v !== 0 && !Number.isNaN(v), detail: seen.join(', ') };
    },
  };
}

/** The value of a tree (comparisons give 1 or 0); each statistic read is described in `seen`. */
export function evaluateAssertion(tree: AssertNode, source: StatSource, seen?: string[]): number {
  const ev = (n: Node): number => {
    switch (n.kind) {
      case 'num':
        return n.value;
      case 'neg':
        return -ev(n.a);
      case 'ends': {
        const v = source.ends(n.name);
        seen?.push(`ends(${n.name}) = ${round(v)}`);
        return v;
      }
      case 'stat': {
        const v = source.stat(n.fn, n.target, n.step, n.pos);
        seen?.push(`${n.fn}(${n.target}, ${n.step}) = ${round(v)}`);
        return v;
      }
      case 'bin':
        return binary(n.op, ev(n.a), ev(n.b));
    }
  };
  return ev(tree);
}

export function binary(op: string, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '<':
      return a < b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case '==':
      return a === b ? 1 : 0;
    case '!=':
      return a !== b ? 1 : 0;
    case '&&':
      return a !== 0 && b !== 0 ? 1 : 0;
    default:
      return a !== 0 || b !== 0 ? 1 : 0;
  }
}

function batchSource(result: BatchResult): StatSource {
  return {
    stat: (fn, target, step, pos) => statistic(result, fn, target, step, pos),
    ends: (name) => (result.completed ? (result.ends[name] ?? 0) / result.completed : NaN),
  };
}

function statistic(result: BatchResult, fn: string, target: string, step: number | 'end', pos: number): number {
  const stats = result.stats;
  let s = stats.seriesIndex(target);
  if (s < 0) {
    const names = result.stats.names;
    s = names.indexOf(target);
  }
  if (s < 0) throw new AssertError(`'${target}' is not a pool or register of the diagram`, pos);
  const T = result.steps;
  const t = step === 'end' ? T : step;
  if (t < 1 || t > T) throw new AssertError(`step ${t} is outside the run (1..${T})`, pos);
  const cell = s * stats.steps + (t - 1);
  switch (fn) {
    case 'mean':
      return stats.mean(s, t - 1);
    case 'median':
      return stats.quantile(s, t - 1, 0.5);
    case 'min':
      return stats.min[cell];
    case 'max':
      return stats.max[cell];
    default:
      return stats.quantile(s, t - 1, Number(fn.slice(1)) / 100);
  }
}

function round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
