export {
  parseLever,
  applyLevers,
  checkLevers,
  currentLeverValues,
  leverValue,
  leverPosition,
  StudyInputError,
  type Lever,
} from './levers.js';
export { gridSample, gridLevels, latinHypercube, sobolSample, samplePoints, type UnitPoints } from './samplers.js';
export { sobolPoints, SOBOL_MAX_DIMENSIONS } from './sobol-sequence.js';
export {
  saltelliDesign,
  sobolIndices,
  morrisDesign,
  morrisIndices,
  type SobolIndex,
  type MorrisIndex,
} from './sensitivity-math.js';
export {
  cmaes,
  gridThenNelderMead,
  compareKeys,
  type Key,
  type MinimizeOptions,
  type MinimizeResult,
} from './optimize.js';
export { planStudy, measure, evaluateDesign, RunSample, type StudyPlan, type SeedSet } from './measure.js';
export { judgeGoal, type GoalOutcome } from './goals.js';
export { sweep, designSweep, type SweepOptions, type SweepResult } from './sweep.js';
export {
  sensitivity,
  designSensitivity,
  tornado,
  designTornado,
  type SensitivityOptions,
  type SensitivityResult,
  type TornadoBar,
} from './sensitivity.js';
export { solve, type SolveOptions, type SolveResult, type SolveCandidate } from './solve.js';
export {
  goalAssertion,
  goalSentence,
  goalParts,
  goalBalanceTest,
  assertionTargets,
  type GoalParts,
} from './goal-builder.js';
export {
  runStudy,
  studyWork,
  solveFans,
  studyCost,
  studySummary,
  type StudyCost,
  type StudyKind,
  type StudySettings,
  type StudyOutcome,
  type StudyBlockInput,
  type Fan,
} from './work.js';
