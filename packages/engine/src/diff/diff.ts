import { elementName, elementSets, type DiagramDocument, type ElementRecord } from './elements.js';
import { sameFormula } from './formula-tokens.js';
import { FORMULA_FIELDS, LAYOUT_FIELDS, type DiagramDiff, type ElementKind } from './types.js';
import { fieldsOf, reported, sameValue } from './values.js';

/** Whether a field holds the same value in both records (formulas token by token). */
export function sameField(kind: ElementKind, field: string, a: unknown, b: unknown): boolean {
  if (FORMULA_FIELDS[kind].includes(field) && typeof a === 'string' && typeof b === 'string') return sameFormula(a, b);
  return sameValue(a, b);
}

/**
 * What changed from `before` to `after`: elements matched by id (a rename is a change of `name`),
 * each changed field with its old and new value, and layout-only changes kept apart in `moved`.
 * A pure function over two JSON documents; pass them parsed (defaults filled) so an absent default
 * and a written one do not differ.
 */
export function diffDiagrams(before: DiagramDocument, after: DiagramDocument): DiagramDiff {
  const diff: DiagramDiff = { added: [], removed: [], changed: [], moved: [] };
  const a = elementSets(before);
  const b = elementSets(after);
  for (let k = 0; k < a.length; k++) {
    const { kind } = a[k];
    const old = a[k].byId;
    const now = b[k].byId;
    const layout = kind === 'variable' ? [] : LAYOUT_FIELDS[kind];
    for (const id of a[k].order) {
      const was = old.get(id)!;
      const is = now.get(id);
      if (!is) {
        diff.removed.push({ kind, id, name: elementName(before, kind, was) });
        continue;
      }
      let moved = false;
      for (const field of fieldsOf(was, is)) {
        if (field === 'id' || sameField(kind, field, was[field], is[field])) continue;
        if (layout.includes(field)) moved = true;
        else diff.changed.push({ kind, id, field, before: reported(was[field]), after: reported(is[field]) });
      }
      if (moved) diff.moved.push({ kind: kind as 'node' | 'connection', id });
    }
    for (const id of b[k].order)
      if (!old.has(id)) diff.added.push({ kind, id, name: elementName(after, kind, now.get(id)) });
  }
  const s0 = (before.settings ?? {}) as ElementRecord;
  const s1 = (after.settings ?? {}) as ElementRecord;
  for (const field of fieldsOf(s0, s1))
    if (!sameValue(s0[field], s1[field]))
      diff.changed.push({
        kind: 'settings',
        id: 'settings',
        field,
        before: reported(s0[field]),
        after: reported(s1[field]),
      });
  return diff;
}

/** Nothing changed, not even the layout. */
export function isEmptyDiff(d: DiagramDiff): boolean {
  return !d.added.length && !d.removed.length && !d.changed.length && !d.moved.length;
}
