import { memo, useCallback, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { ChartData } from '../runs/run-types';
import { BATCH_STATS, chartCsv, chartedElements, download, round, type ChartedElement } from './chart-data';
import { UplotChart } from './uplot-chart';

/** The chart of the last run: series toggles, a values table, CSV and PNG export. */
export function ChartPanel({ chart, title }: { chart: ChartData | null; title: string }) {
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [table, setTable] = useState(false);
  const plot = useRef<uPlot | null>(null);
  const onReady = useCallback((u: uPlot | null) => {
    plot.current = u;
  }, []);
  if (!chart) {
    return (
      <div className="chart-panel chart-panel--empty">
        <p>Run the diagram to chart its pools and registers.</p>
      </div>
    );
  }
  const elements = chartedElements(chart);
  const exportPng = () => plot.current?.ctx.canvas.toBlob((b) => b && download(`${title}-chart.png`, b), 'image/png');
  return (
    <div className="chart-panel">
      <div className="chart-panel__bar">
        <span className="chart-panel__caption">
          {chart.kind === 'single'
            ? `Step ${chart.steps}${chart.end !== 'limit' && chart.steps ? ` · ended by ${chart.end}` : ''}`
            : `${chart.completed} of ${chart.runs} runs${chart.cancelled ? ' (cancelled)' : ''} · mean, median, min–max and 25–75% bands`}
        </span>
        <SeriesToggles elements={elements} hidden={hidden} onChange={setHidden} />
        <div className="chart-panel__actions">
          <button
            type="button"
            className="editor-button editor-button--ghost"
            aria-pressed={table}
            onClick={() => setTable(!table)}
          >
            {table ? 'Show chart' : 'Show values'}
          </button>
          <button
            type="button"
            className="editor-button editor-button--ghost"
            onClick={() => download(`${title}-chart.csv`, new Blob([chartCsv(chart)], { type: 'text/csv' }))}
          >
            CSV
          </button>
          <button type="button" className="editor-button editor-button--ghost" onClick={exportPng} disabled={table}>
            PNG
          </button>
        </div>
      </div>
      {table ? (
        <ValuesTable chart={chart} hidden={hidden} />
      ) : (
        <UplotChart chart={chart} hidden={hidden} onReady={onReady} />
      )}
    </div>
  );
}

function ValuesTable({ chart, hidden }: { chart: ChartData; hidden: Set<string> }) {
  const elements = chartedElements(chart).filter((e) => !hidden.has(e.id));
  const steps = Math.min(chart.steps, 1000);
  return (
    <div className="values-table">
      <table aria-label="Chart values">
        <thead>
          <tr>
            <th scope="col">Step</th>
            {elements.flatMap((e) =>
              chart.kind === 'single'
                ? [
                    <th key={e.id} scope="col">
                      {e.name}
                    </th>,
                  ]
                : BATCH_STATS.map((s) => (
                    <th key={`${e.id}-${s}`} scope="col">
                      {e.name} {s}
                    </th>
                  )),
            )}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: steps }, (_, t) => (
            <tr key={t}>
              <th scope="row">{t + 1}</th>
              {elements.flatMap((e) =>
                chart.kind === 'single'
                  ? [<td key={e.id}>{chart.series.find((s) => s.id === e.id)!.values[t]}</td>]
                  : BATCH_STATS.map((s) => <td key={`${e.id}-${s}`}>{round(chart.summary[e.id][s][t])}</td>),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const sameElements = (a: ChartedElement[], b: ChartedElement[]) =>
  a.length === b.length && a.every((e, i) => e.id === b[i].id && e.name === b[i].name && e.colour === b[i].colour);

/** One checkbox per series; left alone while a run plays (the series stay, only their values grow). */
const SeriesToggles = memo(
  function SeriesToggles({
    elements,
    hidden,
    onChange,
  }: {
    elements: ChartedElement[];
    hidden: Set<string>;
    onChange: (next: Set<string>) => void;
  }) {
    return (
      <fieldset className="chart-panel__toggles">
        <legend className="visually-hidden">Series</legend>
        {elements.map((e) => (
          <label key={e.id} className="series-toggle">
            <input
              type="checkbox"
              checked={!hidden.has(e.id)}
              onChange={() => {
                const next = new Set(hidden);
                next.has(e.id) ? next.delete(e.id) : next.add(e.id);
                onChange(next);
              }}
            />
            <span className="series-toggle__swatch" style={{ background: e.colour }} aria-hidden="true" />
            {e.name}
          </label>
        ))}
      </fieldset>
    );
  },
  (a, b) => a.hidden === b.hidden && a.onChange === b.onChange && sameElements(a.elements, b.elements),
);
