import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { exactDate } from '../../lib/dates';
import { balanceTestsApi, type BalanceTestView } from './balance-tests-api';
import './balance-tests.css';

/** One balance test: what it asserts, its latest result and its pass/fail history per diagram version. */
export function BalanceTestCard({
  test,
  origin,
  onChange,
  beforeRun,
  showDiagram = false,
}: {
  test: BalanceTestView;
  origin: 'editor' | 'list';
  onChange: (next: BalanceTestView | null) => void;
  /** The editor saves the diagram first, so the test runs what is on screen. */
  beforeRun?: () => Promise<unknown>;
  showDiagram?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = test.history[0];
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await beforeRun?.();
      onChange((await balanceTestsApi.run(test.id, origin)).test);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await balanceTestsApi.remove(test.id);
      onChange(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <li className="balance-test" aria-label={`Balance test ${test.name}`}>
      <div className="balance-test__head">
        <strong>{test.name}</strong>
        {latest ? (
          <span className={`balance-test__badge ${latest.passed ? 'is-pass' : 'is-fail'}`}>
            {latest.passed ? 'Passed' : 'Failed'} · {latest.observedShare.toFixed(1)}% · v{latest.diagramVersion}
          </span>
        ) : (
          <span className="balance-test__badge">Not run yet</span>
        )}
      </div>
      {showDiagram ? (
        <p className="balance-test__diagram">
          Diagram <Link to={`/diagrams/${test.diagram.fuid}`}>{test.diagram.name}</Link> (version {test.diagram.version}
          )
        </p>
      ) : null}
      <p>{test.summary}</p>
      {test.history.length ? (
        <ol className="balance-test__history" aria-label={`History of ${test.name}`}>
          {test.history.map((h) => (
            <li
              key={h.id}
              title={`${exactDate(h.createdAt)} (${h.origin})`}
              className={h.passed ? 'is-pass' : 'is-fail'}
            >
              v{h.diagramVersion} {h.passed ? '✓ pass' : '✗ fail'} {h.observedShare.toFixed(1)}%
            </li>
          ))}
        </ol>
      ) : null}
      <div className="balance-test__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void run()}>
          {busy ? 'Running…' : 'Run test'}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void remove()}
          aria-label={`Delete the test ${test.name}`}
        >
          Delete
        </button>
      </div>
      {error ? (
        <p role="alert" className="balance-test__error">
          {error}
        </p>
      ) : null}
    </li>
  );
}
