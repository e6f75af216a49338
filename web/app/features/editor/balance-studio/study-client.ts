import type { EditorDiagram } from '../model/types';
import type { StudyOutcome, StudyReply, StudySettings } from './study-protocol';

export interface RunningStudy {
  done: Promise<StudyOutcome>;
  cancel: () => void;
}

/** Runs a study in a fresh worker; cancel ends the worker (and rejects with 'cancelled'). */
export function startStudy(
  doc: EditorDiagram,
  settings: StudySettings,
  onProgress: (done: number, total: number) => void,
): RunningStudy {
  const worker = new Worker(new URL('./study.worker.ts', import.meta.url), { type: 'module', name: 'balance-study' });
  let reject: (e: Error) => void = () => undefined;
  const done = new Promise<StudyOutcome>((resolve, fail) => {
    reject = fail;
    worker.onmessage = (e: MessageEvent<StudyReply>) => {
      const msg = e.data;
      if (msg.type === 'progress') onProgress(msg.done, msg.total);
      else {
        worker.terminate();
        if (msg.type === 'result') resolve(msg.outcome);
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
