import type { BatchStats } from '@loopwright/contracts';
import type { BatchResult, Diagram } from '@loopwright/engine';

/** The engine's batch result as the play stores it: per charted element, per step mean/median/min/max and percentiles. */
export function toBatchStats(result: BatchResult, document: Diagram): BatchStats {
  const names = new Map(document.nodes.map((n) => [n.id, n.name]));
  const summary: BatchStats['summary'] = {};
  for (const [id, series] of Object.entries(result.summary)) {
    const percentiles: Record<string, number[]> = {};
    for (const [key, values] of Object.entries(series)) {
      if (/^p\d+(\.\d+)?$/.test(key)) percentiles[key.slice(1)] = values as number[];
    }
    summary[id] = {
      name: names.get(id) || undefined,
      mean: series.mean,
      median: series.median,
      min: series.min,
      max: series.max,
      percentiles,
    };
  }
  return { runs: result.runs, completed: result.completed, meanSteps: result.meanSteps, steps: result.steps, summary };
}
