import type { DiagramInput } from '../schema.js';

export interface ImportResult {
  diagram: DiagramInput;
  /** The import report: every element of the file that was left out or imported with a change, and why. */
  warnings: ImportWarning[];
  format: 'json' | 'machinations' | 'mxgraph';
}

export interface ImportWarning {
  /** The element's id in the file ('' for the document itself). */
  id: string;
  /** What the element is in the file: 'pool', 'state connection', 'layer', 'setting', … */
  kind: string;
  /** Why it was left out or changed. */
  message: string;
}

export type ImportedNode = DiagramInput['nodes'] extends (infer N)[] | undefined ? N : never;
export type ImportedConnection = DiagramInput['connections'] extends (infer C)[] | undefined ? C : never;

export function num(v: string | undefined, fallback: number): number {
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  return Number.isFinite(n) ? n : fallback;
}

export function activationOf(v: string | undefined): 'passive' | 'automatic' | 'interactive' | 'onstart' | undefined {
  const t = (v ?? '').toLowerCase().replace(/[\s_-]/g, '');
  if (t === '' || t === 'passive') return 'passive';
  if (t === 'automatic' || t === 'auto') return 'automatic';
  if (t === 'interactive' || t === 'clickable') return 'interactive';
  if (t === 'onstart' || t === 'startingaction' || t === 'start' || t === 'enabling') return 'onstart';
  return undefined;
}

export function modeOf(v: string | undefined): 'pull-any' | 'pull-all' | 'push-any' | 'push-all' | undefined {
  const t = (v ?? '').toLowerCase().replace(/[\s_]/g, '-');
  if (t === '') return 'pull-any';
  if (['pull-any', 'pull-all', 'push-any', 'push-all'].includes(t)) return t as 'pull-any';
  if (t === 'pull' || t === 'any') return 'pull-any';
  if (t === 'push') return 'push-any';
  if (t === 'all') return 'pull-all';
  return undefined;
}

export function bool(v: string | undefined): boolean {
  return v === 'true' || v === '1' || v === 'yes';
}

/** Colours as the engine compares them: lowercase hex; black (machinations.io's default) is no colour. */
export function colourCode(v: string | undefined): string | undefined {
  if (!v) return undefined;
  let code = v.trim();
  if (code.startsWith('{')) {
    try {
      const parsed = JSON.parse(code) as { colorCode?: string; colorName?: string };
      code = parsed.colorCode ?? parsed.colorName ?? '';
    } catch {
      return undefined;
    }
  }
  code = code.toLowerCase();
  if (/^#[0-9a-f]{8}$/.test(code)) code = code.slice(0, 7);
  return code === '' || code === '#000000' || code === '#000' || code === 'black' ? undefined : code;
}
