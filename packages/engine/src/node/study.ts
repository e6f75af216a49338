import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DiagramInput } from '../schema.js';
import { evaluateUnitPoints, pointValues, type SeedSet, type StudyPlan } from '../study/measure.js';
import { designSensitivity, type SensitivityOptions, type SensitivityResult } from '../study/sensitivity.js';
import { designSweep, type SweepOptions, type SweepResult } from '../study/sweep.js';
import type { StudyJob } from './study-worker.js';

const BLOCK = 32;

/**
 * The plan's expressions at points of the unit cube, in blocks of points spread over worker
 * threads. Each point is measured on the same seeds whatever thread takes it, so the values are
 * those of evaluateUnitPoints in one thread.
 */
export async function evaluateOnThreads(
  plan: StudyPlan,
  unit: number[][],
  seeds: SeedSet,
  threads = availableParallelism(),
  onProgress?: (done: number, total: number) => void,
): Promise<{ points: number[][]; values: number[][] }> {
  const n = Math.max(1, Math.min(Math.floor(threads), Math.ceil(unit.length / BLOCK)));
  if (n === 1) return evaluateUnitPoints(plan, unit, seeds, onProgress);
  const points = unit.map((u) => pointValues(plan, u));
  const values = new Array<number[]>(points.length);
  const workers = Array.from({ length: n }, () => new Worker(new URL('./study-worker.js', import.meta.url)));
  let next = 0,
    done = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let first = true;
            const send = (): void => {
              if (next >= points.length) return resolve();
              const start = next;
              next += BLOCK;
              const job: StudyJob = { id: start, points: points.slice(start, start + BLOCK), seeds };
              if (first) Object.assign(job, study(plan));
              first = false;
              worker.postMessage(job);
            };
            worker.on('message', (msg: { id: number; values?: number[][]; error?: string }) => {
              if (msg.error !== undefined) return reject(new Error(msg.error));
              msg.values!.forEach((v, k) => (values[msg.id + k] = v));
              done += msg.values!.length;
              onProgress?.(done, points.length);
              send();
            });
            worker.on('error', reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return { points, values };
}

function study(plan: StudyPlan): Partial<StudyJob> {
  return {
    diagram: plan.diagram,
    levers: plan.levers,
    expressions: plan.texts,
    steps: plan.steps,
  };
}

/** sensitivity() over worker threads: the same result for any number of threads. */
export async function sensitivityOnThreads(
  diagram: DiagramInput,
  options: SensitivityOptions & { threads?: number },
): Promise<SensitivityResult> {
  const s = designSensitivity(diagram, options);
  const { values } = await evaluateOnThreads(s.plan, s.unit, s.seeds, options.threads, options.onProgress);
  return s.finish(values.map((v) => v[0]));
}

/** sweep() over worker threads: the same result for any number of threads. */
export async function sweepOnThreads(
  diagram: DiagramInput,
  options: SweepOptions & { threads?: number },
): Promise<SweepResult> {
  const s = designSweep(diagram, options);
  const { points, values } = await evaluateOnThreads(s.plan, s.unit, s.seeds, options.threads, options.onProgress);
  return s.finish(
    points,
    values.map((v) => v[0]),
  );
}
