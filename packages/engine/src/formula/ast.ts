export type Expr =
  | { kind: 'num'; value: number; pos: number }
  | { kind: 'dice'; count: number; sides: number; pos: number } // sides 0 = the diagram dice
  | { kind: 'chance'; percent: Expr; pos: number }
  | { kind: 'all'; pos: number }
  | { kind: 'name'; name: string; pos: number }
  | { kind: 'unary'; op: '-' | '+' | '!'; arg: Expr; pos: number }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; pos: number }
  | { kind: 'call'; fn: string; args: Expr[]; pos: number }
  | { kind: 'interval'; amount: Expr; every: Expr; pos: number };

export type BinaryOp = '+' | '-' | '*' | '/' | '<' | '<=' | '>' | '>=' | '==' | '!=' | '&&' | '||';

export const FUNCTIONS: Record<string, [min: number, max: number]> = {
  floor: [1, 1],
  ceil: [1, 1],
  round: [1, 1],
  abs: [1, 1],
  sqrt: [1, 1],
  min: [1, 99],
  max: [1, 99],
  pow: [2, 2],
  random: [0, 2],
  randomInt: [1, 2],
  larger: [2, 2],
  smaller: [2, 2],
  equal: [2, 2],
  // math.js names that machinations.io registers use.
  sum: [1, 99],
  largerEq: [2, 2],
  smallerEq: [2, 2],
  unequal: [2, 2],
  compare: [2, 2],
  sign: [1, 1],
  mod: [2, 2],
  isPositive: [1, 1],
  isNegative: [1, 1],
  isZero: [1, 1],
  isInteger: [1, 1],
  log: [1, 2],
  exp: [1, 1],
};

/** True when the value can change from one evaluation to the next (dice, chance, state, variables). */
export function isDynamic(e: Expr): boolean {
  switch (e.kind) {
    case 'num':
      return false;
    case 'dice':
    case 'chance':
    case 'all':
    case 'name':
    case 'interval':
      return true;
    case 'unary':
      return isDynamic(e.arg);
    case 'binary':
      return isDynamic(e.left) || isDynamic(e.right);
    case 'call':
      return e.fn === 'random' || e.fn === 'randomInt' || e.args.some(isDynamic);
  }
}

export function namesIn(e: Expr, out: Set<string> = new Set()): Set<string> {
  switch (e.kind) {
    case 'name':
      out.add(e.name);
      break;
    case 'chance':
      namesIn(e.percent, out);
      break;
    case 'unary':
      namesIn(e.arg, out);
      break;
    case 'binary':
      namesIn(e.left, out);
      namesIn(e.right, out);
      break;
    case 'call':
      for (const a of e.args) namesIn(a, out);
      break;
    case 'interval':
      namesIn(e.amount, out);
      namesIn(e.every, out);
      break;
    default:
      break;
  }
  return out;
}
