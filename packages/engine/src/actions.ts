import * as converters from './converter.js';
import * as delivery from './deliver.js';
import * as gates from './gate.js';
import type { MachineState } from './machine-state.js';
import * as kinds from './program.js';
import type { Program } from './program.js';

// Local copies of imported constants and functions (see the note in program.ts).
const { T_CONVERTER, T_DELAY, T_DRAIN, T_GATE, T_POOL, T_SOURCE, T_TRADER } = kinds;
const { convert, trade } = converters;
const { available, roomIn, takeColours } = delivery;
const { routeTrigger } = gates;

/** What firing does to a node, by type and mode (see fireKinds). */
const F_PULL = 0,
  F_SOURCE = 1,
  F_CONVERTER = 2,
  F_PUSH = 3,
  F_TRIGGER_GATE = 4,
  F_TRADER = 5,
  F_NOTHING = 6;

/** Each node's firing kind, from its type, its mode and whether it has resource inputs. */
export function fireKinds(p: Program): Uint8Array {
  const kinds = new Uint8Array(p.nodeCount);
  for (let i = 0; i < p.nodeCount; i++) {
    const type = p.type[i];
    if (type === T_SOURCE) kinds[i] = F_SOURCE;
    else if (type === T_POOL) kinds[i] = p.pushes[i] === 1 ? F_PUSH : F_PULL;
    else if (type === T_DRAIN || type === T_DELAY) kinds[i] = F_PULL;
    else if (type === T_GATE) kinds[i] = p.inStart[i] === p.inStart[i + 1] ? F_TRIGGER_GATE : F_PULL;
    else if (type === T_CONVERTER) kinds[i] = F_CONVERTER;
    else if (type === T_TRADER) kinds[i] = F_TRADER;
    else kinds[i] = F_NOTHING;
  }
  return kinds;
}

/**
 * What a firing node does (ENGINE.md §3, §6 steps 3–5). This function and the ones it calls in the
 * common cases are kept small, with rare work (the event log, colours) in functions of their own: V8
 * inlines a call only into a function whose bytecode is small enough, and within a budget per function.
 */
export function fireNode(m: MachineState, i: number, depth: number): void {
  m.fired[i] = 1;
  if (m.log !== null) logFire(m, i);
  const kind = m.fireKind[i];
  if (kind === F_PULL) pullIn(m, i, depth);
  else if (kind === F_SOURCE) fireSource(m, i, depth);
  else if (kind === F_CONVERTER) convert(m, i, depth);
  else fireOther(m, i, kind, depth);
}

function fireOther(m: MachineState, i: number, kind: number, depth: number): void {
  if (kind === F_PUSH) pushOut(m, i, depth);
  else if (kind === F_TRADER) trade(m, i, depth);
  else {
    if (kind === F_TRIGGER_GATE) routeTrigger(m, i, depth);
    m.satisfied[i] = 1;
  }
}

function logFire(m: MachineState, i: number): void {
  m.event('fire', i, `${m.p.nodeNames[i]} fires`);
}

function fireSource(m: MachineState, i: number, depth: number): void {
  const p = m.p;
  for (let k = p.outStart[i], e = p.outStart[i + 1]; k < e; k++) {
    const c = p.outList[k];
    moveAlong(m, c, m.rateOf(c), depth);
  }
  m.satisfied[i] = 1;
}

function pullIn(m: MachineState, i: number, depth: number): void {
  const p = m.p;
  const s = p.inStart[i],
    e = p.inStart[i + 1];
  if (p.allMode[i] === 1) {
    moveAll(m, i, p.inList, s, e, i, depth);
    return;
  }
  let sat = 1;
  for (let k = s; k < e; k++) {
    const c = p.inList[k];
    const want = m.rateOf(c);
    const avail = available(m, c);
    const got = moveAlong(m, c, want < avail ? want : avail, depth);
    if (got < want) sat = 0;
  }
  m.satisfied[i] = sat;
}

