import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface BlockThreadRequest {
  id: number;
  kind: string;
  /** Names the job's input: blocks with the same key reuse the input (and what was compiled from it). */
  key: string;
  input: unknown;
  first: number;
  count: number;
}
export type BlockThreadReply =
  | { id: number; bytes: Uint8Array }
  | { id: number; error: string }
  | { id: number; progress: { done: number; total: number } };

export class BlockAbortedError extends Error {
  constructor() {
    super('block stopped');
  }
}

interface Slot {
  worker: Worker;
  busy: boolean;
}

/**
 * Worker threads that run blocks (`blockWorks`) off the event loop, one block per thread at a time:
 * a queue worker with this many threads takes this many blocks at once. A stopped block ends its
 * thread at once, and a fresh one takes its place.
 */
export class BlockThreads {
  readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly waiting: Array<() => void> = [];
  private nextId = 0;
  private closed = false;

  constructor(size = availableParallelism()) {
    this.size = Math.max(1, Math.floor(size));
  }

  async run(
    kind: string,
    key: string,
    input: unknown,
    first: number,
    count: number,
    signal?: AbortSignal,
    onProgress?: (done: number, total: number) => void,
  ): Promise<Uint8Array> {
    const slot = await this.acquire();
    const id = this.nextId++;
    try {
      return await new Promise<Uint8Array>((resolve, reject) => {
        const onMessage = (reply: BlockThreadReply) => {
          if (reply.id !== id) return;
          if ('progress' in reply) return onProgress?.(reply.progress.done, reply.progress.total);
          done();
          if ('error' in reply) reject(new Error(reply.error));
          else resolve(reply.bytes);
        };
        const onError = (error: Error) => (done(), reject(error));
        const onAbort = () => {
          done();
          void slot.worker.terminate();
          slot.worker = this.spawn();
          reject(new BlockAbortedError());
        };
        const done = () => {
          slot.worker.off('message', onMessage);
          slot.worker.off('error', onError);
          signal?.removeEventListener('abort', onAbort);
        };
        if (signal?.aborted) return onAbort();
        slot.worker.on('message', onMessage);
        slot.worker.on('error', onError);
        signal?.addEventListener('abort', onAbort, { once: true });
        const request: BlockThreadRequest = { id, kind, key, input, first, count };
        slot.worker.postMessage(request);
      });
    } finally {
      this.release(slot);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('./block-thread.js', import.meta.url));
    worker.unref();
    return worker;
  }

  private async acquire(): Promise<Slot> {
    for (;;) {
      if (this.closed) throw new Error('block threads are closed');
      const free = this.slots.find((s) => !s.busy);
      if (free) return ((free.busy = true), free);
      if (this.slots.length < this.size) {
        const slot = { worker: this.spawn(), busy: true };
        this.slots.push(slot);
        return slot;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private release(slot: Slot): void {
    slot.busy = false;
    this.waiting.shift()?.();
  }
}
