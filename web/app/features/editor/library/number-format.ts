import type { EditorPreferences } from '@loopwright/contracts';
import { ValueStore, useValue } from '../model/value-store';

type NumberFormat = EditorPreferences['numberFormat'];
const current = new ValueStore<NumberFormat>('plain');
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Global Settings' number format, set when the editor loads the preferences. */
export function setNumberFormat(format: NumberFormat): void {
  current.set(format);
}

/** The current number format; components re-render when Global Settings change it. */
export function useNumberFormat(): NumberFormat {
  return useValue(current);
}

/** A value on the canvas: plain 12345.67, grouped 12,345.67, compact 12.3K. */
export function formatNumber(v: number, format: NumberFormat = current.get()): string {
  if (format === 'grouped') return grouped.format(v);
  if (format === 'compact') return compact.format(v);
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}
