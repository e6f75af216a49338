import { countOf } from '@loopwright/contracts';
import type { BalanceTestOutcome, BalanceTestSpec } from '@loopwright/engine';
import { useState } from 'react';
import { balanceTestsApi, type BalanceTestView } from '../../balance-tests/balance-tests-api';
import type { EngineClient } from '../engine/engine-client';
import type { BalanceTestAnswer, BatchSummary } from '../engine/protocol';
import type { EditorDiagram } from '../model/types';
import { AFTER_COLOUR, BandsChart, BEFORE_COLOUR, type Band } from './bands-chart';

const RUNS = 100;

interface Verdict {
  test: BalanceTestView;
  before: BalanceTestAnswer;
  after: BalanceTestAnswer;
}

interface Outcome {
  seed: number;
  runs: number;
  ids: string[];
  names: Record<string, string>;
  before: BatchSummary;
  after: BatchSummary;
  tests: number;
  changed: Verdict[];
}

const verdictOf = (a: BalanceTestAnswer) => ('error' in a ? 'cannot run' : a.outcome.passed ? 'passes' : 'fails');
const shareOf = (o: BalanceTestOutcome) => `${Math.round(o.observedShare * 10) / 10}% of runs within`;

function band(summary: BatchSummary, id: string): Band | undefined {
  const s = summary.summary[id];
  return s?.p10 && s.p90 ? { p10: s.p10, median: s.median, p90: s.p90 } : undefined;
}

/**
 * Both versions run on the same seeds (run i seeded seed + i), their P10–P90 bands overlaid per
 * plotted pool, and the diagram's balance tests whose verdict differs between them.
 */
export function BehaviourDiff({
  fuid,
  engine,
  before,
  after,
  labels,
}: {
  fuid: string;
  engine: EngineClient;
  before: EditorDiagram;
  after: EditorDiagram;
  labels: [string, string];
}) {
  const [state, setState] = useState<'idle' | 'running' | 'done' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setState('running');
    setError(null);
    try {
      const seed = after.settings.seed ?? before.settings.seed ?? 1;
      const threads = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));
      const batch = (doc: EditorDiagram) =>
        engine.start<BatchSummary>({ type: 'batch', doc, runs: RUNS, seed, threads, percentiles: [10, 90] }).done;
      const old = await batch(before);
      const now = await batch(after);
      const tests = await balanceTestsApi.ofDiagram(fuid);
      const specs: BalanceTestSpec[] = tests.map((t) => ({
        name: t.name,
        nodeId: t.nodeId,
        step: t.step,
        min: t.min,
        max: t.max,
        share: t.share,
        runs: t.runs,
        seed: t.seed,
      }));
      const verdicts = async (doc: EditorDiagram) =>
        specs.length ? engine.start<BalanceTestAnswer[]>({ type: 'balanceTests', doc, tests: specs }).done : [];
      const [was, is] = [await verdicts(before), await verdicts(after)];
      const pools = new Set([...before.nodes, ...after.nodes].filter((n) => n.type === 'pool').map((n) => n.id));
      const ids = [...new Set([...Object.keys(old.summary), ...Object.keys(now.summary)])];
      setOutcome({
        seed,
        runs: RUNS,
        ids: ids.some((id) => pools.has(id)) ? ids.filter((id) => pools.has(id)) : ids,
        names: { ...old.names, ...now.names },
        before: old,
        after: now,
        tests: tests.length,
        changed: tests
          .map((test, i) => ({ test, before: was[i], after: is[i] }))
          .filter((v) => verdictOf(v.before) !== verdictOf(v.after)),
      });
      setState('done');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setState('error');
    }
  };

  return (
    <section className="behaviour-diff" aria-label="Behaviour">
      <div className="behaviour-diff__head">
        <h3>Behaviour</h3>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void run()}
          disabled={state === 'running'}
        >
          {state === 'running' ? 'Running both…' : outcome ? 'Run again' : `Run both (${RUNS} runs each)`}
        </button>
      </div>
      {state === 'idle' ? (
        <p className="props__hint">
          Runs both versions on the same seeds, overlays their P10–P90 bands for the plotted pools and lists the balance
          tests whose verdict changed.
        </p>
      ) : null}
      {error ? (
        <p className="formula-error" role="alert">
          {error}
        </p>
      ) : null}
      {outcome ? (
        <>
          <p className="behaviour-diff__legend">
            <span style={{ color: BEFORE_COLOUR }}>▬ {labels[0]}</span>{' '}
            <span style={{ color: AFTER_COLOUR }}>▬ {labels[1]}</span> · P10–P90 and median of {outcome.runs} runs each,
            seeds {outcome.seed}–{outcome.seed + outcome.runs - 1}
          </p>
          <div className="behaviour-diff__charts">
            {outcome.ids.map((id) => (
              <BandsChart
                key={id}
                name={outcome.names[id] || id}
                before={band(outcome.before, id)}
                after={band(outcome.after, id)}
              />
            ))}
          </div>
          <h4>Balance tests</h4>
          {outcome.tests === 0 ? (
            <p className="props__hint">This diagram has no balance tests.</p>
          ) : outcome.changed.length === 0 ? (
            <p className="props__hint" data-testid="verdicts-unchanged">
              {outcome.tests === 1 ? 'The balance test gives' : `All ${countOf(outcome.tests, 'balance test')} give`}{' '}
              the same verdict on both versions.
            </p>
          ) : (
            <ul className="behaviour-diff__tests" data-testid="verdicts-changed">
              {outcome.changed.map((v) => (
                <li key={v.test.id}>
                  <strong>{v.test.name || v.test.summary}</strong>: {verdictOf(v.before)} → {verdictOf(v.after)}
                  {'outcome' in v.before && 'outcome' in v.after
                    ? ` (${shareOf(v.before.outcome)} → ${shareOf(v.after.outcome)})`
                    : ''}
                  <br />
                  <span className="props__hint">{v.test.summary}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
