import { parentPort } from 'node:worker_threads';
import { evaluateDesign, planStudy, type SeedSet } from '../study/measure.js';
import type { Lever } from '../study/levers.js';
import type { DiagramInput } from '../schema.js';

export interface StudyJob {
  id: number;
  diagram?: DiagramInput;
  levers?: Lever[];
  expressions?: string[];
  steps?: number;
  points: number[][];
  seeds: SeedSet;
}

// One thread of a study: the first job brings the study, later ones only their block of points.
const port = parentPort!;
let plan: ReturnType<typeof planStudy> | null = null;
port.on('message', (job: StudyJob) => {
  try {
    if (job.diagram) plan = planStudy(job.diagram, job.levers!, job.expressions!, job.steps);
    port.postMessage({ id: job.id, values: evaluateDesign(plan!, job.points, job.seeds) });
  } catch (e) {
    port.postMessage({ id: job.id, error: (e as Error).message });
  }
});
