import { namesIn } from '../formula/ast.js';
import { parseFormula } from '../formula/parser.js';
import { parseCondition, parseStateRole } from '../formula/roles.js';
/**
 * machinations.io's formula spellings, rewritten into ours where they differ (its documentation,
 * "Labels, Formulas, Intervals"): a state connection's default formula is `+1`; `+`/`-` mean ±1;
 * a bare number on an activator is the condition `==x`; `a-b` is a range; `+xi` is an interval
 * modifier (kept, the engine reads it).
 */
const NUMBER = /^[-+]?(?:\d+(?:\.\d+)?|\.\d+)$/;
const DASH_RANGE = /^(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)$/;

export interface StateFormula {
  formula: string;
  /** Set when the spelling was changed in a way the user should know about. */
  note?: string;
}

export function stateFormula(raw: string, target: 'node' | 'register' | 'connection', fromGate: boolean): StateFormula {
  const t = raw.trim();
  if (t === '') return { formula: fromGate ? '1' : '+1' };
  if (t === '+' || t === '-') return { formula: `${t}1` };
  if (fromGate) return { formula: t };
  if (NUMBER.test(t) && !/^[-+]/.test(t)) {
    if (target === 'connection')
      return {
        formula: `+${t}`,
        note: `formula '${t}' on a state connection to a connection read as the label modifier '+${t}'`,
      };
    if (target === 'node') return { formula: `==${t}` };
  }
  const range = DASH_RANGE.exec(t);
  if (range && target === 'node') return { formula: `${range[1]}..${range[2]}` };
  return { formula: t };
}

export function resourceFormula(raw: string): string {
  const t = raw.trim();
  return t === '' ? '1' : t;
}

const BUILT_IN = new Set(['S', 'ST', 'M']);

/** Why the engine would refuse a rate (or gate output) formula; null when it reads. */
export function rateProblem(formula: string, gateOutput: boolean): string | null {
  if (gateOutput && parseCondition(formula)) return null;
  try {
    const unknown = [...namesIn(parseFormula(formula))].filter((n) => !BUILT_IN.has(n));
    return unknown.length === 0 ? null : `unknown name '${unknown[0]}'`;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Why the engine would refuse a state connection's formula; null when it reads. */
export function roleProblem(formula: string, target: 'node' | 'register' | 'connection'): string | null {
  try {
    parseStateRole(formula, target === 'connection', target === 'register');
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** `Shuffle Source: D3` → `D3`: older exports put a caption before the formula in the label. */
export function afterCaption(t: string): string {
  const k = t.lastIndexOf(':');
  return k >= 0 ? t.slice(k + 1).trim() : '';
}
