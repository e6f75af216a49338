/// <reference lib="webworker" />

/**
 * Pool workers kept alive between multiple runs, so a batch does not wait for workers to start and
 * load the engine. `runBatchInWorkers` terminates the workers it is given when a batch ends: each
 * lease is a stand-in whose terminate() hands the worker back, or really ends it when a block was
 * still being computed (a cancelled batch), so a late answer can never reach the next batch.
 */
export class WarmPool {
  private idle: Worker[] = [];

  constructor(
    private readonly spawn: () => Worker,
    size: number,
  ) {
    for (let i = 0; i < size; i++) this.idle.push(spawn());
  }

  lease(): Worker {
    const worker = this.idle.pop() ?? this.spawn();
    let outstanding = 0;
    let done = false;
    const lease = {
      postMessage: (msg: { type: string }, transfer?: Transferable[]) => {
        outstanding++; // init → ready, block → block
        worker.postMessage(msg, transfer ?? []);
      },
      set onmessage(handler: ((e: MessageEvent) => void) | null) {
        worker.onmessage =
          handler &&
          ((e: MessageEvent) => {
            if ((e.data as { type?: string } | null)?.type === 'error') outstanding = Infinity;
            else outstanding--;
            if (!done) handler(e);
          });
      },
      set onerror(handler: ((e: ErrorEvent) => void) | null) {
        worker.onerror = handler;
      },
      terminate: () => {
        if (done) return;
        done = true;
        worker.onmessage = null;
        worker.onerror = null;
        if (outstanding > 0) {
          worker.terminate();
          this.idle.push(this.spawn());
        } else this.idle.push(worker);
      },
    };
    return lease as unknown as Worker;
  }
}
