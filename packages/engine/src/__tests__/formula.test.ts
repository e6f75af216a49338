import { describe, expect, it } from 'vitest';
import { compileExpr, type EvalContext } from '../formula/evaluate.js';
import { FormulaError } from '../formula/lexer.js';
import { parseFormula } from '../formula/parser.js';
import { parseStateRole } from '../formula/roles.js';
import { Rng } from '../random.js';

const ctx = (seed = 1): EvalContext => ({
  value: new Float64Array(4),
  vars: new Float64Array(0),
  labelDelta: new Float64Array(0),
  rng: new Rng(seed),
  countColour: () => 0,
});
const scope = {
  resolve: (n: string) => (n === 'x' ? () => 10 : undefined),
  diagramDice: (c: EvalContext) => 1 + c.rng.int(6),
};
const value = (src: string, seed = 1): number => compileExpr(parseFormula(src), scope)(ctx(seed));
const samples = (src: string, n = 3000): number[] => {
  const ev = compileExpr(parseFormula(src), scope);
  const c = ctx(9);
  return Array.from({ length: n }, () => ev(c));
};

describe('formula language', () => {
  it('does arithmetic with precedence and parentheses', () => {
    expect(value('1 + 2 * 3')).toBe(7);
    expect(value('(1 + 2) * 3')).toBe(9);
    expect(value('7 / 2')).toBe(3.5);
    expect(value('-x + 1')).toBe(-9);
    expect(value('1 / 0')).toBe(0);
  });
  it('compares and combines with && || !', () => {
    expect(value('x > 3 && x < 20')).toBe(1);
    expect(value('x == 3 || !0')).toBe(1);
    expect(value('x != 10')).toBe(0);
  });
  it('has the functions of ENGINE.md §4', () => {
    expect(value('floor(2.7) + ceil(2.1) + round(2.5) + abs(-1)')).toBe(2 + 3 + 3 + 1);
    expect(value('min(3, 1, 2) + max(3, 9) + pow(2, 10) + sqrt(16)')).toBe(1 + 9 + 1024 + 4);
    expect(value('larger(3, 2) + smaller(3, 2) + equal(2, 2)')).toBe(2);
    for (const v of samples('randomInt(2, 5)', 500)) expect(v >= 2 && v <= 5 && Number.isInteger(v)).toBe(true);
    for (const v of samples('random()', 500)) expect(v >= 0 && v < 1).toBe(true);
  });
  it('has the math.js functions machinations.io registers use', () => {
    expect(value('sum(1, 2, 3) + largerEq(2, 2) + smallerEq(3, 2) + unequal(1, 2)')).toBe(6 + 1 + 0 + 1);
    expect([value('compare(1, 2)'), value('compare(2, 2)'), value('compare(3, 2)'), value('sign(-4)')]).toEqual([
      -1, 0, 1, -1,
    ]);
    expect([value('mod(7, 3)'), value('mod(-1, 3)'), value('mod(5, 0)')]).toEqual([1, 2, 0]);
    expect(value('isPositive(2) + isNegative(2) + isZero(0) + isInteger(2.5) + isInteger(4)')).toBe(3);
    expect(value('log(8, 2) + exp(0)')).toBeCloseTo(4);
    for (const v of samples('random(5, 10)', 500)) expect(v >= 5 && v < 10).toBe(true);
  });
  it('reads lowercase dice like machinations.io (d6, 2d5+1) but leaves a bare d a name', () => {
    const d = samples('2d5+1');
    expect(Math.min(...d)).toBe(3);
    expect(Math.max(...d)).toBe(11);
    expect(Math.max(...samples('d6'))).toBe(6);
    expect(() => value('d')).toThrow(/unknown name 'd'/);
  });
  it('reads interval modifiers (+1i) as a state connection role', () => {
    expect(parseStateRole('+1i', true, false)).toEqual({ role: 'interval', amount: 1 });
    expect(parseStateRole('-2i', true, false)).toEqual({ role: 'interval', amount: -2 });
  });
  it('rolls dice: D6, 2D6+1, D (the diagram dice)', () => {
    const d6 = samples('D6');
    expect(Math.min(...d6)).toBe(1);
    expect(Math.max(...d6)).toBe(6);
    const two = samples('2D6+1');
    expect(Math.min(...two)).toBe(3);
    expect(Math.max(...two)).toBe(13);
    expect(Math.abs(two.reduce((a, b) => a + b) / two.length - 8)).toBeLessThan(0.2);
    expect(Math.max(...samples('D'))).toBe(6);
  });
  it('pays a chance as the whole part plus one more with the rest', () => {
    const c = samples('250%');
    expect(new Set(c)).toEqual(new Set([2, 3]));
    const three = samples('3*50%');
    expect(new Set(three)).toEqual(new Set([0, 1, 2, 3]));
    expect(Math.abs(three.reduce((a, b) => a + b) / three.length - 1.5)).toBeLessThan(0.1);
  });
  it('parses the interval form x|y only as a whole rate', () => {
    expect(parseFormula('1|3').kind).toBe('interval');
    expect(() => compileExpr(parseFormula('1|3'), scope)).toThrow(FormulaError);
  });
  it('reports a bad formula with a 1-based position', () => {
    const at = (src: string): [string, number] => {
      try {
        parseFormula(src);
      } catch (e) {
        return [(e as FormulaError).message, (e as FormulaError).position];
      }
      return ['', 0];
    };
    expect(at('2 + * 3')).toEqual(["unexpected '*'", 5]);
    expect(at('(1 + 2')).toEqual(["missing ')'", 7]);
    expect(at('foo(1)')[1]).toBe(1);
    expect(at('1 $ 2')).toEqual(["unexpected character '$'", 3]);
    expect(at('')[0]).toBe('empty formula');
    expect(() => compileExpr(parseFormula('y + 1'), scope)).toThrow("unknown name 'y'");
  });
  it('classifies state connections by their formula (ENGINE.md §5)', () => {
    expect(parseStateRole('*', false, false)).toEqual({ role: 'trigger' });
    expect(parseStateRole('!', false, false)).toEqual({ role: 'reverse' });
    expect(parseStateRole('+2', false, false)).toEqual({ role: 'modifier', amount: 2, percent: false });
    expect(parseStateRole('-10%', true, false)).toEqual({ role: 'modifier', amount: -10, percent: true });
    expect(parseStateRole('+1/3', false, false)).toEqual({ role: 'per', amount: 1, per: 3 });
    expect(parseStateRole('=', true, false)).toEqual({ role: 'set' });
    expect(parseStateRole('>=5', false, false)).toEqual({ role: 'activator', cond: { op: '>=', a: 5, b: 0 } });
    expect(parseStateRole('3..5', false, false)).toEqual({ role: 'activator', cond: { op: 'range', a: 3, b: 5 } });
    expect(parseStateRole('a', false, true)).toEqual({ role: 'input', name: 'a' });
    expect(() => parseStateRole('a', false, false)).toThrow(FormulaError);
    expect(() => parseStateRole('??', false, false)).toThrow(FormulaError);
  });
});
