import { countOf } from '@loopwright/contracts';
import { applyLevers, currentLeverValues, goalBalanceTest, studyCost, type Lever } from '@loopwright/engine';
import { useId, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { balanceTestsApi } from '../../balance-tests/balance-tests-api';
import { useEditor } from '../editor-context';
import { useEditorDoc } from '../model/editor-store';
import { describeGoal, GoalBuilder } from './goal-builder';
import { LeverEditor, leverChoices } from './lever-editor';
import { startBrowserStudy, startServerStudy, type RunningStudy } from './study-client';
import type { StudyKind, StudyOutcome, StudySettings } from './study-protocol';
import { StudyResults } from './study-results';
import './balance-studio.css';

/**
 * A study of at most this many runs in all (evaluations × runs) runs in a browser worker: it takes
 * less than the queue's round trip, and it is below every plan's runs per study (docs/plans.md).
 */
export const BROWSER_STUDY_RUNS = 2_000;

/** Whether a study is small enough for this browser (a study the engine refuses goes to the server, which says why). */
function smallStudy(doc: Parameters<typeof studyCost>[0], settings: StudySettings): boolean {
  try {
    return studyCost(doc, settings).runs <= BROWSER_STUDY_RUNS;
  } catch {
    return false;
  }
}

const KINDS: ReadonlyArray<readonly [StudyKind, string]> = [
  ['solve', 'Solve for the goals'],
  ['sensitivity', 'Which levers matter'],
  ['sweep', 'Sweep'],
];

/**
 * The Balance panel: levers with ranges, goals written with a builder, and a study (solve,
 * sensitivity or sweep) run on the server queue (blocks over the workers, progress over the
 * socket, Cancel) — or, when small (BROWSER_STUDY_RUNS) or offline, in a browser worker with the same answer; Apply writes the answer
 * as a new version, and the goals can be kept as balance tests.
 */
export function BalancePanel({
  fuid,
  canEdit,
  saveNow,
  onStudyDone,
}: {
  fuid: string;
  canEdit: boolean;
  /** Saves the document (a new version); resolves when saved. */
  saveNow: () => Promise<unknown>;
  /** A study finished: the page keeps it in the play history (a server study is kept already: `stored`). */
  onStudyDone?: (settings: StudySettings, outcome: StudyOutcome, stored: boolean) => Promise<void> | void;
}) {
  const { store } = useEditor();
  const doc = useEditorDoc(store);
  const base = useId();
  const choices = useMemo(() => leverChoices(doc), [doc]);
  const [levers, setLevers] = useState<Lever[]>([]);
  const [goals, setGoals] = useState<string[]>([]);
  const [kind, setKind] = useState<StudyKind>('solve');
  const [objective, setObjective] = useState<{ sense: 'none' | 'minimize' | 'maximize'; expression: string }>({
    sense: 'none',
    expression: '',
  });
  const [metric, setMetric] = useState('');
  const [method, setMethod] = useState<StudySettings['method']>('sobol');
  const [runs, setRuns] = useState('100');
  const [seed, setSeed] = useState(String(doc.settings.seed ?? 1));
  const [budget, setBudget] = useState('300');
  const [samples, setSamples] = useState('64');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<{
    settings: StudySettings;
    outcome: StudyOutcome;
    current: Record<string, number>;
  } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<RunningStudy | null>(null);
  const labelOf = (name: string) => choices.find((c) => c.name === name)?.label ?? name;
  const metricText = metric || (goals[0] ? goals[0].replace(/\s*(<=|>=|==|<|>).*$/, '') : '');

  const run = async () => {
    setError(null);
    setMessage(null);
    const settings: StudySettings = {
      kind,
      levers,
      goals,
      objective:
        objective.sense !== 'none' && objective.expression.trim()
          ? { sense: objective.sense, expression: objective.expression.trim() }
          : undefined,
      budget: Number(budget),
      metric: metricText,
      method: kind === 'sweep' ? (method === 'lhs' ? 'lhs' : 'grid') : method === 'morris' ? 'morris' : 'sobol',
      samples: Number(samples),
      runs: Number(runs),
      seed: Number(seed),
    };
    if (levers.length === 0) return setError('Add at least one lever.');
    if (kind === 'solve' && goals.length === 0 && !settings.objective) return setError('Add at least one goal.');
    if (kind !== 'solve' && !metricText) return setError('Give the metric to study, e.g. p90(Gold, 30).');
    for (const [label, v] of [
      ['Runs', settings.runs],
      ['Budget', settings.budget],
      ['Samples', settings.samples],
    ] as const)
      if (!Number.isInteger(v) || v < 1) return setError(`${label} must be a whole number of at least 1.`);
    if (!Number.isInteger(settings.seed)) return setError('The seed must be a whole number.');
    // The study runs on a saved version, so that the play history can say which.
    if (canEdit)
      try {
        await saveNow();
      } catch (e) {
        return setError(errorMessage(e));
      }
    const values = currentLeverValues(doc, levers);
    const current = Object.fromEntries(levers.map((l, i) => [l.name, values[i]]));
    setProgress({ done: 0, total: 1 });
    const onProgress = (done: number, total: number) => setProgress({ done, total });
    // On the server when it can be reached (the plan's limits apply there); small ones and offline in this browser.
    const onServer = canEdit && navigator.onLine && !smallStudy(doc, settings);
    const study = onServer
      ? startServerStudy(fuid, settings, onProgress)
      : startBrowserStudy(doc, settings, onProgress);
    running.current = study;
    try {
      const { outcome: result, playId } = await study.done;
      setProgress(null);
      setOutcome({ settings, outcome: result, current });
      if (canEdit)
        await Promise.resolve(onStudyDone?.(settings, result, playId !== null)).catch((e: unknown) =>
          setError(`The study is not kept in the play history: ${errorMessage(e)}`),
        );
    } catch (e) {
      if ((e as Error).message !== 'cancelled') setError(errorMessage(e));
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  const apply = async () => {
    if (outcome?.outcome.kind !== 'solve') return;
    const { levers: used } = outcome.settings;
    const answer = outcome.outcome.result.levers;
    store.edit((d) =>
      applyLevers(
        d,
        used,
        used.map((l) => answer[l.name]),
      ),
    );
    try {
      await saveNow();
      setMessage('Applied: the lever values are saved as a new version.');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const saveTests = async () => {
    const settings = outcome?.settings ?? { runs: Number(runs), seed: Number(seed) };
    const kept: string[] = [];
    const skipped: string[] = [];
    try {
      await saveNow();
      for (const goal of goals) {
        const spec = goalBalanceTest(goal, settings.runs, settings.seed);
        if (!spec) {
          skipped.push(goal);
          continue;
        }
        await balanceTestsApi.create(fuid, {
          name: describeGoal(goal, doc),
          nodeId: spec.nodeId,
          step: spec.step ?? null,
          min: spec.min ?? null,
          max: spec.max ?? null,
          share: spec.share ?? 100,
          runs: spec.runs ?? 100,
          seed: spec.seed ?? 0,
        });
        kept.push(goal);
      }
      setMessage(
        `Saved ${countOf(kept.length, 'balance test')} (see the Tests tab).` +
          (skipped.length
            ? ` Not saved, as a balance test checks a share of runs within a range: ${skipped.join('; ')}.`
            : ''),
      );
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const number = (label: string, value: string, set: (v: string) => void) => (
    <div className="study-setting">
      <label htmlFor={`${base}-${label}`}>{label}</label>
      <input id={`${base}-${label}`} inputMode="numeric" value={value} onChange={(e) => set(e.target.value)} size={5} />
    </div>
  );

  return (
    <section className="balance-studio" aria-label="Balance">
      <p>Pick levers, write goals, and let the solver find the numbers; or see which levers matter most.</p>
      <LeverEditor levers={levers} choices={choices} onChange={setLevers} />
      <fieldset className="study-goals">
        <legend>Goals</legend>
        {goals.length ? (
          <ul aria-label="Goals">
            {goals.map((g) => (
              <li key={g}>
                <span>{describeGoal(g, doc)}</span> <code>{g}</code>{' '}
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Remove goal ${g}`}
                  onClick={() => setGoals(goals.filter((x) => x !== g))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="props__hint">No goals yet.</p>
        )}
        <GoalBuilder
          doc={doc}
          steps={doc.settings.stepsLimit}
          onAdd={(g) => setGoals(goals.includes(g) ? goals : [...goals, g])}
        />
      </fieldset>
      <fieldset className="study-settings">
        <legend>Study settings</legend>
        <div className="study-setting">
          <label htmlFor={`${base}-kind`}>Study</label>
          <select id={`${base}-kind`} value={kind} onChange={(e) => setKind(e.target.value as StudyKind)}>
            {KINDS.map(([k, text]) => (
              <option key={k} value={k}>
                {text}
              </option>
            ))}
          </select>
        </div>
        {kind === 'solve' ? (
          <>
            <div className="study-setting">
              <label htmlFor={`${base}-objective`}>Objective</label>
              <select
                id={`${base}-objective`}
                value={objective.sense}
                onChange={(e) => setObjective({ ...objective, sense: e.target.value as 'none' })}
              >
                <option value="none">none: any answer that meets the goals</option>
                <option value="minimize">minimise</option>
                <option value="maximize">maximise</option>
              </select>
            </div>
            {objective.sense !== 'none' ? (
              <div className="study-setting">
                <label htmlFor={`${base}-objective-expr`}>Statistic</label>
                <input
                  id={`${base}-objective-expr`}
                  value={objective.expression}
                  placeholder="mean(Gold, 30)"
                  onChange={(e) => setObjective({ ...objective, expression: e.target.value })}
                />
              </div>
            ) : null}
            {number('Budget', budget, setBudget)}
          </>
        ) : (
          <>
            <div className="study-setting">
              <label htmlFor={`${base}-metric`}>Metric</label>
              <input
                id={`${base}-metric`}
                value={metricText}
                placeholder="p90(Gold, 30)"
                onChange={(e) => setMetric(e.target.value)}
              />
            </div>
            <div className="study-setting">
              <label htmlFor={`${base}-method`}>Method</label>
              <select
                id={`${base}-method`}
                value={method}
                onChange={(e) => setMethod(e.target.value as StudySettings['method'])}
              >
                {(kind === 'sensitivity' ? ['sobol', 'morris'] : ['grid', 'lhs']).map((m) => (
                  <option key={m} value={m}>
                    {{ sobol: 'Sobol indices', morris: 'Morris screening', grid: 'grid', lhs: 'Latin hypercube' }[m]}
                  </option>
                ))}
              </select>
            </div>
            {number('Samples', samples, setSamples)}
          </>
        )}
        {number('Runs', runs, setRuns)}
        {number('Seed', seed, setSeed)}
      </fieldset>
      <div className="study-actions">
        {progress ? (
          <>
            <progress max={progress.total} value={progress.done} aria-label="Study progress" />
            <span>
              {progress.done}/{progress.total}
            </span>
            <button type="button" className="button button--ghost" onClick={() => running.current?.cancel()}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="button button--primary" onClick={() => void run()}>
            Run study
          </button>
        )}
      </div>
      {error ? (
        <p role="alert" className="formula-error">
          {error}
        </p>
      ) : null}
      {outcome ? (
        <>
          <StudyResults
            outcome={outcome.outcome}
            doc={doc}
            levers={outcome.settings.levers}
            labelOf={labelOf}
            current={outcome.current}
          />
          {canEdit ? (
            <div className="study-actions">
              {outcome.outcome.kind === 'solve' ? (
                <button type="button" className="button button--primary" onClick={() => void apply()}>
                  Apply as new version
                </button>
              ) : null}
              {goals.length ? (
                <button type="button" className="button button--ghost" onClick={() => void saveTests()}>
                  Save goals as balance tests
                </button>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
    </section>
  );
}