/** pull-all and push-all: every connection in list[s, e) moves its full rate, or none moves (self: -1 when pushing). */
function moveAll(
  m: MachineState,
  i: number,
  list: Int32Array,
  s: number,
  e: number,
  self: number,
  depth: number,
): void {
  if (!canTakeAll(m, s, e, list, self)) {
    m.satisfied[i] = 0;
    if (m.log !== null) logNotAll(m, i, self < 0);
    return;
  }
  for (let k = s; k < e; k++) {
    const c = list[k];
    moveAlong(m, c, m.rateOf(c), depth);
  }
  m.satisfied[i] = 1;
}

function logNotAll(m: MachineState, i: number, pushing: boolean): void {
  const text = pushing
    ? 'push-all: not every output can take its full rate, so nothing moves'
    : 'pull-all: not every input can deliver its full rate, so nothing moves';
  m.event('unsatisfied', i, text);
}

function pushOut(m: MachineState, i: number, depth: number): void {
  const p = m.p;
  const s = p.outStart[i],
    e = p.outStart[i + 1];
  if (p.allMode[i] === 1) {
    moveAll(m, i, p.outList, s, e, -1, depth);
    return;
  }
  let sat = 1;
  for (let k = s; k < e; k++) {
    const c = p.outList[k];
    const want = m.rateOf(c);
    const avail = available(m, c);
    const got = moveAlong(m, c, want < avail ? want : avail, depth);
    if (got < want) sat = 0;
  }
  m.satisfied[i] = sat;
}

/** All-or-nothing check over a list of connections: every origin has enough and every blocking target has room. */
export function canTakeAll(m: MachineState, s: number, e: number, list: Int32Array, self: number): boolean {
  if (self >= 0 && m.sharedOrigins[self] === 0) return canPullAll(m, s, e, list, self);
  const p = m.p;
  let ok = true;
  let total = 0;
  for (let k = s; k < e && ok; k++) {
    const c = list[k];
    const want = m.rateOf(c);
    const from = p.cFrom[c];
    if (available(m, c) - m.tentative[from] < want) ok = false;
    m.tentative[from] += want;
    total += want;
    if (self < 0 && roomIn(m, p.cTo[c], true) < want) ok = false;
  }
  for (let k = s; k < e; k++) m.tentative[p.cFrom[list[k]]] = 0;
  if (ok && self >= 0 && roomIn(m, self, true) < total) ok = false;
  return ok;
}

/** canTakeAll for a node pulling along inputs that come from different origins: no running total per origin. */
function canPullAll(m: MachineState, s: number, e: number, list: Int32Array, self: number): boolean {
  let total = 0;
  for (let k = s; k < e; k++) {
    const c = list[k];
    const want = m.rateOf(c);
    if (available(m, c) < want) return false;
    total += want;
  }
  return !(roomIn(m, self, true) < total);
}

/**
 * Moves up to `amount` along resource connection c from its origin (a pool, or a source that
 * creates them) to its target. A blocking capacity leaves the rest at the origin. Returns what left.
 */
export function moveAlong(m: MachineState, c: number, amount: number, depth: number): number {
  if (amount <= 0) return 0;
  const p = m.p;
  const to = p.cTo[c];
  // roomIn(m, to, true) without its Infinity for the many targets that do not block.
  const cap = m.blockingCapacity[to];
  if (cap >= 0) {
    const room = cap - m.value[to] - m.incoming[to];
    if (room < amount) amount = room > 0 ? room : 0;
  }
  if (amount <= 0) {
    if (m.log !== null) logTransfer(m, c, 0, 'the target is full');
    return 0;
  }
  const from = p.cFrom[c];
  if (p.type[from] === T_POOL) {
    m.value[from] -= amount;
    if (m.k > 1) deliverColours(m, c, from, to, amount, depth);
    else m.deliver(c, to, amount, 0, depth);
  } else m.deliver(c, to, amount, p.cColour[c], depth);
  if (m.log !== null) logTransfer(m, c, amount, '');
  return amount;
}

