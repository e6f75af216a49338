import type { MachineState } from './machine-state.js';
import * as kinds from './program.js';
import type { Program } from './program.js';

// Local copies of imported constants (see the note in program.ts).
const { T_POOL, T_SOURCE } = kinds;

/** Pool room and what an origin can give: helpers the delivery modules share (the machine dispatches, see Machine.deliver). */

/** Bound on chains of immediate hand-overs (gate → gate, converter ↔ delay with d = 0, …) within one step. */
export const MAX_DEPTH = 64;

/**
 * Bound on all immediate hand-overs within one step. Depth alone does not bound the work: a loop of
 * gates and converters that fan out can branch at every level (2^64 paths), so a step would never end.
 */
export const MAX_HAND_OVERS_PER_STEP = 100_000;

/** Free space in a pool (Infinity for anything else). With blockingOnly, pools that overflow by draining count as unlimited. */
export function roomIn(m: MachineState, node: number, blockingOnly: boolean): number {
  const cap = blockingOnly ? m.blockingCapacity[node] : m.capacity[node];
  if (cap < 0) return Infinity;
  const room = cap - m.value[node] - m.incoming[node];
  return room > 0 ? room : 0;
}

/**
 * Per node, the capacity that limits what it can receive (-1: none, for anything but a pool with a
 * capacity), and the part of it that blocks (-1 also when the pool overflows by draining).
 */
export function capacities(p: Program): { capacity: Float64Array; blockingCapacity: Float64Array } {
  const capacity = new Float64Array(p.nodeCount).fill(-1);
  const blockingCapacity = new Float64Array(p.nodeCount).fill(-1);
  for (let i = 0; i < p.nodeCount; i++) {
    if (p.type[i] !== T_POOL || p.capacity[i] < 0) continue;
    capacity[i] = p.capacity[i];
    if (p.overflowDrain[i] === 0) blockingCapacity[i] = p.capacity[i];
  }
  return { capacity, blockingCapacity };
}

/**
 * Per connection, whether a transfer along it is plain: uncoloured, unlogged, into a pool without capacity
 * and without triggers on arrival. Delivering along it then only adds to the target's incoming, without
 * deliverToPool's checks.
 */
export function plainTransfers(p: Program, capacity: Float64Array, coloured: boolean, logged: boolean): Uint8Array {
  const plain = new Uint8Array(p.connCount);
  if (coloured || logged) return plain;
  const arrivalTriggers = p.triggersOnArrival.includes(1);
  for (let c = 0; c < p.connCount; c++) {
    const from = p.cFrom[c],
      to = p.cTo[c];
    if (from < 0 || to < 0 || p.type[to] !== T_POOL || capacity[to] >= 0) continue;
    if (arrivalTriggers && p.triggersOnArrival[to] === 1) continue;
    plain[c] = 1;
  }
  return plain;
}

/** How much connection c's origin can give now (start-of-step snapshot less what was already taken). */
export function available(m: MachineState, c: number): number {
  const p = m.p;
  const from = p.cFrom[c];
  const type = p.type[from];
  if (type === T_POOL) {
    // The cheap machine-wide flags first: most machines neither block pools nor count colours.
    if (m.synchronous && m.blocked[from] === 1) return 0;
    if (m.k > 1) {
      const col = p.cColour[c];
      if (col > 0) return m.cc[from * m.k + col];
    }
    return m.value[from];
  }
  if (type === T_SOURCE) return p.disabled[from] === 0 && m.actOk[from] === 1 ? Infinity : 0;
  return 0;
}

/** Debits a pool's colour counts into m.moving: the filter colour, random colours (shuffle) or the latest arrivals first. */
export function takeColours(m: MachineState, pool: number, amount: number, filter: number, shuffle: boolean): void {
  const k = m.k,
    base = pool * k,
    cc = m.cc;
  if (filter > 0) {
    cc[base + filter] -= amount;
    m.moving[filter] += amount;
    return;
  }
  let left = amount;
  if (shuffle) {
    let total = 0;
    for (let j = 0; j < k; j++) total += cc[base + j];
    for (; left > 0 && total > 0; left--, total--) {
      let r = m.rng.int(total);
      let j = 0;
      while (r >= cc[base + j]) r -= cc[base + j++];
      cc[base + j]--;
      m.moving[j]++;
    }
    return;
  }
  while (left > 0) {
    let best = -1;
    for (let j = 0; j < k; j++)
      if (cc[base + j] > 0 && (best < 0 || m.ccLast[base + j] >= m.ccLast[base + best])) best = j;
    if (best < 0) break;
    const take = Math.min(left, cc[base + best]);
    cc[base + best] -= take;
    m.moving[best] += take;
    left -= take;
  }
}
