import type { DiagramInput } from '../schema.js';
import { judgeGoal, type GoalOutcome } from './goals.js';
import { currentLeverValues, leverPosition, StudyInputError, type Lever } from './levers.js';
import { measure, planStudy, pointValues, type StudyPlan, studySeed } from './measure.js';
import { cmaes, gridThenNelderMead, type Key } from './optimize.js';
import { evaluateAssertion } from '../assert.js';

export interface SolveOptions {
  levers: Lever[];
  /** Assertions that must hold, e.g. `p90(Gold, 30) <= 500`. */
  goals: string[];
  /** A statistic expression to make as small (or large) as possible among answers that meet every goal. */
  minimize?: string;
  maximize?: string;
  /** Most candidates simulated; default 300. */
  budget?: number;
  /** Runs per candidate (the same seeds for all: common random numbers); default 100. */
  runs?: number;
  /** First seed; default settings.seed, else 0. */
  seed?: number;
  /** Steps per run; default the last step the goals read (settings.stepsLimit when they read `end`). */
  steps?: number;
  /** Fresh runs the answer is checked on; default max(runs, 200). */
  verifyRuns?: number;
  onCandidate?: (candidate: SolveCandidate, evaluations: number, budget: number) => void;
}

export interface SolveCandidate {
  levers: Record<string, number>;
  goals: GoalOutcome[];
  /** Sum of the goals' relative misses; 0 when every goal is met. */
  violation: number;
  objective?: number;
}

export interface SolveResult {
  levers: Record<string, number>;
  goals: { goal: string; value: number; met: boolean }[];
  objective?: { expression: string; sense: 'minimize' | 'maximize'; value: number };
  evaluations: number;
  /** The answer on fresh seeds: the share of those runs in which every goal holds for that run's own values, and the goals judged over them. */
  verified: { runs: number; seed: number; share: number; goals: { goal: string; value: number; met: boolean }[] };
  /** Whether the answer meets every goal on the study's seeds. */
  met: boolean;
  method: 'cma-es' | 'grid+nelder-mead';
  runs: number;
  seed: number;
  steps: number;
  /** The best candidates, best first (at most 20). */
  candidates: SolveCandidate[];
}

/**
 * Finds lever values that meet every goal (feasibility) and, when asked, minimise or maximise an
 * objective among them. CMA-ES for 3 levers or more, a grid then Nelder–Mead for 1–2. Every
 * candidate is simulated on the same seeds; the answer is then verified on fresh ones.
 */
export function solve(diagram: DiagramInput, options: SolveOptions): SolveResult {
  if (options.goals.length === 0 && !options.minimize && !options.maximize)
    throw new StudyInputError('solve needs at least one goal or an objective');
  if (options.minimize && options.maximize) throw new StudyInputError('give --minimize or --maximize, not both');
  const objectiveText = options.minimize ?? options.maximize;
  const sense = options.maximize ? -1 : 1;
  const plan = planStudy(
    diagram,
    options.levers,
    objectiveText ? [...options.goals, objectiveText] : options.goals,
    options.steps,
  );
  const goalCount = options.goals.length;
  const budget = Math.max(1, options.budget ?? 300);
  const runs = Math.max(1, options.runs ?? 100);
  const seed = options.seed ?? studySeed(diagram);
  const seeds = { seed, runs };

  const cache = new Map<string, SolveCandidate>();
  let evaluations = 0;
  const candidateAt = (u: number[]): SolveCandidate => {
    const values = pointValues(plan, u);
    const id = values.join(',');
    const known = cache.get(id);
    if (known) return known;
    const sample = measure(plan, values, seeds);
    const goals = plan.trees.slice(0, goalCount).map((tree, i) => judgeGoal(plan.texts[i], tree, sample));
    const candidate: SolveCandidate = {
      levers: leverRecord(plan, values),
      goals,
      violation: goals.reduce((a, g) => a + g.violation, 0),
    };
    if (objectiveText) candidate.objective = evaluateAssertion(plan.trees[goalCount], sample);
    cache.set(id, candidate);
    evaluations++;
    options.onCandidate?.(candidate, evaluations, budget);
    return candidate;
  };
  const keyOf = (c: SolveCandidate): Key => [c.violation, objectiveText ? sense * nanLast(c.objective!) : 0];

  const start = startPoint(plan);
  const search = {
    dimensions: plan.levers.length,
    evaluate: (points: number[][]) => points.map((u) => keyOf(candidateAt(u))),
    budget,
    start,
    seed,
    // Without an objective the first answer that meets every goal is the answer.
    good: objectiveText ? undefined : (key: Key) => key[0] === 0,
  };
  const method = plan.levers.length <= 2 ? 'grid+nelder-mead' : 'cma-es';
  const found = method === 'cma-es' ? cmaes(search) : gridThenNelderMead(search);
  const best = candidateAt(found.best.u);

  const verifyRuns = Math.max(1, options.verifyRuns ?? Math.max(runs, 200));
  const fresh = { seed: seed + runs, runs: verifyRuns };
  const values = options.levers.map((l) => best.levers[l.name]);
  const check = measure(plan, values, fresh);
  let within = 0;
  for (let r = 0; r < verifyRuns; r++) {
    const one = check.single(r);
    if (plan.trees.slice(0, goalCount).every((tree, i) => judgeGoal(plan.texts[i], tree, one).met)) within++;
  }
  const ranked = [...cache.values()].sort((a, b) => compareCandidates(keyOf(a), keyOf(b)));
  const result: SolveResult = {
    levers: best.levers,
    goals: best.goals.map(publicGoal),
    evaluations,
    verified: {
      runs: verifyRuns,
      seed: fresh.seed,
      share: within / verifyRuns,
      goals: plan.trees.slice(0, goalCount).map((tree, i) => publicGoal(judgeGoal(plan.texts[i], tree, check))),
    },
    met: best.violation === 0,
    method,
    runs,
    seed,
    steps: plan.steps,
    candidates: ranked.slice(0, 20),
  };
  if (objectiveText)
    result.objective = {
      expression: objectiveText,
      sense: options.maximize ? 'maximize' : 'minimize',
      value: best.objective!,
    };
  return result;
}

function compareCandidates(a: Key, b: Key): number {
  return a[0] - b[0] || a[1] - b[1];
}

function nanLast(x: number): number {
  return Number.isNaN(x) ? Infinity : x;
}

function publicGoal(g: GoalOutcome): { goal: string; value: number; met: boolean } {
  return { goal: g.goal, value: g.value, met: g.met };
}

function leverRecord(plan: StudyPlan, values: number[]): Record<string, number> {
  return Object.fromEntries(plan.levers.map((l, i) => [l.name, values[i]]));
}

/** The diagram's own lever values when they lie in range: the search starts from the current design. */
function startPoint(plan: StudyPlan): number[] {
  const current = currentLeverValues(plan.diagram, plan.levers);
  return plan.levers.map((lever, i) =>
    Number.isFinite(current[i]) && current[i] >= lever.min && current[i] <= lever.max
      ? leverPosition(lever, current[i])
      : 0.5,
  );
}
