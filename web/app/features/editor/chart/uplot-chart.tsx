import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from '../runs/run-types';
import { chartedElements } from './chart-data';

function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** Builds uPlot options and data: lines for single runs; for batches mean, median and min–max / p25–p75 bands. */
function build(
  chart: ChartData,
  hidden: Set<string>,
  width: number,
  height: number,
): { opts: uPlot.Options; data: uPlot.AlignedData } {
  const xs = Array.from({ length: chart.steps }, (_, i) => i + 1);
  const series: uPlot.Series[] = [{ label: 'Step' }];
  const data: Array<ArrayLike<number | null>> = [xs];
  const bands: uPlot.Band[] = [];
  for (const e of chartedElements(chart)) {
    if (hidden.has(e.id)) continue;
    if (chart.kind === 'single') {
      series.push({ label: e.name, stroke: e.colour, width: 2, points: { show: chart.steps <= 40 } });
      data.push(chart.series.find((s) => s.id === e.id)!.values.slice(0, chart.steps));
      continue;
    }
    const s = chart.summary[e.id];
    const at = series.length;
    series.push({ label: `${e.name} max`, stroke: withAlpha(e.colour, 0.25), width: 1 });
    series.push({ label: `${e.name} min`, stroke: withAlpha(e.colour, 0.25), width: 1 });
    series.push({ label: `${e.name} p75`, stroke: 'transparent', width: 0 });
    series.push({ label: `${e.name} p25`, stroke: 'transparent', width: 0 });
    series.push({ label: `${e.name} median`, stroke: e.colour, width: 1.5, dash: [6, 4] });
    series.push({ label: `${e.name} mean`, stroke: e.colour, width: 2.5 });
    data.push(s.max, s.min, s.p75, s.p25, s.median, s.mean);
    bands.push({ series: [at, at + 1], fill: withAlpha(e.colour, 0.12) });
    bands.push({ series: [at + 2, at + 3], fill: withAlpha(e.colour, 0.22) });
  }
  const opts: uPlot.Options = {
    width,
    height,
    series,
    bands,
    legend: { show: false },
    cursor: { drag: { x: true, y: false } },
    scales: { x: { time: false } },
    axes: [
      // Steps are whole numbers: no 1.5 on the axis of a short run.
      {
        label: 'Step',
        stroke: '#5f5d78',
        grid: { stroke: '#eeedf5' },
        ticks: { stroke: '#e4e3ef' },
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
      },
      { stroke: '#5f5d78', grid: { stroke: '#eeedf5' }, ticks: { stroke: '#e4e3ef' } },
    ],
  };
  return { opts, data: data as uPlot.AlignedData };
}

/** The uPlot canvas; `onReady` hands out the plot (for the PNG export). */
export function UplotChart({
  chart,
  hidden,
  onReady,
}: {
  chart: ChartData;
  hidden: Set<string>;
  onReady?: (plot: uPlot | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const el = box.current!;
    const { opts, data } = build(chart, hidden, el.clientWidth || 600, el.clientHeight || 220);
    const u = plot.current;
    // Same shape (a run playing back): only new data, no rebuild.
    if (u && u.series.length === opts.series.length && u.series.every((s, i) => s.label === opts.series[i].label)) {
      u.setData(data);
    } else {
      u?.destroy();
      plot.current = new uPlot(opts, data, el);
      onReady?.(plot.current);
    }
  }, [chart, hidden, onReady]);

  useEffect(() => {
    const el = box.current!;
    const observer = new ResizeObserver(() =>
      plot.current?.setSize({ width: el.clientWidth, height: el.clientHeight }),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.current?.destroy();
      plot.current = null;
      onReady?.(null);
    };
  }, [onReady]);

  return (
    <div
      ref={box}
      className="uplot-box"
      role="img"
      aria-label="Chart of the charted elements over steps"
      data-testid="chart-canvas"
    />
  );
}
