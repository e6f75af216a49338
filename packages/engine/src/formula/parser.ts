import type { BinaryOp, Expr } from './ast.js';
import { FUNCTIONS } from './ast.js';
import { FormulaError, tokenize, type Token } from './lexer.js';

/** `D6`, `D` (the diagram's dice) and machinations.io's lowercase `d6`; a bare `d` stays a name. */
const DICE = /^(?:D(\d*)|d(\d+))$/;

/** Parses a rate/value formula. Throws FormulaError with a 1-based position. */
export function parseFormula(source: string): Expr {
  const p = new Parser(tokenize(source));
  const e = p.formula();
  p.expectEnd();
  return e;
}

/** Parses an expression without the top-level interval form (used inside conditions). */
export function parseExpression(source: string, offset = 0): Expr {
  const p = new Parser(tokenize(source), offset);
  const e = p.or();
  p.expectEnd();
  return e;
}

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly base = 0,
  ) {}

  private get tok(): Token {
    return this.tokens[this.i];
  }
  private pos(t: Token = this.tok): number {
    return this.base + t.offset + 1;
  }
  private isOp(text: string): boolean {
    return this.tok.kind === 'op' && this.tok.text === text;
  }
  private fail(message: string, t: Token = this.tok): never {
    throw new FormulaError(message, this.pos(t));
  }

  expectEnd(): void {
    if (this.tok.kind !== 'end') this.fail(`unexpected '${this.tok.text}'`);
  }

  formula(): Expr {
    if (this.tok.kind === 'end') this.fail('empty formula');
    const first = this.or();
    if (this.isOp('|')) {
      const pos = this.pos();
      this.i++;
      const every = this.or();
      return { kind: 'interval', amount: first, every, pos };
    }
    return first;
  }

  or(): Expr {
    let left = this.and();
    while (this.isOp('||')) left = this.binary('||', left, () => this.and());
    return left;
  }
  private and(): Expr {
    let left = this.comparison();
    while (this.isOp('&&')) left = this.binary('&&', left, () => this.comparison());
    return left;
  }
  private comparison(): Expr {
    const left = this.additive();
    const t = this.tok;
    if (t.kind === 'op' && ['<', '<=', '>', '>=', '==', '!='].includes(t.text)) {
      return this.binary(t.text as BinaryOp, left, () => this.additive());
    }
    if (this.isOp('=')) this.fail("use '==' to compare");
    return left;
  }
  private additive(): Expr {
    let left = this.multiplicative();
    while (this.isOp('+') || this.isOp('-'))
      left = this.binary(this.tok.text as BinaryOp, left, () => this.multiplicative());
    return left;
  }
  private multiplicative(): Expr {
    let left = this.unary();
    while (this.isOp('*') || this.isOp('/')) left = this.binary(this.tok.text as BinaryOp, left, () => this.unary());
    return left;
  }
  private binary(op: BinaryOp, left: Expr, right: () => Expr): Expr {
    const pos = this.pos();
    this.i++;
    if (this.tok.kind === 'end') this.fail(`missing a value after '${op}'`);
    return { kind: 'binary', op, left, right: right(), pos };
  }
  private unary(): Expr {
    if (this.isOp('-') || this.isOp('+') || this.isOp('!')) {
      const op = this.tok.text as '-' | '+' | '!';
      const pos = this.pos();
      this.i++;
      return { kind: 'unary', op, arg: this.unary(), pos };
    }
    return this.postfix();
  }
  private postfix(): Expr {
    const e = this.primary();
    if (this.isOp('%')) {
      const pos = this.pos();
      this.i++;
      return { kind: 'chance', percent: e, pos };
    }
    return e;
  }
  private primary(): Expr {
    const t = this.tok;
    if (t.kind === 'num') {
      this.i++;
      const next = this.tok;
      const adjacent = next.kind === 'ident' && next.offset === t.offset + t.text.length;
      const m = adjacent ? DICE.exec(next.text) : null;
      if (m) {
        this.i++;
        if (!Number.isInteger(t.value)) this.fail('the number of dice must be a whole number', t);
        return { kind: 'dice', count: t.value, sides: Number(m[1] || m[2] || 0), pos: this.pos(t) };
      }
      if (adjacent) this.fail(`unexpected '${next.text}' after a number`, next);
      return { kind: 'num', value: t.value, pos: this.pos(t) };
    }
    if (t.kind === 'ident') {
      this.i++;
      const m = DICE.exec(t.text);
      if (m) return { kind: 'dice', count: 1, sides: Number(m[1] || m[2] || 0), pos: this.pos(t) };
      if (t.text === 'all') return { kind: 'all', pos: this.pos(t) };
      if (this.isOp('(')) return this.call(t);
      return { kind: 'name', name: t.text, pos: this.pos(t) };
    }
    if (this.isOp('(')) {
      this.i++;
      const e = this.or();
      if (!this.isOp(')')) this.fail("missing ')'");
      this.i++;
      return e;
    }
    if (t.kind === 'end') this.fail('the formula ends too early');
    this.fail(`unexpected '${t.text}'`);
  }
  private call(name: Token): Expr {
    const arity = FUNCTIONS[name.text];
    if (!arity) this.fail(`unknown function '${name.text}'`, name);
    this.i++; // (
    const args: Expr[] = [];
    if (!this.isOp(')')) {
      for (;;) {
        args.push(this.or());
        if (this.isOp(',')) {
          this.i++;
          continue;
        }
        break;
      }
    }
    if (!this.isOp(')')) this.fail("missing ')'");
    this.i++;
    if (args.length < arity[0] || args.length > arity[1]) {
      this.fail(
        `${name.text} takes ${arity[0] === arity[1] ? arity[0] : `${arity[0]} to ${arity[1]}`} argument(s)`,
        name,
      );
    }
    return { kind: 'call', fn: name.text, args, pos: this.pos(name) };
  }
}
