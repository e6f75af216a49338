import type { PlayWithValues } from '@loopwright/contracts';
import type { CreatePlayBody } from '../diagrams/diagrams-api';
import type { ChartData, Play } from './runs/run-types';

/** A finished run as the plays API stores it. */
export function toPlayBody(play: Play, diagramVersion: number): CreatePlayBody {
  const c = play.chart;
  if (c.kind === 'single') {
    return {
      kind: play.kind,
      diagramVersion,
      seed: play.seed,
      runs: 1,
      steps: c.steps,
      totalSteps: c.steps,
      endReasons: { [c.end]: 1 },
      series: Object.fromEntries(c.series.map((s) => [s.id, s.values])),
    };
  }
  return {
    kind: 'multiple',
    diagramVersion,
    seed: play.seed,
    runs: c.completed,
    steps: c.steps,
    totalSteps: play.totalSteps,
    endReasons: c.ends,
    stats: {
      runs: c.runs,
      completed: c.completed,
      meanSteps: c.completed ? play.totalSteps / c.completed : 0,
      steps: c.steps,
      summary: Object.fromEntries(
        Object.entries(c.summary).map(([id, s]) => [
          id,
          {
            name: c.names[id],
            mean: s.mean,
            median: s.median,
            min: s.min,
            max: s.max,
            percentiles: { 5: s.p5, 25: s.p25, 75: s.p75, 95: s.p95 },
          },
        ]),
      ),
    },
  };
}

/** A stored play back into chart data (names from the current document where the play has none). */
export function fromStoredPlay(p: PlayWithValues, nameOf: (id: string) => string): ChartData | null {
  if (p.series) {
    return {
      kind: 'single',
      steps: p.steps,
      end: Object.keys(p.endReasons)[0] ?? 'limit',
      series: Object.entries(p.series).map(([id, values]) => ({ id, name: nameOf(id), values })),
    };
  }
  if (p.stats) {
    const summary: Extract<ChartData, { kind: 'batch' }>['summary'] = {};
    const names: Record<string, string> = {};
    for (const [id, s] of Object.entries(p.stats.summary)) {
      names[id] = s.name ?? nameOf(id);
      const q = (k: string) => s.percentiles[k] ?? s.median;
      summary[id] = {
        mean: s.mean,
        median: s.median,
        min: s.min,
        max: s.max,
        p5: q('5'),
        p25: q('25'),
        p75: q('75'),
        p95: q('95'),
      };
    }
    return {
      kind: 'batch',
      steps: p.stats.steps,
      runs: p.stats.runs,
      completed: p.stats.completed,
      cancelled: p.stats.completed < p.stats.runs,
      summary,
      names,
      ends: p.endReasons,
    };
  }
  return null;
}
