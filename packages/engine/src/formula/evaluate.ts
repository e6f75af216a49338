import type { Rng } from '../random.js';
import type { Expr } from './ast.js';
import { isDynamic } from './ast.js';
import { FormulaError } from './lexer.js';

/** What an evaluator may read: the run's node values, this step's variables and the run's random stream. */
export interface EvalContext {
  value: Float64Array;
  vars: Float64Array;
  labelDelta: Float64Array;
  rng: Rng;
  countColour(node: number, colour: number): number;
}

export type Evaluator = (ctx: EvalContext) => number;

export interface Scope {
  /** Returns the evaluator for a name, or undefined when the name is unknown here. */
  resolve(name: string): Evaluator | undefined;
  /** Meaning of `all` here (undefined: not allowed). */
  all?: Evaluator;
  /** Sides of the diagram dice for a bare `D`; a formula (e.g. `2D6`) for the diagram dice. */
  diagramDice: Evaluator;
}

export function constant(v: number): Evaluator {
  return () => v;
}

/**
 * Evaluators that only read one slot of the run's node values or label deltas. Arithmetic with such a
 * side reads the slot itself instead of calling it (a read has no effect, so the order does not matter).
 */
const valueSlots = new WeakMap<Evaluator, number>();
const deltaSlots = new WeakMap<Evaluator, number>();

/** A node's value (a register input, `all` of a pool). */
export function valueOf(node: number): Evaluator {
  const ev: Evaluator = (c) => c.value[node];
  valueSlots.set(ev, node);
  return ev;
}

/** What label modifiers have added to a connection's label. */
export function labelDeltaOf(connection: number): Evaluator {
  const ev: Evaluator = (c) => c.labelDelta[connection];
  deltaSlots.set(ev, connection);
  return ev;
}

/** Compiles an expression to a closure tree that does not allocate while it runs. */
export function compileExpr(e: Expr, scope: Scope): Evaluator {
  const ev = build(e, scope);
  if (!isDynamic(e)) return constant(ev(CONST_CTX));
  return ev;
}

function build(e: Expr, scope: Scope): Evaluator {
  switch (e.kind) {
    case 'num':
      return constant(e.value);
    case 'dice':
      return dice(e.count, e.sides, scope);
    case 'chance': {
      const p = build(e.percent, scope);
      return (c) => chance(p(c), c.rng);
    }
    case 'all': {
      if (!scope.all) throw new FormulaError("'all' needs an origin pool", e.pos);
      return scope.all;
    }
    case 'name': {
      const r = scope.resolve(e.name);
      if (!r) throw new FormulaError(`unknown name '${e.name}'`, e.pos);
      return r;
    }
    case 'unary': {
      const a = build(e.arg, scope);
      if (e.op === '-') return (c) => -a(c);
      if (e.op === '!') return (c) => (a(c) === 0 ? 1 : 0);
      return a;
    }
    case 'binary':
      return binary(e, scope);
    case 'call':
      return call(
        e.fn,
        e.args.map((a) => build(a, scope)),
      );
    case 'interval':
      throw new FormulaError("an interval 'x|y' is only allowed as a whole rate", e.pos);
  }
}

function dice(count: number, sides: number, scope: Scope): Evaluator {
  if (sides === 0) {
    const d = scope.diagramDice;
    if (count === 1) return d;
    return (c) => {
      let s = 0;
      for (let i = 0; i < count; i++) s += d(c);
      return s;
    };
  }
  if (count === 1) return (c) => 1 + c.rng.int(sides);
  return (c) => {
    let s = 0;
    for (let i = 0; i < count; i++) s += 1 + c.rng.int(sides);
    return s;
  };
}

/** ⌊p/100⌋ guaranteed plus one more with probability (p mod 100)%. */
export function chance(p: number, rng: Rng): number {
  if (!(p > 0)) return 0;
  const whole = Math.floor(p / 100);
  const rest = p - whole * 100;
  return rest > 0 && rng.next() * 100 < rest ? whole + 1 : whole;
}

