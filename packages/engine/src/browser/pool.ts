import { runBatch, type BatchOptions, type BatchResult } from '../batch.js';
import { runBatchOnWorkers, type WorkerReply } from '../parallel.js';

export interface BrowserBatchOptions extends BatchOptions {
  /** Web Workers; default navigator.hardwareConcurrency. 1 runs on this thread. */
  threads?: number;
  /** How to start a worker; default: the package's worker module. */
  createWorker?: () => Worker;
}

export function defaultCreateWorker(): Worker {
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
}

/** A batch over Web Workers; the result is the same whatever the number of workers. */
export function runBatchInWorkers(diagram: unknown, options: BrowserBatchOptions): Promise<BatchResult> {
  const threads = Math.max(1, Math.floor(options.threads ?? (globalThis.navigator?.hardwareConcurrency || 2)));
  if (threads === 1) return runBatch(diagram, options);
  const create = options.createWorker ?? defaultCreateWorker;
  return runBatchOnWorkers(diagram, options, threads, () => {
    const worker = create();
    return {
      post: (msg, transfer) => worker.postMessage(msg, transfer ?? []),
      onReply: (handler) => {
        worker.onmessage = (e: MessageEvent<WorkerReply>) => handler(e.data);
        worker.onerror = (e) => handler({ type: 'error', message: e.message });
      },
      terminate: () => worker.terminate(),
    };
  });
}
