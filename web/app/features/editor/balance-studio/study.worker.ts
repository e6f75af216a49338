/// <reference lib="webworker" />
import {
  applyLevers,
  assertionTargets,
  runBatchSync,
  sensitivity,
  solve,
  sweep,
  tornado,
  type DiagramInput,
  type SolveResult,
} from '@loopwright/engine';
import type { Fan, StudyOutcome, StudyReply, StudyRequest } from './study-protocol';

// A balance study in its own worker: the engine's studies are synchronous, so Cancel ends the worker.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (msg: StudyReply): void => scope.postMessage(msg);
const progress = (done: number, total: number) => reply({ type: 'progress', done, total });

function fansOf(doc: DiagramInput, result: SolveResult, goals: string[], runs: number, seed: number) {
  const nodes = [...new Set(goals.flatMap(assertionTargets))];
  const solved = applyLevers(
    doc,
    Object.keys(result.levers).map((name) => ({ name, min: 0, max: 0 })),
    Object.values(result.levers),
  );
  const band = (d: DiagramInput, node: string): Fan => {
    const batch = runBatchSync(d, { runs, seed, steps: result.steps, percentiles: [10, 90] });
    const id = batch.stats.seriesIndex(node) >= 0 ? node : batch.stats.ids[batch.stats.names.indexOf(node)];
    const s = batch.summary[id];
    return s ? { p10: s.p10, median: s.median, p90: s.p90 } : { p10: [], median: [], p90: [] };
  };
  return Object.fromEntries(nodes.map((n) => [n, { baseline: band(doc, n), solution: band(solved, n) }]));
}

scope.onmessage = (e: MessageEvent<StudyRequest>) => {
  const { doc, settings: s } = e.data;
  try {
    let outcome: StudyOutcome;
    if (s.kind === 'solve') {
      const result = solve(doc, {
        levers: s.levers,
        goals: s.goals,
        minimize: s.objective?.sense === 'minimize' ? s.objective.expression : undefined,
        maximize: s.objective?.sense === 'maximize' ? s.objective.expression : undefined,
        budget: s.budget,
        runs: s.runs,
        seed: s.seed,
        onCandidate: (_c, done, budget) => progress(done, budget),
      });
      outcome = { kind: 'solve', result, fans: fansOf(doc, result, s.goals, s.runs, s.seed) };
    } else if (s.kind === 'sensitivity') {
      const options = { levers: s.levers, metric: s.metric, runs: s.runs, seed: s.seed };
      const result = sensitivity(doc, {
        ...options,
        method: s.method === 'morris' ? 'morris' : 'sobol',
        samples: s.samples,
        onProgress: progress,
      });
      outcome = { kind: 'sensitivity', result, tornado: tornado(doc, options) };
    } else {
      const result = sweep(doc, {
        levers: s.levers,
        metric: s.metric,
        method: s.method === 'lhs' ? 'lhs' : 'grid',
        samples: s.samples,
        runs: s.runs,
        seed: s.seed,
        onProgress: progress,
      });
      outcome = { kind: 'sweep', result };
    }
    reply({ type: 'result', outcome });
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
