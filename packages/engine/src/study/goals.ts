import { evaluateAssertion, type AssertNode, type StatSource } from '../assert.js';

export interface GoalOutcome {
  goal: string;
  /** The left-hand side of the goal's (first) comparison: the number the goal is about. */
  value: number;
  met: boolean;
  /** How far from met, relative to the bound (0 when met): what the solver drives to 0. */
  violation: number;
}

const COMPARISONS = ['<', '<=', '>', '>=', '==', '!='];

/** A goal judged on a sample: met or not, and by how much it misses. */
export function judgeGoal(text: string, tree: AssertNode, source: StatSource): GoalOutcome {
  const violation = violationOf(tree, source);
  return { goal: text, value: leftValue(tree, source), met: violation === 0, violation };
}

function violationOf(n: AssertNode, source: StatSource): number {
  if (n.kind === 'bin' && (n.op === '&&' || n.op === '||')) {
    const a = violationOf(n.a, source),
      b = violationOf(n.b, source);
    return n.op === '&&' ? a + b : Math.min(a, b);
  }
  if (n.kind === 'bin' && COMPARISONS.includes(n.op)) {
    const a = evaluateAssertion(n.a, source),
      b = evaluateAssertion(n.b, source);
    if (Number.isNaN(a) || Number.isNaN(b)) return 1e9;
    const scale = Math.max(1, Math.abs(b));
    switch (n.op) {
      case '<=':
        return Math.max(0, a - b) / scale;
      case '<':
        return a < b ? 0 : (a - b) / scale + 1e-9;
      case '>=':
        return Math.max(0, b - a) / scale;
      case '>':
        return a > b ? 0 : (b - a) / scale + 1e-9;
      case '==':
        return Math.abs(a - b) / scale;
      default:
        return a !== b ? 0 : 1e-3;
    }
  }
  const v = evaluateAssertion(n, source);
  return v !== 0 && !Number.isNaN(v) ? 0 : 1;
}

function leftValue(n: AssertNode, source: StatSource): number {
  if (n.kind === 'bin' && (n.op === '&&' || n.op === '||')) return leftValue(n.a, source);
  if (n.kind === 'bin' && COMPARISONS.includes(n.op)) return evaluateAssertion(n.a, source);
  return evaluateAssertion(n, source);
}

/** Whether a tree is a comparison (a goal) rather than a bare statistic (a metric or objective). */
export function isComparison(n: AssertNode): boolean {
  return n.kind === 'bin' && (COMPARISONS.includes(n.op) || n.op === '&&' || n.op === '||');
}