function binary(e: Extract<Expr, { kind: 'binary' }>, scope: Scope): Evaluator {
  const a = build(e.left, scope);
  if (e.op === '*' && e.right.kind === 'chance') {
    // `3*50%`: three separate draws.
    const p = build(e.right.percent, scope);
    return (c) => {
      const n = Math.floor(a(c));
      let s = 0;
      for (let i = 0; i < n; i++) s += chance(p(c), c.rng);
      return s;
    };
  }
  const b = build(e.right, scope);
  const folded = withConstantSide(e, a, b) ?? withSlotSide(e.op, a, b);
  if (folded) return folded;
  switch (e.op) {
    case '+':
      return (c) => a(c) + b(c);
    case '-':
      return (c) => a(c) - b(c);
    case '*':
      return (c) => a(c) * b(c);
    case '/':
      return (c) => {
        const d = b(c);
        return d === 0 ? 0 : a(c) / d;
      };
    case '<':
      return (c) => (a(c) < b(c) ? 1 : 0);
    case '<=':
      return (c) => (a(c) <= b(c) ? 1 : 0);
    case '>':
      return (c) => (a(c) > b(c) ? 1 : 0);
    case '>=':
      return (c) => (a(c) >= b(c) ? 1 : 0);
    case '==':
      return (c) => (a(c) === b(c) ? 1 : 0);
    case '!=':
      return (c) => (a(c) !== b(c) ? 1 : 0);
    case '&&':
      return (c) => (a(c) !== 0 && b(c) !== 0 ? 1 : 0);
    case '||':
      return (c) => (a(c) !== 0 || b(c) !== 0 ? 1 : 0);
  }
}

/**
 * Arithmetic with one constant side (`a * 2`, `2D6 - 4`, `floor(a / 3)`): the constant is read once
 * here instead of called every time. Same values and the same random draws as the general case.
 */
function withConstantSide(e: Extract<Expr, { kind: 'binary' }>, a: Evaluator, b: Evaluator): Evaluator | undefined {
  if (!isDynamic(e.right)) {
    const k = b(CONST_CTX);
    const j = valueSlots.get(a);
    if (j !== undefined) {
      switch (e.op) {
        case '+':
          return (c) => c.value[j] + k;
        case '-':
          return (c) => c.value[j] - k;
        case '*':
          return (c) => c.value[j] * k;
        case '/':
          return k === 0 ? constant(0) : (c) => c.value[j] / k;
      }
    }
    switch (e.op) {
      case '+':
        return (c) => a(c) + k;
      case '-':
        return (c) => a(c) - k;
      case '*':
        return (c) => a(c) * k;
      case '/':
        return k === 0 ? constant(0) : (c) => a(c) / k;
    }
  } else if (!isDynamic(e.left)) {
    const k = a(CONST_CTX);
    const j = valueSlots.get(b),
      d = deltaSlots.get(b);
    // A chance or rate with a label modifier (`25%` + what the modifiers added) reads the delta in place.
    if (d !== undefined && e.op === '+') return (c) => k + c.labelDelta[d];
    if (j !== undefined) {
      switch (e.op) {
        case '+':
          return (c) => k + c.value[j];
        case '-':
          return (c) => k - c.value[j];
        case '*':
          return (c) => k * c.value[j];
      }
    }
    switch (e.op) {
      case '+':
        return (c) => k + b(c);
      case '-':
        return (c) => k - b(c);
      case '*':
        return (c) => k * b(c);
    }
  }
  return undefined;
}

/** `a + b`, `a - b`, `a * b` where a side reads a node value or a label delta: that side is read in place. */
function withSlotSide(op: string, a: Evaluator, b: Evaluator): Evaluator | undefined {
  const i = valueSlots.get(a),
    j = valueSlots.get(b),
    d = deltaSlots.get(b);
  if (i !== undefined && j !== undefined) {
    switch (op) {
      case '+':
        return (c) => c.value[i] + c.value[j];
      case '-':
        return (c) => c.value[i] - c.value[j];
      case '*':
        return (c) => c.value[i] * c.value[j];
    }
  } else if (j !== undefined) {
    switch (op) {
      case '+':
        return (c) => a(c) + c.value[j];
      case '-':
        return (c) => a(c) - c.value[j];
      case '*':
        return (c) => a(c) * c.value[j];
    }
  } else if (i !== undefined) {
    switch (op) {
      case '+':
        return (c) => c.value[i] + b(c);
      case '-':
        return (c) => c.value[i] - b(c);
      case '*':
        return (c) => c.value[i] * b(c);
    }
  } else if (d !== undefined && op === '+') return (c) => a(c) + c.labelDelta[d];
  return undefined;
}

