import * as delivery from '../deliver.js';
import type { Writer } from './writer.js';
import { num } from './writer.js';

// Local copies of imported constants (see the note in program.ts).
const { MAX_DEPTH } = delivery;

/**
 * For each delay of w.delayed: function release_D(m, depth) (release in delay.ts) and, when its output's
 * delay is a constant, function enqueue_D(m, amount, colour, depth) (enqueue); then function
 * releaseDelays(m). The line's arrays are read through the line at every use, as in delay.ts: a delivery
 * can reach the same delay again and make its line grow.
 */
export function writeDelays(w: Writer): void {
  for (const d of w.delayed) {
    writeRelease(w, d);
    if (w.enqueued.has(d)) writeEnqueue(w, d);
  }
  const p = w.p;
  // a delay without outputs holds what it gets for good: release() does nothing for it
  const releasing = Array.from(w.m.delayNodes).filter((d) => p.outStart[d] < p.outStart[d + 1]);
  const calls = w.chunks('releaseDelays', ['const lines = m.delays;'], releasing, (d) => {
    const release = w.delayed.has(d) ? `release_${d}(m, 0)` : `h.release(m, ${d}, 0)`;
    w.line(`{ const line = lines[${d}]; if (line.end - line.head > 0) ${release}; }`);
  });
  w.line(`function releaseDelays(m) { ${calls} }`);
}

function writeRelease(w: Writer, d: number): void {
  const p = w.p;
  const out = p.outList[p.outStart[d]];
  const to = p.cTo[out];
  const cap = w.m.blockingCapacity[to];
  w.line(`function release_${d}(m, depth) {`);
  w.locals();
  w.line(`const line = m.delays[${d}], next = depth + 1;`);
  w.line('let w = line.head;');
  w.line('for (let j = line.head; j < line.end; j++) {');
  w.line('if (line.due[j] <= t) {');
  if (cap >= 0) w.line(`const left = ${num(cap)} - value[${to}] - incoming[${to}], room = left > 0 ? left : 0;`);
  else w.line('const room = Infinity;');
  w.line('const sent = line.count[j] < room ? line.count[j] : room;');
  w.line(`if (sent > 0) { value[${d}] -= sent;`);
  w.line('{ const a = sent, colour = line.colour[j];');
  w.deliver(out, 'colour', 'next');
  w.line('}');
  w.line('line.count[j] -= sent; }');
  w.line('}');
  w.line('if (line.count[j] > 0) {');
  w.line('line.due[w] = line.due[j]; line.count[w] = line.count[j]; line.colour[w] = line.colour[j]; w++;');
  w.line('}');
  w.line('}');
  w.line('line.end = w;');
  w.line('if (w === line.head) line.clear();');
  w.line('}');
}

/** enqueue for a delay of w.enqueued, whose output's delay is a constant (one due step for every resource). */
function writeEnqueue(w: Writer, d: number): void {
  const p = w.p;
  const c = p.cConst[p.outList[p.outStart[d]]];
  const steps = c > 0 ? Math.round(c) : 0; // delayOf
  w.line(`function enqueue_${d}(m, amount, colour, depth) {`);
  w.line(`const line = m.delays[${d}], t = m.t;`);
  w.line(`m.value[${d}] += amount;`);
  w.line(`h.add(line, t + ${num(steps)}, amount, colour);`);
  w.line(`if (depth < ${MAX_DEPTH} && line.end > line.head && h.hasDue(line, t)) release_${d}(m, depth);`);
  w.line('}');
}
