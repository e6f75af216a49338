import { tokenize } from '../formula/lexer.js';

export interface TokenEdit {
  op: 'same' | 'removed' | 'added';
  text: string;
}

/** A formula's tokens; a formula the lexer refuses falls back to its whitespace-separated words. */
export function formulaTokens(source: string): string[] {
  try {
    return tokenize(source)
      .filter((t) => t.kind !== 'end')
      .map((t) => t.text);
  } catch {
    return source.split(/\s+/).filter(Boolean);
  }
}

/** Same formula when the tokens are the same: "2*x" and "2 * x" do not differ. */
export function sameFormula(a: string, b: string): boolean {
  if (a === b) return true;
  const x = formulaTokens(a);
  const y = formulaTokens(b);
  return x.length === y.length && x.every((t, i) => t === y[i]);
}

/**
 * The token-by-token edit from one formula to another (longest common subsequence), for showing
 * "2 * [x → y] + 1" instead of two whole formulas.
 */
export function formulaDiff(before: string, after: string): TokenEdit[] {
  const a = formulaTokens(before);
  const b = formulaTokens(after);
  const n = a.length;
  const m = b.length;
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: TokenEdit[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) out.push({ op: 'removed', text: a[i++] });
    else out.push({ op: 'added', text: b[j++] });
  }
  while (i < n) out.push({ op: 'removed', text: a[i++] });
  while (j < m) out.push({ op: 'added', text: b[j++] });
  return out;
}
