import type { BatchSummary } from '../engine/protocol';

export interface ChartSeries {
  id: string;
  name: string;
  values: number[];
}

/** What the chart shows: a single run's series, or a batch's statistics per step. */
export type ChartData =
  | { kind: 'single'; steps: number; series: ChartSeries[]; end: string }
  | {
      kind: 'batch';
      steps: number;
      runs: number;
      completed: number;
      cancelled: boolean;
      summary: BatchSummary['summary'];
      names: Record<string, string>;
      ends: Record<string, number>;
    };

/** A run kept in the play history. */
export interface Play {
  id: string;
  kind: 'quick' | 'interactive' | 'multiple';
  createdAt: string;
  /** Runs in a batch (1 otherwise). */
  count: number;
  totalSteps: number;
  seed: number;
  end: string;
  /** The document revision it ran (save version when saved). */
  version: number | null;
  chart: ChartData;
}

export interface RunUiState {
  kind: 'idle' | 'quick' | 'interactive' | 'batch';
  status: 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'error';
  /** Animated play: the frame on show and how many there are. */
  frameIndex: number;
  frameCount: number;
  speed: number;
  progress: { done: number; total: number } | null;
  error: string | null;
  chart: ChartData | null;
}

export const IDLE_RUN: RunUiState = {
  kind: 'idle',
  status: 'idle',
  frameIndex: 0,
  frameCount: 0,
  speed: 4,
  progress: null,
  error: null,
  chart: null,
};

/** Steps per second for each speed setting. */
export const SPEEDS = [1, 2, 4, 8, 16, 60] as const;

/** Multiple runs on the server's queue (large batches): start, then poll until done. */
export interface ServerRuns {
  start(runs: number, seed: number): Promise<string>;
  cancel(playId: string): Promise<void>;
  poll(playId: string): Promise<{
    status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
    completed: number;
    total: number;
    error: string | null;
    chart: ChartData | null;
  }>;
}

/** From this many runs the toolbar suggests the server queue. */
export const SERVER_RUNS_FROM = 20_000;
