import { namesIn } from '../formula/ast.js';
import { parseFormula } from '../formula/parser.js';
import { bool, num, type ImportedNode, type ImportWarning } from './common.js';
import { afterCaption } from './mxgraph-formula.js';
import { labelText } from './xml.js';
import type { CellView } from './mxgraph-nodes.js';

/**
 * A register: interactive (a value the player raises and lowers between min and max) or a formula
 * over its named inputs. Exports from before machinations.io split labels from formulas (April
 * 2021) keep the formula in the label, sometimes after a caption (`Cost: a*b`), so the first text
 * that reads as a formula over the register's inputs is taken, and the rest names the register.
 */
export function importRegister(v: CellView, node: ImportedNode, inputs: Set<string>, report: ImportWarning[]): void {
  const a = v.attrs;
  node.initial = num(a.initialValue, 0);
  node.step = num(a.step, 1);
  if (bool(a.isInteractive) || bool(a.interactive)) {
    node.interactive = true;
    node.formula = '';
    const min = num(a.minValue ?? a.min, NaN),
      max = num(a.maxValue ?? a.max, NaN);
    if (Number.isFinite(min)) node.min = min;
    if (Number.isFinite(max)) node.max = max;
    return;
  }
  node.interactive = false;
  const label = labelText(a.label, v.html),
    value = labelText(a.value, v.html);
  const candidates = [a.formula?.trim() ?? '', label, afterCaption(label), value, afterCaption(value)].filter(
    (t) => t !== '',
  );
  const formula = candidates.find((t) => readsAsFormula(t, inputs));
  node.formula = formula ?? '';
  const nameIn = (t: string): string =>
    t === formula
      ? ''
      : formula !== undefined && afterCaption(t) === formula
        ? t.slice(0, t.lastIndexOf(':')).trim()
        : t;
  node.name = [label, value].map(nameIn).find((t) => t !== '') ?? '';
  if (formula === undefined && a.formula?.trim()) {
    report.push({
      id: v.id,
      kind: 'register',
      message: `formula '${a.formula.trim()}' could not be read (${whyNot(a.formula.trim(), inputs)}); the register shows the sum of its inputs`,
    });
  }
}

function readsAsFormula(text: string, inputs: Set<string>): boolean {
  try {
    const names = namesIn(parseFormula(text));
    for (const n of names) if (!inputs.has(n) && n !== 'S' && n !== 'ST' && n !== 'M') return false;
    return true;
  } catch {
    return false;
  }
}

function whyNot(text: string, inputs: Set<string>): string {
  try {
    const names = [...namesIn(parseFormula(text))].filter((n) => !inputs.has(n));
    return `${names.map((n) => `'${n}'`).join(', ')} ${names.length === 1 ? 'is' : 'are'} not among its inputs`;
  } catch (e) {
    return (e as Error).message;
  }
}
