import type { DiagramInput } from '../schema.js';

export interface ImportResult {
  diagram: DiagramInput;
  /** What could not be imported, element by element. */
  warnings: ImportWarning[];
  format: 'json' | 'machinations' | 'mxgraph';
}

export interface ImportWarning {
  id: string;
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
  if (t === '' ) return 'passive';
  if (t === 'passive') return 'passive';
  if (t === 'automatic' || t === 'auto') return 'automatic';
  if (t === 'interactive' || t === 'clickable') return 'interactive';
  if (t === 'onstart' || t === 'startingaction' || t === 'start') return 'onstart';
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
