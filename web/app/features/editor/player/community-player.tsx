import { useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-client';
import { chartedElements } from '../chart/chart-data';
import { UplotChart } from '../chart/uplot-chart';
import { EngineClient } from '../engine/engine-client';
import type { QuickRunResult } from '../engine/protocol';
import { normalizeDiagram } from '../model/defaults';
import type { ChartData } from '../runs/run-types';

type Status = 'loading' | 'running' | 'paused' | 'done' | 'error';
const NO_HIDDEN = new Set<string>();
/** The whole run plays back in about five seconds, whatever its length. */
const PLAYBACK_MS = 5_000;
const TICK_MS = 50;

// Loaded when a visitor presses Play: the engine (in a Web Worker, as in the editor) and uPlot stay out of the page's first load.

/** Runs a public diagram in the visitor's browser and plays the run back on a chart: no account, no server run. */
export default function CommunityPlayer({ fuid, onExit }: { fuid: string; onExit?: () => void }) {
  const [status, setStatus] = useState<Status>('loading');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<QuickRunResult | null>(null);
  const [shown, setShown] = useState(0);
  const [runKey, setRunKey] = useState(0);
  const paused = useRef(false);

  useEffect(() => {
    const engine = new EngineClient();
    let timer: ReturnType<typeof setInterval> | undefined;
    let live = true;
    setStatus('loading');
    setShown(0);
    paused.current = false;
    (async () => {
      const { diagram } = await api.diagram.get({ params: { fuid } });
      const run = await engine.call<QuickRunResult>({
        type: 'quickRun',
        doc: normalizeDiagram(diagram.document),
        seed: Math.floor(Math.random() * 2 ** 31),
      });
      if (!live) return;
      setResult(run);
      setStatus('running');
      const perTick = Math.max(1, Math.ceil(run.steps / (PLAYBACK_MS / TICK_MS)));
      let t = 0;
      timer = setInterval(() => {
        if (paused.current) return;
        t = Math.min(run.steps, t + perTick);
        setShown(t);
        if (t >= run.steps) {
          clearInterval(timer);
          setStatus('done');
        }
      }, TICK_MS);
    })().catch((e: unknown) => {
      if (!live) return;
      setError(e instanceof Error ? e.message : 'This diagram could not run');
      setStatus('error');
    });
    return () => {
      live = false;
      if (timer) clearInterval(timer);
      engine.terminate();
    };
  }, [fuid, runKey]);

  const chart: ChartData | null =
    result && shown > 0
      ? {
          kind: 'single',
          steps: shown,
          end: shown >= result.steps ? result.end : '',
          series: Object.keys(result.series).map((id) => ({
            id,
            name: result.names[id] ?? id,
            values: result.series[id],
          })),
        }
      : null;
  const frame = result?.frames[shown];

  return (
    <section
      className="community-player"
      aria-label="Run of the diagram"
      data-testid="community-player"
      data-status={status}
    >
      <div className="community-player__bar">
        <strong>
          {status === 'loading'
            ? 'Starting the run…'
            : status === 'error'
              ? 'The run stopped'
              : `Step ${shown} of ${result?.steps ?? 0}`}
        </strong>
        <span className="community-player__controls">
          {status === 'running' || status === 'paused' ? (
            <button
              type="button"
              className="social-button"
              onClick={() => {
                paused.current = !paused.current;
                setStatus(paused.current ? 'paused' : 'running');
              }}
            >
              {status === 'paused' ? '▶ Resume' : '❚❚ Pause'}
            </button>
          ) : null}
          {status === 'done' || status === 'error' ? (
            <button type="button" className="social-button" onClick={() => setRunKey((k) => k + 1)}>
              ↻ Run again
            </button>
          ) : null}
          {onExit ? (
            <button type="button" className="social-button" onClick={onExit}>
              Close
            </button>
          ) : null}
        </span>
      </div>
      {error ? (
        <p className="social-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="community-player__chart">
        {chart ? (
          <UplotChart chart={chart} hidden={NO_HIDDEN} />
        ) : (
          <div className="community-player__placeholder" aria-hidden="true" />
        )}
      </div>
      {chart && frame ? (
        <ul className="community-player__legend" data-testid="player-values">
          {chartedElements(chart).map((e) => (
            <li key={e.id}>
              <span className="community-player__swatch" style={{ background: e.colour }} aria-hidden="true" />
              {e.name}: <strong>{Math.round((frame.values[e.id] ?? 0) * 100) / 100}</strong>
            </li>
          ))}
          {status === 'done' && result ? (
            <li className="muted">Ended: {result.end === 'limit' ? 'step limit reached' : result.end}</li>
          ) : null}
        </ul>
      ) : null}
    </section>
  );
}
