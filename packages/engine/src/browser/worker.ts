/// <reference lib="webworker" />
import { createWorkerHandler, type WorkerRequest } from '../parallel.js';

// Web Worker entry: `new Worker(new URL('@loopwright/engine/browser/worker', import.meta.url), { type: 'module' })`.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = createWorkerHandler((msg, transfer) => scope.postMessage(msg, transfer));
scope.onmessage = (e: MessageEvent<WorkerRequest>) => handle(e.data);
