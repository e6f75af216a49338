import type { ChartData } from '../runs/run-types';

export const SERIES_COLOURS = [
  '#5a55f4',
  '#f36161',
  '#2196f3',
  '#66bb6a',
  '#ffa000',
  '#8e24aa',
  '#00897b',
  '#6d4c41',
  '#d81b60',
  '#546e7a',
];

/** One charted element: its id, name and colour. */
export interface ChartedElement {
  id: string;
  name: string;
  colour: string;
}

export function chartedElements(chart: ChartData): ChartedElement[] {
  const ids = chart.kind === 'single' ? chart.series.map((s) => s.id) : Object.keys(chart.summary);
  const names = chart.kind === 'single' ? new Map(chart.series.map((s) => [s.id, s.name])) : null;
  return ids.map((id, i) => ({
    id,
    name: names ? names.get(id)! : ((chart as { names: Record<string, string> }).names[id] ?? id),
    colour: SERIES_COLOURS[i % SERIES_COLOURS.length],
  }));
}

export const BATCH_STATS = ['mean', 'median', 'min', 'max', 'p5', 'p25', 'p75', 'p95'] as const;

/** The chart's numbers as CSV: one row per step, one column per series (and statistic for batches). */
export function chartCsv(chart: ChartData): string {
  const elements = chartedElements(chart);
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const header = ['step'];
  for (const e of elements) {
    if (chart.kind === 'single') header.push(quote(e.name));
    else for (const s of BATCH_STATS) header.push(quote(`${e.name} ${s}`));
  }
  const rows = [header.join(',')];
  for (let t = 0; t < chart.steps; t++) {
    const row = [String(t + 1)];
    for (const e of elements) {
      if (chart.kind === 'single') row.push(String(chart.series.find((s) => s.id === e.id)!.values[t] ?? ''));
      else for (const s of BATCH_STATS) row.push(String(round(chart.summary[e.id][s][t])));
    }
    rows.push(row.join(','));
  }
  return `${rows.join('\n')}\n`;
}

export function round(v: number | undefined): number | string {
  if (v === undefined || Number.isNaN(v)) return '';
  return Math.round(v * 1000) / 1000;
}

export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
