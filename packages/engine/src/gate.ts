import * as roles from './formula/roles.js';
import type { MachineState } from './machine-state.js';
import * as kinds from './program.js';

// Local copies of imported constants and functions (see the note in program.ts).
const { G_CONDITION, G_PERCENT } = kinds;
const { holds } = roles;

const ELSE = 7;

/** A gate routes each arriving resource at once along its outputs. */
export function route(m: MachineState, g: number, amount: number, colour: number, depth: number): void {
  const p = m.p;
  m.fired[g] = 1;
  m.satisfied[g] = 1;
  distribute(m, g, amount);
  for (let k = p.gOutStart[g], e = p.gOutStart[g + 1]; k < e; k++) {
    const c = p.gOutList[k];
    const count = m.gateOut[c];
    if (count > 0) {
      m.gateOut[c] = 0;
      if (m.log !== null) logRoute(m, g, c, count);
      m.deliver(c, p.cTo[c], count, colour, depth);
    }
  }
}

function logRoute(m: MachineState, g: number, c: number, count: number): void {
  m.event('route', g, `${count} to ${m.p.nodeIds[m.p.cTo[c]]}`, { connection: c, amount: count });
}

/** A trigger gate (no resource inputs) routes one virtual resource along its state outputs, firing the chosen targets. */
export function routeTrigger(m: MachineState, g: number, depth: number): void {
  const p = m.p;
  distribute(m, g, 1);
  for (let k = p.gOutStart[g], e = p.gOutStart[g + 1]; k < e; k++) {
    const c = p.gOutList[k];
    if (m.gateOut[c] > 0) {
      m.gateOut[c] = 0;
      fireTarget(m, p.cTo[c], depth);
    }
  }
}

/** A trigger reaching a node: it fires next step, or at once with triggerTiming: sameStep. */
export function fireTarget(m: MachineState, target: number, depth: number): void {
  if (m.log !== null) m.event('trigger', target, `${m.p.nodeNames[target]} is triggered`);
  if (!m.sameStep) {
    m.trigNext[target] = 1;
    m.triggered = true;
    return;
  }
  if (m.canFire(target) && m.mayHandOver(depth)) m.fire(target, depth + 1);
}

/** Counts into m.gateOut how many of `amount` resources each output gets (conditions may copy). */
function distribute(m: MachineState, g: number, amount: number): void {
  const p = m.p;
  const s = p.gOutStart[g],
    e = p.gOutStart[g + 1];
  if (s === e) return;
  if (p.gateKind[g] === G_CONDITION) distributeByCondition(m, g, s, e, amount);
  else if (p.gateRandom[g] === 1) distributeAtRandom(m, g, s, e, amount);
  else distributeInTurn(m, g, s, e, amount);
}

function distributeByCondition(m: MachineState, g: number, s: number, e: number, amount: number): void {
  const p = m.p;
  const out = m.gateOut;
  for (let u = 0; u < amount; u++) {
    const v = p.gateRandom[g] === 1 ? p.diagramDice(m) : ++m.gateCounter[g];
    let any = false;
    for (let k = s; k < e; k++) {
      const c = p.gOutList[k];
      const op = p.cOp[c];
      if (op !== ELSE && holds(op, p.cA[c], p.cB[c], v)) {
        out[c]++;
        any = true;
      }
    }
    if (!any) for (let k = s; k < e; k++) if (p.cOp[p.gOutList[k]] === ELSE) out[p.gOutList[k]]++;
  }
}

/** Output i with probability w_i/Σw (percentages: the rest is destroyed). */
function distributeAtRandom(m: MachineState, g: number, s: number, e: number, amount: number): void {
  const p = m.p;
  const out = m.gateOut,
    rate = m.rate;
  // Each output's weight is evaluated once per step (weightOf, in the total), then read from m.rate.
  let total = 0;
  for (let k = s; k < e; k++) total += m.weightOf(p.gOutList[k]);
  const span = p.gateKind[g] === G_PERCENT && total < 100 ? 100 : total;
  if (!(span > 0)) return;
  for (let u = 0; u < amount; u++) {
    let r = m.rng.next() * span;
    if (r >= total) continue;
    for (let k = s; k < e; k++) {
      const c = p.gOutList[k];
      r -= rate[c];
      if (r < 0) {
        out[c]++;
        break;
      }
    }
  }
}

/** Deterministic: a cyclic counter over Σw slots in output order, persisting across steps. */
function distributeInTurn(m: MachineState, g: number, s: number, e: number, amount: number): void {
  const p = m.p;
  const out = m.gateOut,
    rate = m.rate;
  let total = 0;
  for (let k = s; k < e; k++) total += Math.round(m.weightOf(p.gOutList[k]));
  const span = p.gateKind[g] === G_PERCENT && total < 100 ? 100 : total;
  if (!(span > 0)) return;
  const counter = below(m.gateCounter[g], span);
  const full = Math.floor(amount / span);
  const rem = amount - full * span;
  if (full > 0) for (let k = s; k < e; k++) out[p.gOutList[k]] += Math.round(rate[p.gOutList[k]]) * full;
  for (let j = 0; j < rem; j++) {
    let slot = below(counter + j, span);
    if (slot >= total) continue;
    for (let k = s; k < e; k++) {
      const c = p.gOutList[k];
      slot -= Math.round(rate[c]);
      if (slot < 0) {
        out[c]++;
        break;
      }
    }
  }
  m.gateCounter[g] = below(counter + amount, span);
}

/**
 * x % span, mostly without the floating-point remainder (a call into C in optimised code): for
 * 0 ≤ x < 2·span, x itself or x − span is exactly the same value.
 */
export function below(x: number, span: number): number {
  if (x >= 0 && x < span) return x;
  return x >= span && x < 2 * span ? x - span : x % span;
}
