import { formulaDiff } from './formula-tokens.js';
import { FORMULA_FIELDS, type DiagramDiff, type FieldChange } from './types.js';

/** A value in a text report: JSON (strings quoted), absent as "(none)". */
export function showValue(v: unknown): string {
  if (v === null || v === undefined) return '(none)';
  return JSON.stringify(v);
}

/** "2 * [x → y] + 1": a formula change token by token; otherwise "old → new". */
export function describeChange(c: FieldChange): string {
  if (FORMULA_FIELDS[c.kind].includes(c.field) && typeof c.before === 'string' && typeof c.after === 'string') {
    const parts: string[] = [];
    let removed: string[] = [];
    let added: string[] = [];
    const flush = () => {
      if (removed.length || added.length) parts.push(`[${removed.join(' ') || '∅'} → ${added.join(' ') || '∅'}]`);
      removed = [];
      added = [];
    };
    for (const t of formulaDiff(c.before, c.after)) {
      if (t.op === 'same') {
        flush();
        parts.push(t.text);
      } else (t.op === 'removed' ? removed : added).push(t.text);
    }
    flush();
    return parts.join(' ');
  }
  return `${showValue(c.before)} → ${showValue(c.after)}`;
}

/** The readable report of `loopwright-sim diff`. */
export function formatDiffText(d: DiagramDiff): string {
  const lines = [
    `${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed, ${d.moved.length} moved`,
  ];
  const label = (name: string, id: string) => (name && name !== id ? `${name} (${id})` : id);
  if (d.added.length) {
    lines.push('', 'Added:');
    for (const e of d.added) lines.push(`  + ${e.kind} ${label(e.name, e.id)}`);
  }
  if (d.removed.length) {
    lines.push('', 'Removed:');
    for (const e of d.removed) lines.push(`  - ${e.kind} ${label(e.name, e.id)}`);
  }
  if (d.changed.length) {
    lines.push('', 'Changed:');
    for (const c of d.changed) lines.push(`  ~ ${c.kind} ${c.id} ${c.field}: ${describeChange(c)}`);
  }
  if (d.moved.length) {
    lines.push('', 'Moved (layout only):');
    for (const m of d.moved) lines.push(`  ↔ ${m.kind} ${m.id}`);
  }
  return `${lines.join('\n')}\n`;
}
