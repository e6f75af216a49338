import type { Lever } from '@loopwright/engine';
import type { EditorDiagram } from '../model/types';
import { describeGoal } from './goal-builder';
import { FanChart, MorrisBars, SobolBars, SweepChart, TornadoChart } from './study-charts';
import type { StudyOutcome } from './study-protocol';

const fmt = (v: number) =>
  !Number.isFinite(v)
    ? '—'
    : Number.isInteger(v)
      ? v.toLocaleString('en-US')
      : v.toLocaleString('en-US', { maximumFractionDigits: 3 });

export function StudyResults({
  outcome,
  doc,
  levers,
  labelOf,
  current,
}: {
  outcome: StudyOutcome;
  doc: EditorDiagram;
  levers: Lever[];
  labelOf: (lever: string) => string;
  current: Record<string, number>;
}) {
  if (outcome.kind === 'sensitivity') {
    const r = outcome.result;
    return (
      <section className="study-results" aria-label="Sensitivity results">
        <p>
          {r.method === 'sobol' ? `Sobol indices, N = ${r.samples}` : `Morris screening, ${r.samples} trajectories`}:{' '}
          {r.evaluations.toLocaleString('en-US')} evaluations.
        </p>
        <TornadoChart base={outcome.tornado.base} bars={outcome.tornado.bars} metric={r.metric} />
        {r.method === 'sobol' ? <SobolBars indices={r.indices} /> : <MorrisBars indices={r.indices} />}
      </section>
    );
  }
  if (outcome.kind === 'sweep') {
    return (
      <section className="study-results" aria-label="Sweep results">
        <p>
          {outcome.result.method === 'grid' ? 'Grid' : 'Latin hypercube'}: {outcome.result.evaluations} points.
        </p>
        <SweepChart result={outcome.result} />
      </section>
    );
  }
  const r = outcome.result;
  const nameOf = (id: string) => doc.nodes.find((n) => n.id === id || n.name === id)?.name || id;
  return (
    <section className="study-results" aria-label="Solver results">
      <p className={`study-verdict ${r.met ? 'is-pass' : 'is-fail'}`} role="status">
        {r.met ? 'Found levers that meet every goal.' : 'No answer meets every goal; this is the best found.'}
      </p>
      <table className="study-table">
        <caption>Levers</caption>
        <thead>
          <tr>
            <th scope="col">Lever</th>
            <th scope="col">Now</th>
            <th scope="col">Solution</th>
          </tr>
        </thead>
        <tbody>
          {levers.map((l) => (
            <tr key={l.name}>
              <th scope="row">{labelOf(l.name)}</th>
              <td>{fmt(current[l.name])}</td>
              <td>{fmt(r.levers[l.name])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="study-table">
        <caption>Goals</caption>
        <thead>
          <tr>
            <th scope="col">Goal</th>
            <th scope="col">Value</th>
            <th scope="col">Met</th>
          </tr>
        </thead>
        <tbody>
          {r.goals.map((g) => (
            <tr key={g.goal}>
              <th scope="row">
                {describeGoal(g.goal, doc)}
                <code>{g.goal}</code>
              </th>
              <td>{fmt(g.value)}</td>
              <td>{g.met ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {r.evaluations} candidates ({r.method}), {r.runs} runs each on seeds {r.seed}–{r.seed + r.runs - 1}. Checked on{' '}
        {r.verified.runs} fresh runs: every goal holds in {(r.verified.share * 100).toFixed(1)} % of them, and over them
        the goals {r.verified.goals.every((g) => g.met) ? 'all hold' : 'do not all hold'}.
      </p>
      {Object.entries(outcome.fans).map(([node, fan]) => (
        <FanChart key={node} name={nameOf(node)} baseline={fan.baseline} solution={fan.solution} />
      ))}
      <table className="study-table">
        <caption>Best candidates</caption>
        <thead>
          <tr>
            {levers.map((l) => (
              <th key={l.name} scope="col">
                {labelOf(l.name)}
              </th>
            ))}
            <th scope="col">Goals met</th>
            {r.objective ? <th scope="col">Objective</th> : null}
          </tr>
        </thead>
        <tbody>
          {r.candidates.slice(0, 10).map((c, i) => (
            <tr key={i}>
              {levers.map((l) => (
                <td key={l.name}>{fmt(c.levers[l.name])}</td>
              ))}
              <td>
                {c.goals.filter((g) => g.met).length}/{c.goals.length}
              </td>
              {r.objective ? <td>{fmt(c.objective ?? NaN)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
