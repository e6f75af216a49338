import type { StudyRecord } from '@loopwright/contracts';
import { countOf } from '@loopwright/contracts';
import type { CreatePlayBody } from '../../diagrams/diagrams-api';
import type { StudyOutcome, StudySettings } from './study-protocol';

/** A finished study as the play history keeps it: its settings, the version and seed it ran on, and its answer. */
export function toStudyPlayBody(
  settings: StudySettings,
  outcome: StudyOutcome,
  diagramVersion: number,
): CreatePlayBody {
  const study: StudyRecord = {
    type: settings.kind,
    levers: settings.levers,
    goals: settings.kind === 'solve' ? settings.goals : [],
    result: studyResult(outcome),
  };
  if (settings.kind === 'solve') {
    study.budget = settings.budget;
    if (settings.objective) study.objective = settings.objective;
  } else {
    study.metric = settings.metric;
    study.method = settings.method;
    study.samples = settings.samples;
  }
  const steps = outcome.kind === 'solve' ? outcome.result.steps : 0;
  return {
    kind: 'study',
    diagramVersion,
    seed: settings.seed,
    runs: settings.runs,
    steps,
    totalSteps: steps * settings.runs,
    endReasons: {},
    study,
  };
}

function studyResult(outcome: StudyOutcome): Record<string, unknown> {
  if (outcome.kind === 'solve') {
    const r = outcome.result;
    return {
      met: r.met,
      levers: r.levers,
      goals: r.goals,
      evaluations: r.evaluations,
      method: r.method,
      verified: { runs: r.verified.runs, seed: r.verified.seed, share: r.verified.share },
      ...(r.objective ? { objective: r.objective } : {}),
    };
  }
  const { method, samples, evaluations } = outcome.result;
  if (outcome.kind === 'sensitivity') return { method, samples, evaluations, indices: outcome.result.indices };
  return { method, samples, evaluations, points: outcome.result.points.slice(0, 2000) };
}

/** One line for the play history: "Solve · 3 levers · 3 goals · met in 65 candidates". */
export function describeStudy(study: StudyRecord): string {
  const levers = countOf(study.levers.length, 'lever');
  const r = study.result as { met?: boolean; evaluations?: number };
  if (study.type === 'solve')
    return `Solve · ${levers} · ${countOf(study.goals.length, 'goal')} · ${r.met ? 'met' : 'not met'} in ${r.evaluations} candidates`;
  return `${study.type === 'sweep' ? 'Sweep' : 'Sensitivity'} (${study.method}) of ${study.metric} · ${levers} · ${r.evaluations} evaluations`;
}
