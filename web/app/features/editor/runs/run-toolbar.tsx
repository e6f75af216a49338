import { useId, useState } from 'react';
import { useValue } from '../model/value-store';
import type { RunController } from './run-controller';
import { SERVER_RUNS_FROM, SPEEDS, type ServerRuns } from './run-types';

/** Quick run with animated play, interactive run, and multiple runs with progress and cancel. */
export function RunToolbar({ runs, server }: { runs: RunController; server?: ServerRuns }) {
  const ui = useValue(runs.ui);
  const [count, setCount] = useState(100);
  const [where, setWhere] = useState<'auto' | 'browser' | 'server'>('auto');
  const onServer = Boolean(server) && (where === 'server' || (where === 'auto' && count >= SERVER_RUNS_FROM));
  const whereId = useId();
  const speedId = useId();
  const countId = useId();
  const playing = ui.kind === 'quick' && ui.status === 'running';
  const inQuick = ui.kind === 'quick' && ui.frameCount > 0;
  const interactive = ui.kind === 'interactive';
  const batching = ui.kind === 'batch' && ui.status === 'running';
  const threads = Math.max(2, typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2);
  return (
    <div className="run-toolbar" role="toolbar" aria-label="Run controls">
      <button type="button" className="editor-button" onClick={() => void runs.quickRun()} title="Quick run (F5)">
        ▶ Quick run
      </button>
      {inQuick ? (
        <>
          <button
            type="button"
            className="editor-button editor-button--ghost"
            onClick={() => (playing ? runs.pause() : runs.play())}
          >
            {playing ? 'Pause' : 'Play'}
          </button>
          <button
            type="button"
            className="editor-button editor-button--ghost"
            onClick={() => void runs.step()}
            title="One step (.)"
          >
            Step
          </button>
          <button type="button" className="editor-button editor-button--ghost" onClick={() => runs.finish()}>
            To end
          </button>
          <span className="run-toolbar__step" aria-live="polite">
            Step {ui.frameIndex} / {ui.frameCount - 1}
          </span>
        </>
      ) : null}
      <label htmlFor={speedId} className="run-toolbar__label">
        Speed
      </label>
      <select id={speedId} value={ui.speed} onChange={(e) => runs.setSpeed(Number(e.target.value))}>
        {SPEEDS.map((s, i) => (
          <option key={s} value={i}>
            {s} steps/s
          </option>
        ))}
      </select>
      <span className="run-toolbar__sep" aria-hidden="true" />
      {interactive ? (
        <>
          <button
            type="button"
            className="editor-button"
            onClick={() => void runs.step()}
            disabled={ui.status === 'done'}
          >
            Next step
          </button>
          <span className="run-toolbar__step" aria-live="polite">
            Step {ui.frameIndex}
            {ui.status === 'done' ? ' · ended' : ''}
          </span>
          <button type="button" className="editor-button editor-button--ghost" onClick={() => runs.stop()}>
            End interactive run
          </button>
        </>
      ) : (
        <button
          type="button"
          className="editor-button editor-button--ghost"
          onClick={() => void runs.startInteractive()}
        >
          Interactive run
        </button>
      )}
      <span className="run-toolbar__sep" aria-hidden="true" />
      <label htmlFor={countId} className="run-toolbar__label">
        Runs
      </label>
      <input
        id={countId}
        type="number"
        min={1}
        max={100000}
        value={count}
        className="run-toolbar__count"
        onChange={(e) => setCount(Math.max(1, Math.floor(Number(e.target.value) || 1)))}
      />
      {batching ? (
        <>
          <progress
            className="run-toolbar__progress"
            max={ui.progress?.total ?? 1}
            value={ui.progress?.done ?? 0}
            aria-label="Multiple runs progress"
          />
          <span className="run-toolbar__step">
            {ui.progress?.done ?? 0} / {ui.progress?.total ?? count}
          </span>
          {onServer ? <span className="run-toolbar__label">on the server</span> : null}
          <button type="button" className="editor-button editor-button--danger" onClick={() => runs.cancelBatch()}>
            Cancel
          </button>
        </>
      ) : (
        <>
          {server ? (
            <>
              <label htmlFor={whereId} className="visually-hidden">
                Where to run
              </label>
              <select
                id={whereId}
                value={where}
                onChange={(e) => setWhere(e.target.value as typeof where)}
                title="Where multiple runs run"
              >
                <option value="auto">{count >= SERVER_RUNS_FROM ? 'Auto (server)' : 'Auto (browser)'}</option>
                <option value="browser">Browser</option>
                <option value="server">Server queue</option>
              </select>
            </>
          ) : null}
          <button
            type="button"
            className="editor-button editor-button--ghost"
            onClick={() =>
              void (onServer && server ? runs.serverRuns(server, count) : runs.multipleRuns(count, threads))
            }
          >
            Multiple runs
          </button>
        </>
      )}
      {ui.kind !== 'idle' && !interactive ? (
        <button type="button" className="editor-button editor-button--ghost" onClick={() => runs.stop()}>
          Stop
        </button>
      ) : null}
      {ui.error ? (
        <span className="run-toolbar__error" role="alert">
          {ui.error}
        </span>
      ) : null}
    </div>
  );
}
