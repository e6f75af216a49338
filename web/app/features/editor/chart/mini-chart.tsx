import type { ChartData } from '../runs/run-types';
import { chartedElements } from './chart-data';

const LEGEND_ITEMS = 3;

/** The lines of a chart: each series (a batch's mean) scaled into a width × height box, with y growing upwards. */
export function miniChartLines(
  chart: ChartData,
  width: number,
  height: number,
): Array<{ id: string; name: string; colour: string; points: string }> {
  const elements = chartedElements(chart);
  const values = (id: string) =>
    chart.kind === 'single'
      ? chart.series.find((s) => s.id === id)!.values
      : chart.summary[id].mean.slice(0, chart.steps);
  const all = elements.flatMap((e) => values(e.id));
  if (all.length === 0) return [];
  const low = Math.min(0, ...all);
  const high = Math.max(low + 1, ...all);
  const steps = Math.max(2, chart.steps);
  return elements.map((e) => ({
    ...e,
    points: values(e.id)
      .map(
        (v, t) =>
          `${((t / (steps - 1)) * width).toFixed(1)},${(height - ((v - low) / (high - low)) * height).toFixed(1)}`,
      )
      .join(' '),
  }));
}

/** The last run drawn small inside a chart element on the canvas; the chart panel has the details. */
export function MiniChart({ chart, width, height }: { chart: ChartData; width: number; height: number }) {
  const lines = miniChartLines(chart, width, height);
  return (
    <figure className="mini-chart">
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Chart of ${lines.map((l) => l.name).join(', ') || 'nothing yet'}`}
      >
        <line x1="0" y1={height} x2={width} y2={height} className="mini-chart__axis" />
        {lines.map((l) => (
          <polyline key={l.id} points={l.points} fill="none" stroke={l.colour} strokeWidth="2" strokeLinejoin="round" />
        ))}
      </svg>
      <figcaption className="mini-chart__legend">
        {lines.slice(0, LEGEND_ITEMS).map((l) => (
          <span key={l.id}>
            <i style={{ background: l.colour }} />
            {l.name}
          </span>
        ))}
        {lines.length > LEGEND_ITEMS ? <span>+{lines.length - LEGEND_ITEMS}</span> : null}
      </figcaption>
    </figure>
  );
}