function call(fn: string, args: Evaluator[]): Evaluator {
  const [a, b] = args;
  switch (fn) {
    case 'floor':
      return (c) => Math.floor(a(c));
    case 'ceil':
      return (c) => Math.ceil(a(c));
    case 'round':
      return (c) => Math.round(a(c));
    case 'abs':
      return (c) => Math.abs(a(c));
    case 'sqrt':
      return (c) => {
        const v = a(c);
        return v > 0 ? Math.sqrt(v) : 0;
      };
    case 'pow':
      return (c) => Math.pow(a(c), b(c));
    case 'min':
      return args.length === 2 ? (c) => Math.min(a(c), b(c)) : (c) => fold(args, c, Math.min);
    case 'max':
      return args.length === 2 ? (c) => Math.max(a(c), b(c)) : (c) => fold(args, c, Math.max);
    case 'random':
      if (args.length === 0) return (c) => c.rng.next();
      if (args.length === 1) return (c) => c.rng.next() * a(c);
      return (c) => {
        const lo = a(c);
        return lo + c.rng.next() * (b(c) - lo);
      };
    case 'randomInt':
      if (args.length === 1) return (c) => c.rng.int(Math.max(0, Math.floor(a(c))));
      return (c) => {
        const lo = Math.ceil(a(c));
        const hi = Math.floor(b(c));
        return hi < lo ? lo : lo + c.rng.int(hi - lo + 1);
      };
    case 'larger':
      return (c) => (a(c) > b(c) ? 1 : 0);
    case 'smaller':
      return (c) => (a(c) < b(c) ? 1 : 0);
    case 'equal':
      return (c) => (a(c) === b(c) ? 1 : 0);
    case 'sum':
      return (c) => fold(args, c, (x, y) => x + y);
    case 'largerEq':
      return (c) => (a(c) >= b(c) ? 1 : 0);
    case 'smallerEq':
      return (c) => (a(c) <= b(c) ? 1 : 0);
    case 'unequal':
      return (c) => (a(c) !== b(c) ? 1 : 0);
    case 'compare':
      return (c) => Math.sign(a(c) - b(c));
    case 'sign':
      return (c) => Math.sign(a(c));
    case 'mod':
      return (c) => {
        const d = b(c);
        return d === 0 ? 0 : a(c) - d * Math.floor(a(c) / d);
      };
    case 'isPositive':
      return (c) => (a(c) > 0 ? 1 : 0);
    case 'isNegative':
      return (c) => (a(c) < 0 ? 1 : 0);
    case 'isZero':
      return (c) => (a(c) === 0 ? 1 : 0);
    case 'isInteger':
      return (c) => (Number.isInteger(a(c)) ? 1 : 0);
    case 'log':
      return args.length === 1
        ? (c) => {
            const v = a(c);
            return v > 0 ? Math.log(v) : 0;
          }
        : (c) => {
            const v = a(c),
              base = b(c);
            return v > 0 && base > 0 && base !== 1 ? Math.log(v) / Math.log(base) : 0;
          };
    case 'exp':
      return (c) => Math.exp(a(c));
    default:
      throw new Error(`unknown function ${fn}`);
  }
}

function fold(args: Evaluator[], c: EvalContext, f: (x: number, y: number) => number): number {
  let r = args[0](c);
  for (let i = 1; i < args.length; i++) r = f(r, args[i](c));
  return r;
}

const CONST_CTX: EvalContext = {
  value: new Float64Array(0),
  vars: new Float64Array(0),
  labelDelta: new Float64Array(0),
  rng: { next: () => 0, int: () => 0 } as unknown as Rng,
  countColour: () => 0,
};
