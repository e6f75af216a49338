export * from './types.js';
export { diffDiagrams, isEmptyDiff, sameField } from './diff.js';
export { formulaDiff, formulaTokens, sameFormula, type TokenEdit } from './formula-tokens.js';
export {
  mergeDiagrams,
  conflictKey,
  WHOLE_ELEMENT,
  type MergeConflict,
  type MergeChoice,
  type MergeResult,
} from './merge.js';
export { formatDiffText, describeChange, showValue } from './report.js';
export type { DiagramDocument } from './elements.js';
