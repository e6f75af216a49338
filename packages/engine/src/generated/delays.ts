import * as delivery from '../deliver.js';
import type { Writer } from './writer.js';
import { LOCALS, num } from './writer.js';

// Local copies of imported constants (see the note in program.ts).
const { MAX_DEPTH } = delivery;

/**
 * For each delay with an output: function release_D(m, depth) (release in delay.ts) and function
 * enqueue_D(m, amount, colour, depth) (enqueue); then function releaseDelays(m). (A delay without outputs
 * holds what it gets for good: release does nothing for it, and what it gets goes through enqueue.) The
 * line's arrays are read through the line at every use, as in delay.ts: a delivery can reach the same
 * delay again and make its line grow.
 */
export function writeDelays(w: Writer): void {
  for (const d of w.delayed) {
    if (w.p.delayQueue[d] === 1) {
      writeReleaseQueue(w, d);
      writeEnqueueQueue(w, d);
    } else {
      writeRelease(w, d);
      writeEnqueue(w, d);
    }
  }
  // Machine.delayNodes: a disabled delay holds what it gets
  const releasing = Array.from(w.delayed).filter((d) => w.p.disabled[d] === 0);
  const calls = w.chunks('releaseDelays', ['const lines = m.delays;'], releasing, (d) =>
    w.line(`{ const line = lines[${d}]; if (line.end - line.head > 0) release_${d}(m, 0); }`),
  );
  w.line(`function releaseDelays(m) { ${calls} }`);
}

/** The output of delay d. */
function outputOf(w: Writer, d: number): number {
  return w.p.outList[w.p.outStart[d]];
}

/** delayOf(m, output of d) as an expression: the steps a resource entering now waits. */
function waitOf(w: Writer, d: number): string {
  const out = outputOf(w, d);
  const k = w.p.cConst[out];
  if (k === k) return num(k > 0 ? Math.round(k) : 0);
  return `h.delayOf(m, ${out})`;
}

/** Opens function release_D(m, depth) with its locals; gives the output, its target and the target's blocking capacity. */
function openRelease(w: Writer, d: number): { out: number; to: number; cap: number } {
  const out = outputOf(w, d);
  const to = w.p.cTo[out];
  w.line(`function release_${d}(m, depth) {`);
  w.line(LOCALS);
  w.line(`const line = m.delays[${d}], next = depth + 1;`);
  return { out, to, cap: w.m.blockingCapacity[to] };
}

function writeRelease(w: Writer, d: number): void {
  const { out, to, cap } = openRelease(w, d);
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

/** releaseQueue (delay.ts): one resource at a time, the next one's countdown starting when one leaves. */
function writeReleaseQueue(w: Writer, d: number): void {
  const { out, to, cap } = openRelease(w, d);
  w.line('while (line.end > line.head && line.due[line.head] <= t) {');
  // roomIn(m, to, true) < 1
  if (cap >= 0)
    w.line(`{ const left = ${num(cap)} - value[${to}] - incoming[${to}]; if ((left > 0 ? left : 0) < 1) return; }`);
  w.line(`value[${d}] -= 1;`);
  w.line('{ const a = 1, colour = line.colour[line.head];');
  w.deliver(out, 'colour', 'next');
  w.line('}');
  w.line('if (--line.count[line.head] === 0) line.shift();');
  w.line(`if (line.end > line.head) line.due[line.head] = t + ${waitOf(w, d)};`);
  w.line('}');
  w.line('}');
}

function writeEnqueue(w: Writer, d: number): void {
  const wait = waitOf(w, d);
  w.line(`function enqueue_${d}(m, amount, colour, depth) {`);
  w.line(`const line = m.delays[${d}], t = m.t;`);
  w.line(`m.value[${d}] += amount;`);
  // a constant wait: every resource is due the same step; else each draws its own
  if (w.p.cConst[outputOf(w, d)] === w.p.cConst[outputOf(w, d)]) w.line(`h.add(line, t + ${wait}, amount, colour);`);
  else w.line(`for (let u = 0; u < amount; u++) h.add(line, t + ${wait}, 1, colour);`);
  w.line(`if (depth < ${MAX_DEPTH} && line.end > line.head && h.hasDue(line, t)) release_${d}(m, depth);`);
  w.line('}');
}

/** enqueue for a queue: only the head's countdown runs (the entries behind it are due NaN). */
function writeEnqueueQueue(w: Writer, d: number): void {
  w.line(`function enqueue_${d}(m, amount, colour, depth) {`);
  w.line(`const line = m.delays[${d}], t = m.t;`);
  w.line(`m.value[${d}] += amount;`);
  w.line('const wasEmpty = line.end === line.head;');
  w.line('line.push(NaN, amount, colour);');
  w.line(`if (wasEmpty) line.due[line.head] = t + ${waitOf(w, d)};`);
  w.line(`if (depth < ${MAX_DEPTH} && line.end > line.head && line.due[line.head] <= t) release_${d}(m, depth);`);
  w.line('}');
}
