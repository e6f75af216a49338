import * as delivery from './deliver.js';
import type { MachineState } from './machine-state.js';
import * as kinds from './program.js';
import type { Program } from './program.js';

// Local copies of imported constants and functions (see the note in program.ts).
const { T_POOL } = kinds;
const { available, takeColours } = delivery;

/** A firing converter pulls what each input still lacks, all or nothing, and produces in the same step. */
export function convert(m: MachineState, i: number, depth: number): void {
  const p = m.p;
  const s = p.inStart[i],
    e = p.inStart[i + 1];
  if (!(m.sharedOrigins[i] === 1 ? inputsSufficeShared(m, s, e) : inputsSuffice(m, s, e))) {
    m.satisfied[i] = 0;
    if (m.log !== null) m.event('unsatisfied', i, 'the converter lacks input, so it takes nothing');
    return;
  }
  // Every input's rate was evaluated above (the check ran through): read it from m.rate.
  const rate = m.rate,
    buffer = m.convBuf;
  for (let k = s; k < e; k++) {
    const c = p.inList[k];
    const r = rate[c],
      held = buffer[c];
    const need = r - held;
    // One store of the buffer, with the same two roundings as adding what was taken and then removing the rate.
    if (need > 0) {
      consumeFrom(m, c, need);
      buffer[c] = held + need - r;
    } else buffer[c] = held - r;
  }
  produce(m, i, depth);
  m.satisfied[i] = 1;
}

/** Whether every input in inList[s, e) can deliver what its buffer lacks, when no two share an origin. */
function inputsSuffice(m: MachineState, s: number, e: number): boolean {
  const p = m.p;
  for (let k = s; k < e; k++) {
    const c = p.inList[k];
    const need = m.rateOf(c) - m.convBuf[c];
    if (need > 0 && available(m, c) < need) return false;
  }
  return true;
}

/** inputsSuffice when inputs share an origin: what earlier inputs need from it counts against later ones. */
function inputsSufficeShared(m: MachineState, s: number, e: number): boolean {
  const p = m.p;
  let ok = true;
  for (let k = s; k < e && ok; k++) {
    const c = p.inList[k];
    const need = m.rateOf(c) - m.convBuf[c];
    if (need <= 0) continue;
    const from = p.cFrom[c];
    if (available(m, c) - m.tentative[from] < need) ok = false;
    m.tentative[from] += need;
  }
  for (let k = s; k < e; k++) m.tentative[p.cFrom[p.inList[k]]] = 0;
  return ok;
}

/** Per node: 1 when two of its resource inputs come from the same origin (see inputsSufficeShared). */
export function sharedOrigins(p: Program): Uint8Array {
  const shared = new Uint8Array(p.nodeCount);
  for (let i = 0; i < p.nodeCount; i++) {
    const origins = new Set<number>();
    for (let k = p.inStart[i]; k < p.inStart[i + 1]; k++) origins.add(p.cFrom[p.inList[k]]);
    if (origins.size < p.inStart[i + 1] - p.inStart[i]) shared[i] = 1;
  }
  return shared;
}

/** Resources pushed into a converter wait in its input buffers until every input holds its rate. */
export function receive(m: MachineState, i: number, depth: number): void {
  const p = m.p;
  const s = p.inStart[i],
    e = p.inStart[i + 1];
  for (let round = 0; round < 1000; round++) {
    let any = false;
    for (let k = s; k < e; k++) {
      const c = p.inList[k];
      const r = m.rateOf(c);
      if (m.convBuf[c] < r) return;
      if (r > 0) any = true;
    }
    if (!any) return;
    for (let k = s; k < e; k++) m.convBuf[p.inList[k]] -= m.rateOf(p.inList[k]);
    m.fired[i] = 1;
    m.satisfied[i] = 1;
    produce(m, i, depth);
  }
}

function produce(m: MachineState, i: number, depth: number): void {
  const p = m.p;
  for (let k = p.outStart[i], e = p.outStart[i + 1]; k < e; k++) {
    const c = p.outList[k];
    const amount = m.rateOf(c);
    if (amount > 0) {
      if (m.log !== null) logProduce(m, i, c, amount);
      m.deliver(c, p.cTo[c], amount, p.cColour[c], depth);
    }
  }
}

function logProduce(m: MachineState, i: number, c: number, amount: number): void {
  m.event('produce', i, `${amount} along ${m.p.connIds[c]}`, { connection: c, amount });
}

function consumeFrom(m: MachineState, c: number, amount: number): void {
  const from = m.p.cFrom[c];
  if (m.p.type[from] !== T_POOL) return;
  m.value[from] -= amount;
  if (m.k > 1) {
    takeColours(m, from, amount, m.p.cColour[c], m.p.cShuffle[c] === 1);
    m.moving.fill(0);
  }
}

/** The output of a trader that carries an input's colour (or the output at the same position). */
function matchingOutput(m: MachineState, i: number, c: number): number {
  const p = m.p;
  const s = p.outStart[i],
    e = p.outStart[i + 1];
  for (let k = s; k < e; k++) if (p.cColour[p.outList[k]] === p.cColour[c]) return p.outList[k];
  let pos = 0;
  for (let k = p.inStart[i]; k < p.inStart[i + 1]; k++, pos++) if (p.inList[k] === c) break;
  return s + pos < e ? p.outList[s + pos] : -1;
}

/** A firing trader takes both inputs in full (or nothing) and sends each out along the output of its colour. */
export function trade(m: MachineState, i: number, depth: number): void {
  const p = m.p;
  const s = p.inStart[i],
    e = p.inStart[i + 1];
  let ok = true;
  for (let k = s; k < e && ok; k++) {
    const c = p.inList[k];
    const from = p.cFrom[c];
    if (available(m, c) - m.tentative[from] < m.rateOf(c)) ok = false;
    m.tentative[from] += m.rateOf(c);
  }
  for (let k = s; k < e; k++) m.tentative[p.cFrom[p.inList[k]]] = 0;
  if (!ok) {
    m.satisfied[i] = 0;
    if (m.log !== null) m.event('unsatisfied', i, 'a trader input cannot deliver its full rate, so nothing is traded');
    return;
  }
  for (let k = s; k < e; k++) {
    const c = p.inList[k];
    const amount = m.rateOf(c);
    if (amount <= 0) continue;
    consumeFrom(m, c, amount);
    forwardTrade(m, i, c, amount, p.cColour[c], depth);
  }
  m.satisfied[i] = 1;
}

export function forwardTrade(
  m: MachineState,
  i: number,
  c: number,
  amount: number,
  colour: number,
  depth: number,
): void {
  const out = matchingOutput(m, i, c);
  if (out >= 0) m.deliver(out, m.p.cTo[out], amount, colour, depth);
}
