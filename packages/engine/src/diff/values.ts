/** Equality of JSON values (absent and null are the same), for fields such as bend points. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a == null || b == null) return a == null && b == null;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameValue(v, bb[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const k of keys) if (!sameValue(ra[k], rb[k])) return false;
  return true;
}

/** The fields of some records in a stable order: the first record's, then those only later ones add. */
export function fieldsOf(...records: (object | undefined)[]): string[] {
  const keys: string[] = [];
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (!r) continue;
    for (const k in r) {
      if (!Object.hasOwn(r, k)) continue;
      let seen = false;
      for (let j = 0; j < i && !seen; j++) seen = !!records[j] && Object.hasOwn(records[j] as object, k);
      if (!seen) keys.push(k);
    }
  }
  return keys;
}

/** A value as the diff reports it: absent is null. */
export function reported(v: unknown): unknown {
  return v === undefined ? null : v;
}
