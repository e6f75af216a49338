import { FormulaError } from './lexer.js';

export const COND_OPS = ['>', '>=', '<', '<=', '==', '!=', 'range', 'else'] as const;
export type CondOp = (typeof COND_OPS)[number];

export interface Condition {
  op: CondOp;
  a: number;
  b: number;
}

export type StateRole =
  | { role: 'trigger' }
  | { role: 'reverse' }
  | { role: 'activator'; cond: Condition }
  | { role: 'modifier'; amount: number; percent: boolean }
  | { role: 'interval'; amount: number }
  | { role: 'set' }
  | { role: 'per'; amount: number; per: number }
  | { role: 'input'; name: string };

const NUM = '[-+]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)';
const COMPARE = new RegExp(`^(>=|<=|==|!=|>|<)\\s*(${NUM})$`);
const RANGE = new RegExp(`^(${NUM})\\s*\\.\\.\\s*(${NUM})$`);
const MODIFIER = /^([-+])\s*(\d+(?:\.\d+)?|\.\d+)\s*(%?)$/;
const INTERVAL_MOD = /^([-+])\s*(\d+(?:\.\d+)?|\.\d+)\s*i$/;
const PER = /^([-+])\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `>3`, `>=3`, `==0`, `!=2`, `3..5`, `else`; null when the text is not a condition. */
export function parseCondition(text: string): Condition | null {
  const t = text.trim();
  if (t === 'else') return { op: 'else', a: 0, b: 0 };
  let m = COMPARE.exec(t);
  if (m) return { op: m[1] as CondOp, a: Number(m[2]), b: 0 };
  m = RANGE.exec(t);
  if (m) return { op: 'range', a: Number(m[1]), b: Number(m[2]) };
  return null;
}

export function holds(op: number, a: number, b: number, v: number): boolean {
  switch (op) {
    case 0:
      return v > a;
    case 1:
      return v >= a;
    case 2:
      return v < a;
    case 3:
      return v <= a;
    case 4:
      return v === a;
    case 5:
      return v !== a;
    case 6:
      return v >= a && v <= b;
    default:
      return false;
  }
}

export function condOpIndex(op: CondOp): number {
  return COND_OPS.indexOf(op);
}

/** The role of a state connection, decided by its formula (ENGINE.md §5). */
export function parseStateRole(formula: string, targetIsConnection: boolean, targetIsRegister: boolean): StateRole {
  const t = formula.trim();
  if (t === '') throw new FormulaError('a state connection needs a formula that gives its role (*, !, +n, >n, …)', 1);
  if (t === '*') return { role: 'trigger' };
  if (t === '!') return { role: 'reverse' };
  if (t === '=') return { role: 'set' };
  let m = MODIFIER.exec(t);
  if (m) {
    const amount = Number(m[2]) * (m[1] === '-' ? -1 : 1);
    return { role: 'modifier', amount, percent: m[3] === '%' };
  }
  m = INTERVAL_MOD.exec(t);
  if (m) return { role: 'interval', amount: Number(m[2]) * (m[1] === '-' ? -1 : 1) };
  m = PER.exec(t);
  if (m) {
    const per = Number(m[3]);
    if (per <= 0) throw new FormulaError('the divisor of a +a/b modifier must be positive', t.indexOf('/') + 2);
    return { role: 'per', amount: Number(m[2]) * (m[1] === '-' ? -1 : 1), per };
  }
  const cond = parseCondition(t);
  if (cond && cond.op !== 'else') return { role: 'activator', cond };
  if (NAME.test(t)) {
    if (targetIsRegister) return { role: 'input', name: t };
    throw new FormulaError(`'${t}' names a register input, but the target is not a register`, 1);
  }
  void targetIsConnection;
  throw new FormulaError(
    `'${t}' is not a state connection role (use *, !, +n, -n, +n%, +ni, +a/b, =, >n, a..b or an input name)`,
    1,
  );
}
