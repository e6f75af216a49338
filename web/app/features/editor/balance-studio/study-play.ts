import type { StudyRecord } from '@loopwright/contracts';
import { studySummary } from '@loopwright/engine';
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
    result: studySummary(outcome),
    outcome: JSON.parse(JSON.stringify(outcome)) as Record<string, unknown>,
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

/** One line for the play history: "Solve · 3 levers · 3 goals · met in 65 candidates". */
export function describeStudy(study: StudyRecord): string {
  const levers = `${study.levers.length} lever${study.levers.length === 1 ? '' : 's'}`;
  const r = study.result as { met?: boolean; evaluations?: number };
  if (study.type === 'solve')
    return `Solve · ${levers} · ${study.goals.length} goal${study.goals.length === 1 ? '' : 's'} · ${r.met ? 'met' : 'not met'} in ${r.evaluations} candidates`;
  return `${study.type === 'sweep' ? 'Sweep' : 'Sensitivity'} (${study.method}) of ${study.metric} · ${levers} · ${r.evaluations} evaluations`;
}
