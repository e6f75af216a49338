import * as delivery from './deliver.js';
import type { MachineState } from './machine-state.js';
import type { DelayLine } from './delay-line.js';

// Local copies of imported constants and functions (see the note in program.ts).
const { MAX_DEPTH, roomIn } = delivery;

export function delayOf(m: MachineState, c: number): number {
  let d = m.p.cConst[c];
  if (d !== d) d = m.p.cRate[c]!(m);
  return d > 0 ? Math.round(d) : 0;
}

/** A resource entering in step t leaves in step t + d (d = the output's formula, evaluated per resource). */
export function enqueue(m: MachineState, d: number, amount: number, colour: number, depth: number): void {
  const p = m.p;
  const line = m.delays[d]!;
  const t = m.t;
  m.value[d] += amount;
  if (p.outStart[d] === p.outStart[d + 1]) {
    add(line, Infinity, amount, colour); // nowhere to go: held for good
    return;
  }
  const out = p.outList[p.outStart[d]];
  const queue = p.delayQueue[d] === 1;
  if (queue) {
    const wasEmpty = line.end === line.head;
    line.push(NaN, amount, colour);
    if (wasEmpty) line.due[line.head] = t + delayOf(m, out);
  } else if (p.cConst[out] === p.cConst[out]) {
    add(line, t + delayOf(m, out), amount, colour);
  } else {
    for (let u = 0; u < amount; u++) add(line, t + delayOf(m, out), 1, colour);
  }
  // d = 0 leaves at once, unless deep in a chain of immediate hand-overs (then next step).
  // (In a queue only the head's countdown runs: the entries behind it are due NaN.)
  if (depth < MAX_DEPTH && line.end > line.head && (queue ? line.due[line.head] <= t : hasDue(line, t)))
    release(m, d, depth);
}

export function add(line: DelayLine, due: number, amount: number, colour: number): void {
  const last = line.end - 1;
  if (last >= line.head && line.due[last] === due && line.colour[last] === colour) line.count[last] += amount;
  else line.push(due, amount, colour);
}

/** A queue lets one resource go at a time: the next one's countdown starts when the previous one leaves. */
function releaseQueue(m: MachineState, d: number, depth: number): void {
  const p = m.p;
  const out = p.outList[p.outStart[d]];
  const to = p.cTo[out];
  const line = m.delays[d]!;
  const t = m.t;
  while (line.end > line.head && line.due[line.head] <= t) {
    if (roomIn(m, to, true) < 1) return;
    m.value[d] -= 1;
    m.deliver(out, to, 1, line.colour[line.head], depth + 1);
    if (--line.count[line.head] === 0) line.shift();
    if (line.end > line.head) line.due[line.head] = t + delayOf(m, out);
  }
}

export function hasDue(line: DelayLine, t: number): boolean {
  for (let j = line.head; j < line.end; j++) if (line.due[j] <= t) return true;
  return false;
}

export function releaseDelays(m: MachineState): void {
  for (let j = 0; j < m.delayNodes.length; j++) {
    const d = m.delayNodes[j];
    if (m.delays[d]!.size > 0) release(m, d, 0);
  }
}

export function release(m: MachineState, d: number, depth: number): void {
  const p = m.p;
  if (p.outStart[d] === p.outStart[d + 1]) return;
  if (p.delayQueue[d] === 1) {
    releaseQueue(m, d, depth);
    return;
  }
  const out = p.outList[p.outStart[d]];
  const to = p.cTo[out];
  const line = m.delays[d]!;
  const t = m.t;
  let w = line.head;
  for (let j = line.head; j < line.end; j++) {
    if (line.due[j] <= t) {
      const room = roomIn(m, to, true);
      const sent = line.count[j] < room ? line.count[j] : room;
      if (sent > 0) {
        m.value[d] -= sent;
        m.deliver(out, to, sent, line.colour[j], depth + 1);
        line.count[j] -= sent;
      }
    }
    if (line.count[j] > 0) {
      line.due[w] = line.due[j];
      line.count[w] = line.count[j];
      line.colour[w] = line.colour[j];
      w++;
    }
  }
  line.end = w;
  if (w === line.head) line.clear();
}
