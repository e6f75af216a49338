import { RealtimeEvents } from '@loopwright/contracts';
import { subscribeLive } from '../../../lib/live-socket';
import { diagramsApi } from '../../diagrams/diagrams-api';
import type { EditorDiagram } from '../model/types';
import type { StudyOutcome, StudyReply, StudySettings } from './study-protocol';

export interface RunningStudy {
  /** The answer; on the server also the play that keeps it in the history. */
  done: Promise<{ outcome: StudyOutcome; playId: string | null }>;
  cancel: () => void;
}

const POLL_MS = 1_000;

/**
 * Runs a study on the server queue (cut into blocks of evaluations over the workers): progress
 * over the user's socket (as batches), and the play polled, so a study that ends before the
 * socket is up is not missed. Cancel stops every block; the promise then rejects with 'cancelled'.
 */
export function startServerStudy(
  fuid: string,
  settings: StudySettings,
  onProgress: (done: number, total: number) => void,
): RunningStudy {
  let playId: string | null = null;
  let total = 1;
  let stopped = false;
  let wake: () => void = () => undefined;
  let reject: (e: Error) => void = () => undefined;
  const offProgress = subscribeLive(RealtimeEvents.playProgress, (payload) => {
    const p = payload as { playId: string; completed: number; total: number };
    if (p.playId === playId) onProgress(Math.min(p.completed, p.total), p.total);
  });
  const offFinished = subscribeLive(RealtimeEvents.playFinished, (payload) => {
    if ((payload as { playId: string }).playId === playId) wake();
  });
  const done = new Promise<{ outcome: StudyOutcome; playId: string | null }>((resolve, fail) => {
    reject = fail;
    void (async () => {
      const { play, evaluations } = await diagramsApi.serverStudy(fuid, {
        kind: settings.kind,
        levers: settings.levers,
        goals: settings.goals,
        objective: settings.objective,
        budget: settings.budget,
        metric: settings.metric,
        method: settings.method,
        samples: settings.samples,
        runs: settings.runs,
        seed: settings.seed,
      });
      playId = play.id;
      total = evaluations;
      onProgress(0, total);
      while (!stopped) {
        const now = await diagramsApi.play(fuid, play.id);
        if (now.status === 'done') {
          const outcome = now.study?.outcome as StudyOutcome | undefined;
          if (!outcome) throw new Error('The study finished without an answer');
          return resolve({ outcome, playId: play.id });
        }
        if (now.status === 'failed') throw new Error(now.error ?? 'The study failed');
        if (now.status === 'cancelled') throw new Error('cancelled');
        if (now.status === 'running' && now.completedRuns > 0) onProgress(Math.min(now.completedRuns, total), total);
        await new Promise<void>((r) => {
          wake = r;
          window.setTimeout(r, POLL_MS);
        });
      }
    })().catch(fail);
  }).finally(() => {
    offProgress();
    offFinished();
  });
  return {
    done,
    cancel: () => {
      stopped = true;
      wake();
      if (playId) void diagramsApi.cancelServerBatch(fuid, playId).catch(() => undefined);
      reject(new Error('cancelled'));
    },
  };
}

/** Runs a study in a fresh browser worker (offline: the answer is the server's, number for number); cancel ends the worker. */
export function startBrowserStudy(
  doc: EditorDiagram,
  settings: StudySettings,
  onProgress: (done: number, total: number) => void,
): RunningStudy {
  const worker = new Worker(new URL('./study.worker.ts', import.meta.url), { type: 'module', name: 'balance-study' });
  let reject: (e: Error) => void = () => undefined;
  const done = new Promise<{ outcome: StudyOutcome; playId: string | null }>((resolve, fail) => {
    reject = fail;
    worker.onmessage = (e: MessageEvent<StudyReply>) => {
      const msg = e.data;
      if (msg.type === 'progress') onProgress(msg.done, msg.total);
      else {
        worker.terminate();
        if (msg.type === 'result') resolve({ outcome: msg.outcome, playId: null });
        else fail(new Error(msg.message));
      }
    };
    worker.onerror = (e) => {
      worker.terminate();
      fail(new Error(e.message || 'The study stopped'));
    };
  });
  worker.postMessage({ doc, settings });
  return {
    done,
    cancel: () => {
      worker.terminate();
      reject(new Error('cancelled'));
    },
  };
}