function logTransfer(m: MachineState, c: number, amount: number, full: string): void {
  const p = m.p;
  if (full) m.event('transfer', p.cFrom[c], full, { connection: c, requested: amount, amount: 0 });
  else m.event('transfer', p.cFrom[c], `${amount} along ${p.connIds[c]}`, { connection: c, amount });
}

function deliverColours(m: MachineState, c: number, from: number, to: number, amount: number, depth: number): void {
  takeColours(m, from, amount, m.p.cColour[c], m.p.cShuffle[c] === 1);
  deliverMoving(m, c, to, depth);
}

function deliverMoving(m: MachineState, c: number, to: number, depth: number): void {
  for (let j = 0; j < m.k; j++) {
    const amt = m.moving[j];
    if (amt > 0) {
      m.moving[j] = 0;
      m.deliver(c, to, amt, j, depth);
    }
  }
}

/** Resources that arrived during the step become available (end of §6 step 5). */
export function commitIncoming(m: MachineState): void {
  const pools = m.pools,
    inc = m.incoming,
    value = m.value;
  for (let j = 0; j < pools.length; j++) {
    const i = pools[j];
    const v = inc[i];
    if (v !== 0) {
      value[i] += v;
      inc[i] = 0;
    }
  }
  if (m.k > 1) {
    const cc = m.cc,
      ci = m.ccIncoming;
    for (let j = 0; j < cc.length; j++) {
      if (ci[j] !== 0) {
        cc[j] += ci[j];
        ci[j] = 0;
        m.ccLast[j] = m.t;
      }
    }
  }
}

/** allocation: synchronous — a pool requested by several nodes for more than it holds serves none of them. */
export function blockOverRequestedPools(m: MachineState): void {
  const p = m.p;
  m.blocked.fill(0);
  const demand = m.tentative;
  const count = m.requesters;
  for (let i = 0; i < m.n; i++) {
    const a = p.activation[i];
    if (!(a === 1 || m.trigNow[i] === 1 || (a === 3 && m.t === 1)) || !m.canFire(i)) continue;
    const pushing = p.pushes[i] === 1 && p.type[i] === T_POOL;
    const s = pushing ? p.outStart[i] : p.inStart[i],
      e = pushing ? p.outStart[i + 1] : p.inStart[i + 1];
    const list = pushing ? p.outList : p.inList;
    for (let k = s; k < e; k++) {
      const c = list[k];
      const from = p.cFrom[c];
      if (p.type[from] !== T_POOL) continue;
      demand[from] += m.rateOf(c);
      count[from]++;
    }
  }
  for (let i = 0; i < m.n; i++) {
    if (count[i] > 1 && demand[i] > m.value[i]) m.blocked[i] = 1;
    demand[i] = 0;
    count[i] = 0;
  }
}

/** Node modifiers computed at the end of the last step change their pools now (start of step). */
export function applyNodeModifiers(m: MachineState): void {
  const p = m.p;
  for (let j = 0; j < m.modTargets.length; j++) {
    const i = m.modTargets[j];
    const total = m.pendingMod[i] + m.modCarry[i];
    m.pendingMod[i] = 0;
    const whole = Math.trunc(total + (total > 0 ? 1e-9 : -1e-9));
    m.modCarry[i] = total - whole;
    if (whole === 0) continue;
    let next = m.value[i] + whole;
    if (next < 0) next = 0;
    const cap = p.capacity[i];
    if (cap >= 0 && next > cap) next = cap;
    const change = next - m.value[i];
    m.value[i] = next;
    if (m.k > 1) {
      if (change > 0) m.cc[i * m.k] += change;
      else if (change < 0) {
        takeColours(m, i, -change, 0, false);
        m.moving.fill(0);
      }
    }
  }
}
