/// <reference lib="webworker" />
import { runStudy } from '@loopwright/engine';
import type { StudyReply, StudyRequest } from './study-protocol';

// A balance study in its own worker (the editor's offline path): the engine's studies are synchronous, so Cancel ends the worker.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (msg: StudyReply): void => scope.postMessage(msg);

scope.onmessage = (e: MessageEvent<StudyRequest>) => {
  const { doc, settings } = e.data;
  try {
    const outcome = runStudy(doc, settings, (done, total) => reply({ type: 'progress', done, total }));
    reply({ type: 'result', outcome });
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
