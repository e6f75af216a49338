import { receive, forwardTrade } from './converter.js';
import { enqueue } from './delay.js';
import { route } from './gate.js';
import type { Machine } from './machine.js';
import { T_CONVERTER, T_DELAY, T_GATE, T_POOL, T_TRADER } from './program.js';

/** Bound on chains of immediate hand-overs (gate → gate, converter ↔ delay with d = 0, …) within one step. */
export const MAX_DEPTH = 64;

/** Free space in a pool (Infinity for anything else). With blockingOnly, pools that overflow by draining count as unlimited. */
export function roomIn(m: Machine, node: number, blockingOnly: boolean): number {
  const p = m.p;
  if (p.type[node] !== T_POOL) return Infinity;
  const cap = p.capacity[node];
  if (cap < 0 || (blockingOnly && p.overflowDrain[node] === 1)) return Infinity;
  const room = cap - m.value[node] - m.incoming[node];
  return room > 0 ? room : 0;
}

/** Hands resources that left their origin along connection c to its target node. */
export function deliver(m: Machine, c: number, to: number, amount: number, colour: number, depth: number): void {
  if (amount <= 0) return;
  switch (m.p.type[to]) {
    case T_POOL: {
      const room = roomIn(m, to, false);
      const accepted = amount < room ? amount : room;
      m.incoming[to] += accepted;
      if (m.k > 1) m.ccIncoming[to * m.k + colour] += accepted;
      if (accepted < amount && m.log) m.event('transfer', to, `capacity: ${amount - accepted} destroyed`, { connection: c, requested: amount, amount: accepted });
      return;
    }
    case T_GATE:
      if (depth < MAX_DEPTH) route(m, to, amount, colour, depth + 1);
      return;
    case T_CONVERTER:
      m.convBuf[c] += amount;
      if (depth < MAX_DEPTH) receive(m, to, depth + 1);
      return;
    case T_DELAY:
      enqueue(m, to, amount, colour, depth + 1);
      return;
    case T_TRADER:
      if (depth < MAX_DEPTH) forwardTrade(m, to, c, amount, colour, depth + 1);
      return;
    default:
      // Drains (and anything that cannot hold resources) destroy what they get.
      return;
  }
}
