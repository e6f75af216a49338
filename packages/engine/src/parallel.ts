import { BatchCollector, planBatch, type BatchOptions, type BatchResult } from './batch.js';
import type { BlockData } from './block.js';
import { compile } from './compile.js';
import { Machine } from './machine.js';
import { simulateBlock } from './block.js';

/** Messages between a batch coordinator and its workers (Node worker threads or Web Workers). */
export type WorkerRequest =
  | { type: 'init'; diagram: unknown }
  | { type: 'block'; first: number; count: number; seed: number; steps: number; buffer?: ArrayBuffer };
export type WorkerReply = { type: 'ready' } | { type: 'block'; block: BlockData } | { type: 'error'; message: string };

/** What a worker does with each message; the transport (postMessage) is the caller's. */
export function createWorkerHandler(
  reply: (msg: WorkerReply, transfer: ArrayBuffer[]) => void,
): (msg: WorkerRequest) => void {
  let machine: Machine | null = null;
  return (msg) => {
    try {
      if (msg.type === 'init') {
        machine = new Machine(compile(msg.diagram));
        reply({ type: 'ready' }, []);
        return;
      }
      if (!machine) throw new Error('worker not initialised');
      const block = simulateBlock(machine, msg.first, msg.count, msg.seed, msg.steps, msg.buffer);
      reply({ type: 'block', block }, [
        block.values.buffer as ArrayBuffer,
        block.stepsTaken.buffer as ArrayBuffer,
        block.endIndex.buffer as ArrayBuffer,
      ]);
    } catch (e) {
      reply({ type: 'error', message: e instanceof Error ? e.message : String(e) }, []);
    }
  };
}

/** The minimum a coordinator needs of a worker, whatever the platform. */
export interface WorkerPort {
  /** Sends a message; `transfer` lists buffers to move rather than copy. */
  post(msg: WorkerRequest, transfer?: ArrayBuffer[]): void;
  onReply(handler: (msg: WorkerReply) => void): void;
  terminate(): void;
}

/**
 * Runs a batch over worker ports: blocks of runs are handed out as workers become free and
 * gathered in any order; the statistics do not depend on the order or on the number of workers.
 */
export function runBatchOnWorkers(
  diagram: unknown,
  options: BatchOptions,
  threads: number,
  spawn: () => WorkerPort,
): Promise<BatchResult> {
  const plan = planBatch(compile(diagram), options, threads);
  const collector = new BatchCollector(plan, options);
  const blocks: Array<[number, number]> = [];
  for (let first = 0; first < plan.runs; first += plan.blockSize)
    blocks.push([first, Math.min(plan.blockSize, plan.runs - first)]);
  const count = Math.max(1, Math.min(threads, blocks.length));
  return new Promise<BatchResult>((resolve, reject) => {
    if (blocks.length === 0) {
      resolve(collector.result(false));
      return;
    }
    const workers: WorkerPort[] = [];
    let next = 0,
      outstanding = 0,
      done = false;
    const finish = (error?: Error): void => {
      if (done) return;
      done = true;
      for (const w of workers) w.terminate();
      if (error) reject(error);
      else resolve(collector.result(collector.completed < plan.runs));
    };
    const feed = (w: WorkerPort, spent?: ArrayBuffer): void => {
      if (options.signal?.aborted || next >= blocks.length) {
        if (outstanding === 0) finish();
        return;
      }
      const [first, n] = blocks[next++];
      outstanding++;
      // The spent block's buffer goes back to the worker to be filled again.
      if (spent) w.post({ type: 'block', first, count: n, seed: plan.seed, steps: plan.steps, buffer: spent }, [spent]);
      else w.post({ type: 'block', first, count: n, seed: plan.seed, steps: plan.steps });
    };
    options.signal?.addEventListener('abort', () => {
      if (outstanding === 0) finish();
    });
    for (let i = 0; i < count; i++) {
      const w = spawn();
      workers.push(w);
      w.onReply((msg) => {
        if (done) return;
        if (msg.type === 'error') finish(new Error(msg.message));
        else if (msg.type === 'ready') feed(w);
        else {
          outstanding--;
          try {
            collector.add(msg.block);
          } catch (e) {
            finish(e as Error);
            return;
          }
          feed(w, msg.block.values.buffer as ArrayBuffer);
        }
      });
      w.post({ type: 'init', diagram });
    }
  });
}
