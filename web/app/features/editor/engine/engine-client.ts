import type { Problem } from '@loopwright/engine';
import type { EngineReply, EngineRequest } from './protocol';

export class EngineError extends Error {
  constructor(
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (done: number, total: number) => void;
}

/**
 * The main thread's handle on the engine worker. The engine never runs here: every call is a
 * message to the worker, answered once (with progress messages before, for multiple runs). The
 * worker starts with the first call, so an opening editor does not load and compile the engine
 * before it has drawn the diagram.
 */
export class EngineClient {
  private started: Worker | null = null;
  private ended = false;
  private nextId = 1;
  private pending = new Map<number, Pending>();

  private get worker(): Worker {
    if (this.started) return this.started;
    const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });
    worker.onmessage = (e: MessageEvent<EngineReply>) => this.receive(e.data);
    worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new EngineError(e.message || 'The engine worker stopped'));
      this.pending.clear();
    };
    if (this.ended) worker.terminate();
    return (this.started = worker);
  }

  private receive(msg: EngineReply): void {
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') {
      p.onProgress?.(msg.done, msg.total);
      return;
    }
    this.pending.delete(msg.id);
    if (msg.type === 'result') p.resolve(msg.value);
    else p.reject(new EngineError(msg.message, msg.problems));
  }

  /** Sends a request; returns its id (for cancel) and the answer. */
  start<T>(
    request: EngineRequest,
    onProgress?: (done: number, total: number) => void,
  ): { id: number; done: Promise<T> } {
    const id = this.nextId++;
    const done = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress });
    });
    this.worker.postMessage({ id, request });
    return { id, done };
  }

  call<T>(request: EngineRequest): Promise<T> {
    return this.start<T>(request).done;
  }

  cancel(target: number): void {
    void this.call({ type: 'cancel', target });
  }

  terminate(): void {
    this.ended = true;
    this.started?.terminate();
  }
}
