import type { BalanceTestOutcome, BalanceTestSpec, Problem } from '@loopwright/engine';
import type { EditorDiagram } from '../model/types';

/** What the main thread asks the engine worker; every request carries an id answered once (progress may come before). */
export type EngineRequest =
  | { type: 'validate'; doc: EditorDiagram }
  /** Starts the multiple-runs pool ahead of the first batch. */
  | { type: 'warm'; threads: number }
  | { type: 'quickRun'; doc: EditorDiagram; seed?: number; steps?: number }
  | { type: 'sessionStart'; doc: EditorDiagram; seed?: number }
  | { type: 'sessionStep' }
  | { type: 'sessionClick'; node: string }
  | { type: 'sessionNudge'; node: string; direction: 1 | -1 }
  | {
      type: 'batch';
      doc: EditorDiagram;
      runs: number;
      seed?: number;
      steps?: number;
      threads: number;
      /** Percentiles to summarise besides the default ones (the compare view's P10 and P90). */
      percentiles?: number[];
    }
  /** Runs balance tests on a document: one outcome (or the reason it could not run) per test, in order. */
  | { type: 'balanceTests'; doc: EditorDiagram; tests: BalanceTestSpec[] }
  | { type: 'cancel'; target: number }
  | { type: 'import'; text: string };

/** One step of a run as the canvas shows it: every node's value and what moved along each connection. */
export interface Frame {
  t: number;
  values: Record<string, number>;
  flows: Record<string, number>;
}

export interface QuickRunResult {
  steps: number;
  end: string;
  /** Frame 0 is the start, frame t the end of step t. */
  frames: Frame[];
  /** Per charted id, the values for t = 1..steps. */
  series: Record<string, number[]>;
  names: Record<string, string>;
}

export interface SessionFrame {
  frame: Frame;
  ended: boolean;
  end: string | null;
  charted: string[];
  names: Record<string, string>;
}

export interface BatchSummary {
  runs: number;
  completed: number;
  cancelled: boolean;
  steps: number;
  meanSteps: number;
  ends: Record<string, number>;
  names: Record<string, string>;
  summary: Record<
    string,
    {
      mean: number[];
      median: number[];
      min: number[];
      max: number[];
      p5: number[];
      p25: number[];
      p75: number[];
      p95: number[];
      /** Any other percentile asked for: p10, p90… */
      [percentile: `p${number}`]: number[] | undefined;
    }
  >;
}

export type BalanceTestAnswer = { outcome: BalanceTestOutcome } | { error: string };

export interface ImportAnswer {
  diagram: EditorDiagram;
  /** The import report: elements left out or changed, with their kind and the reason. */
  warnings: Array<{ id: string; kind?: string; message: string }>;
  format: string;
}

export type EngineReply =
  | { id: number; type: 'result'; value: unknown }
  | { id: number; type: 'progress'; done: number; total: number }
  | { id: number; type: 'error'; message: string; problems?: Problem[] };
