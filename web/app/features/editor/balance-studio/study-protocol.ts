import type { Lever, SensitivityResult, SolveResult, SweepResult, TornadoBar } from '@loopwright/engine';
import type { EditorDiagram } from '../model/types';

export type StudyKind = 'solve' | 'sensitivity' | 'sweep';

/** What a study asks for: everything needed to run it again (with the diagram version it ran on). */
export interface StudySettings {
  kind: StudyKind;
  levers: Lever[];
  /** solve */
  goals: string[];
  objective?: { sense: 'minimize' | 'maximize'; expression: string };
  budget: number;
  /** sensitivity, sweep */
  metric: string;
  method: 'sobol' | 'morris' | 'grid' | 'lhs';
  samples: number;
  runs: number;
  seed: number;
}

/** P10, median and P90 per step of one element. */
export interface Fan {
  p10: number[];
  median: number[];
  p90: number[];
}

export type StudyOutcome =
  | { kind: 'solve'; result: SolveResult; fans: Record<string, { baseline: Fan; solution: Fan }> }
  | { kind: 'sensitivity'; result: SensitivityResult; tornado: { base: number; bars: TornadoBar[] } }
  | { kind: 'sweep'; result: SweepResult };

export interface StudyRequest {
  doc: EditorDiagram;
  settings: StudySettings;
}

export type StudyReply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; outcome: StudyOutcome }
  | { type: 'error'; message: string };
