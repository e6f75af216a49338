import { parseAssertionTree, type AssertNode } from '../assert.js';
import type { BalanceTestSpec } from '../balance.js';

/** A goal as the editor's builder holds it: "the STAT of NODE at STEP is OP VALUE". */
export interface GoalParts {
  /** mean, median, min, max or p<n>. */
  stat: string;
  /** A pool or register id. */
  node: string;
  /** 1-based step, or 'end'. */
  step: number | 'end';
  op: '<=' | '>=' | '<' | '>' | '==';
  value: number;
}

const OPS: Record<GoalParts['op'], string> = {
  '<=': 'at most',
  '>=': 'at least',
  '<': 'below',
  '>': 'above',
  '==': 'exactly',
};

/** `p90(Gold, 30) <= 500`; names that are not plain identifiers are quoted. */
export function goalAssertion(g: GoalParts): string {
  const node = /^[A-Za-z_][\w.-]*$/.test(g.node) ? g.node : `"${g.node.replace(/"/g, '')}"`;
  return `${g.stat}(${node}, ${g.step}) ${g.op} ${g.value}`;
}

/** "the 90th percentile of Gold at step 30 is at most 500" (`name` shows instead of the id when given). */
export function goalSentence(g: GoalParts, name = g.node): string {
  const when = g.step === 'end' ? 'at the end' : `at step ${g.step}`;
  return `${statWords(g.stat)} ${name} ${when} is ${OPS[g.op]} ${g.value.toLocaleString('en-US')}`;
}

function statWords(stat: string): string {
  if (stat === 'mean') return 'the mean of';
  if (stat === 'median') return 'the median of';
  if (stat === 'min') return 'the lowest';
  if (stat === 'max') return 'the highest';
  const n = Number(stat.slice(1));
  const suffix =
    n % 10 === 1 && n % 100 !== 11
      ? 'st'
      : n % 10 === 2 && n % 100 !== 12
        ? 'nd'
        : n % 10 === 3 && n % 100 !== 13
          ? 'rd'
          : 'th';
  return `the ${n}${suffix} percentile of`;
}

/** The builder's parts of a goal it could have written (a single statistic compared with a number), else null. */
export function goalParts(text: string): GoalParts | null {
  let tree: AssertNode;
  try {
    tree = parseAssertionTree(text);
  } catch {
    return null;
  }
  if (tree.kind !== 'bin' || !(tree.op in OPS) || tree.a.kind !== 'stat') return null;
  const b =
    tree.b.kind === 'num' ? tree.b.value : tree.b.kind === 'neg' && tree.b.a.kind === 'num' ? -tree.b.a.value : NaN;
  if (Number.isNaN(b)) return null;
  return { stat: tree.a.fn, node: tree.a.target, step: tree.a.step, op: tree.op as GoalParts['op'], value: b };
}

/**
 * The balance test that checks the same thing run by run, when there is one: a percentile bound
 * is a share of runs on one side of the value (p90 ≤ 500: at least 90 % of runs at most 500;
 * p10 ≥ 20: at least 90 % of runs at least 20), min and max bound every run. Means, equalities,
 * strict comparisons and compound goals have no balance test: null.
 */
export function goalBalanceTest(text: string, runs: number, seed: number): BalanceTestSpec | null {
  const g = goalParts(text);
  if (!g || (g.op !== '<=' && g.op !== '>=') || g.stat === 'mean') return null;
  const percentile = g.stat === 'median' ? 50 : g.stat === 'min' ? 0 : g.stat === 'max' ? 100 : Number(g.stat.slice(1));
  const upper = g.op === '<=';
  // min ≤ v or max ≥ v say something about one run only; not a share of runs.
  if ((g.stat === 'min' && upper) || (g.stat === 'max' && !upper)) return null;
  const share = upper ? percentile : 100 - percentile;
  return {
    name: text,
    nodeId: g.node,
    step: g.step === 'end' ? null : g.step,
    min: upper ? null : g.value,
    max: upper ? g.value : null,
    share,
    runs,
    seed,
  };
}

/** The pools and registers an assertion reads, in order of first use (none when it does not parse). */
export function assertionTargets(text: string): string[] {
  let tree: AssertNode;
  try {
    tree = parseAssertionTree(text);
  } catch {
    return [];
  }
  const out: string[] = [];
  const visit = (n: AssertNode): void => {
    if (n.kind === 'bin') {
      visit(n.a);
      visit(n.b);
    } else if (n.kind === 'neg') visit(n.a);
    else if (n.kind === 'stat' && !out.includes(n.target)) out.push(n.target);
  };
  visit(tree);
  return out;
}
