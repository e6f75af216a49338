import type { BatchResult } from '../batch.js';
import type { ImportWarning } from '../import/index.js';
import { countOf } from '../words.js';

/** The --json document: runs (steps, end, final, series) and the per-step summary. */
export function formatJson(result: BatchResult, summaryOnly: boolean): string {
  const runs = (result.runResults ?? []).map((r) =>
    summaryOnly
      ? { steps: r.steps, end: r.end, final: r.final }
      : { steps: r.steps, end: r.end, final: r.final, series: r.series },
  );
  const out = { runs, summary: result.summary, ends: result.ends, meanSteps: result.meanSteps };
  // One run per line keeps large outputs readable without pretty-printing megabytes.
  const lines = runs.map((r) => `    ${JSON.stringify(r)}`).join(',\n');
  const summary = Object.entries(out.summary)
    .map(([id, s]) => `    ${JSON.stringify(id)}: ${JSON.stringify(s)}`)
    .join(',\n');
  return `{\n  "runs": [\n${lines}\n  ],\n  "summary": {\n${summary}\n  },\n  "ends": ${JSON.stringify(out.ends)},\n  "meanSteps": ${out.meanSteps}\n}\n`;
}

export function formatText(result: BatchResult, names: string[], charted: Int32Array): string {
  const lines: string[] = [];
  const ends = Object.entries(result.ends)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  lines.push(
    `${countOf(result.completed, 'run')}, seed ${result.seed}, up to ${countOf(result.stepsLimit, 'step')}; mean steps ${fmt(result.meanSteps)}; ends: ${ends}`,
  );
  const ids = Object.keys(result.summary);
  if (result.runs === 1 && result.runResults?.[0]) {
    const r = result.runResults[0];
    lines.push('', pad('node', 20) + 'final   series');
    ids.forEach((id, k) =>
      lines.push(
        pad(names[charted[k]] === id ? id : `${id} (${names[charted[k]]})`, 20) +
          pad(fmt(r.final[id]), 8) +
          (r.series[id] ?? []).map(fmt).join(' '),
      ),
    );
  } else {
    const t = result.steps - 1;
    lines.push(
      '',
      `at the last step (${result.steps}):`,
      pad('node', 20) + ['mean', 'median', 'min', 'max', 'p5', 'p95'].map((h) => pad(h, 11)).join(''),
    );
    for (const id of ids) {
      const s = result.summary[id];
      const row = [s.mean[t], s.median[t], s.min[t], s.max[t], s.p5?.[t], s.p95?.[t]];
      lines.push(pad(id, 20) + row.map((v) => pad(v === undefined ? '-' : fmt(v), 11)).join(''));
    }
  }
  return `${lines.join('\n')}\n`;
}

function fmt(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(3);
}
function pad(s: string, n: number): string {
  return s.length >= n ? `${s} ` : s + ' '.repeat(n - s.length);
}

/** The import report for standard error: one line per element left out or changed. */
export function formatReport(report: ImportWarning[]): string {
  if (report.length === 0) return '';
  const lines = report.map((w) => `  ${w.id || '(document)'} [${w.kind}]: ${w.message}`);
  return `import report: ${countOf(report.length, 'element')} left out or changed\n${lines.join('\n')}\n`;
}
