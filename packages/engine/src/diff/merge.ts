import { sameField } from './diff.js';
import { elementName, elementSets, type DiagramDocument, type ElementRecord } from './elements.js';
import type { ElementKind } from './types.js';
import { fieldsOf, reported } from './values.js';

/** The field of a conflict about an element's existence: removed on one side, changed on the other. */
export const WHOLE_ELEMENT = '*';

/**
 * Both sides changed the same field of the same element differently since the base. For
 * WHOLE_ELEMENT, `ours` or `theirs` is null on the side that removed it.
 */
export interface MergeConflict {
  /** `kind:id:field`, the key of the choice that settles it. */
  key: string;
  kind: ElementKind;
  id: string;
  name: string;
  field: string;
  base: unknown;
  ours: unknown;
  theirs: unknown;
}

export type MergeChoice = 'ours' | 'theirs';

export interface MergeResult<D extends DiagramDocument> {
  document: D;
  conflicts: MergeConflict[];
  /** Connections left out because a node at one of their ends is no longer there. */
  dropped: string[];
}

export const conflictKey = (kind: ElementKind, id: string, field: string) => `${kind}:${id}:${field}`;

/**
 * Three-way merge of two versions that both started from `base`: every change only one side made is
 * kept, field by field; where both changed the same field differently it is a conflict, settled by
 * `choices[key]` (default: ours). Pure, like the differ.
 */
export function mergeDiagrams<D extends DiagramDocument>(
  base: DiagramDocument,
  ours: D,
  theirs: DiagramDocument,
  choices: Record<string, MergeChoice> = {},
): MergeResult<D> {
  const conflicts: MergeConflict[] = [];
  const pick = (c: Omit<MergeConflict, 'key'>): MergeChoice => {
    const key = conflictKey(c.kind, c.id, c.field);
    conflicts.push({ key, ...c });
    return choices[key] ?? 'ours';
  };

  const mergeFields = (
    kind: ElementKind,
    id: string,
    name: string,
    b: ElementRecord | undefined,
    o: ElementRecord,
    t: ElementRecord,
  ): ElementRecord => {
    const out: ElementRecord = {};
    for (const field of fieldsOf(b, o, t)) {
      const bv = b?.[field];
      const ov = o[field];
      const tv = t[field];
      let v: unknown;
      if (sameField(kind, field, ov, tv) || sameField(kind, field, bv, tv)) v = ov;
      else if (sameField(kind, field, bv, ov)) v = tv;
      else {
        const side = pick({ kind, id, name, field, base: reported(bv), ours: reported(ov), theirs: reported(tv) });
        v = side === 'ours' ? ov : tv;
      }
      if (v !== undefined) out[field] = v;
    }
    return out;
  };

  const unchanged = (kind: ElementKind, b: ElementRecord, x: ElementRecord) =>
    fieldsOf(b, x).every((f) => sameField(kind, f, b[f], x[f]));

  const [bs, os, ts] = [elementSets(base), elementSets(ours), elementSets(theirs)];
  const merged: ElementRecord[][] = [];
  for (let k = 0; k < bs.length; k++) {
    const { kind } = bs[k];
    const B = bs[k].byId;
    const O = os[k].byId;
    const T = ts[k].byId;
    const list: ElementRecord[] = [];
    const resolve = (id: string): ElementRecord | null => {
      const b = B.get(id);
      const o = O.get(id);
      const t = T.get(id);
      const name = elementName(ours, kind, o) || elementName(theirs, kind, t) || elementName(base, kind, b);
      if (o && t) return mergeFields(kind, id, name, b, o, t);
      if (!b) return o ?? t ?? null;
      const kept = o ?? t;
      if (!kept || unchanged(kind, b, kept)) return null;
      const side = pick({ kind, id, name, field: WHOLE_ELEMENT, base: b, ours: o ?? null, theirs: t ?? null });
      return (side === 'ours' ? o : t) ?? null;
    };
    for (const id of os[k].order) {
      const r = resolve(id);
      if (r) list.push(r);
    }
    for (const id of ts[k].order) {
      if (O.has(id)) continue;
      const r = resolve(id);
      if (r) list.push(r);
    }
    merged.push(list);
  }

  const settings = mergeFields(
    'settings',
    'settings',
    'settings',
    base.settings ?? {},
    ours.settings ?? {},
    theirs.settings ?? {},
  );
  const nodeIds = new Set(merged[0].map((n) => String(n.id)));
  const dropped: string[] = [];
  const connections = merged[1].filter((c) => {
    const ok = nodeIds.has(String(c.from)) && nodeIds.has(String(c.to));
    if (!ok) dropped.push(String(c.id));
    return ok;
  });
  const document = { ...ours, settings, nodes: merged[0], connections, variables: merged[2] } as unknown as D;
  return { document, conflicts, dropped };
}
