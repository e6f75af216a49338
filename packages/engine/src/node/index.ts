import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { runBatch, type BatchOptions, type BatchResult } from '../batch.js';
import { runBatchOnWorkers, type WorkerReply } from '../parallel.js';

export interface ParallelBatchOptions extends BatchOptions {
  /** Worker threads; default: every core. 1 runs in this thread. */
  threads?: number;
}

/** A batch over Node worker threads; the result is the same whatever the number of threads. */
export function runBatchParallel(diagram: unknown, options: ParallelBatchOptions): Promise<BatchResult> {
  const threads = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
  if (threads === 1) return runBatch(diagram, options);
  return runBatchOnWorkers(diagram, options, threads, () => {
    const worker = new Worker(new URL('./worker.js', import.meta.url));
    return {
      post: (msg, transfer) => worker.postMessage(msg, transfer ?? []),
      onReply: (handler) => {
        worker.on('message', (msg: WorkerReply) => handler(msg));
        worker.on('error', (e: Error) => handler({ type: 'error', message: e.message }));
      },
      terminate: () => void worker.terminate(),
    };
  });
}

export { readDiagramFile } from './read.js';
export { evaluateOnThreads, sensitivityOnThreads, sweepOnThreads } from './study.js';
export { BlockThreads, BlockAbortedError } from './block-threads.js';
export * from '../index.js';
