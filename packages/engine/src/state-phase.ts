import * as flags from './flags.js';
import * as roles from './formula/roles.js';
import type { MachineState } from './machine-state.js';
import * as kinds from './program.js';

// Local copies of imported constants and functions (see the note in program.ts).
const { C_INTERVAL_MOD, C_LABEL_MOD, C_LABEL_SET, C_NODE_SET, C_TRIGGER, T_POOL } = kinds;
const { setFlags } = flags;
const { holds } = roles;

function originValue(m: MachineState, e: number): number {
  const p = m.p;
  const o = p.cFrom[e];
  // Colours first only in a coloured machine: elsewhere the colour filter is not even read.
  if (m.k > 1) {
    const col = p.cColour[e];
    if (col > 0 && p.type[o] === T_POOL) return m.cc[o * m.k + col];
  }
  return m.value[o];
}

/** Passive registers, in dependency order, from the values at the end of the step. */
export function recomputeRegisters(m: MachineState): void {
  const p = m.p;
  const order = p.regOrder;
  for (let j = 0; j < order.length; j++) {
    const r = order[j];
    const ev = p.regEval[r];
    if (ev === null) continue;
    let v = ev(m);
    if (v < p.regMin[r]) v = p.regMin[r];
    if (v > p.regMax[r]) v = p.regMax[r];
    m.value[r] = v;
  }
}

/** Label and node modifiers: L(t+1) = L(t) + M·ΔS(t); node modifiers are applied at the start of t+1. */
export function applyModifiers(m: MachineState): void {
  const p = m.p;
  const mods = p.modifiers;
  const gated = p.connActivators.length > 0;
  for (let j = 0; j < mods.length; j++) {
    const e = mods[j];
    const now = originValue(m, e);
    const last = m.lastSeen[e];
    m.lastSeen[e] = now;
    const kind = p.cKind[e];
    if (gated && m.connOk[e] === 0) continue;
    if (kind === C_LABEL_SET) {
      m.labelSet[p.cTargetConn[e]] = now;
      continue;
    }
    if (now === last) continue;
    if (kind === C_NODE_SET) {
      const to = p.cTo[e];
      if (to >= 0) m.pendingMod[to] = now - m.value[to] - m.modCarry[to];
      continue;
    }
    if (kind === C_INTERVAL_MOD) {
      m.intervalDelta[p.cTargetConn[e]] += p.cA[e] * (now - last);
      continue;
    }
    if (kind === C_LABEL_MOD) {
      m.labelDelta[p.cTargetConn[e]] += p.cA[e] * (now - last);
    } else {
      const to = p.cTo[e];
      if (to < 0) continue;
      const per = p.cB[e];
      m.pendingMod[to] += per > 0 ? p.cA[e] * (Math.floor(now / per) - Math.floor(last / per)) : p.cA[e] * (now - last);
    }
  }
}

/** Activators decide who may fire in the next step (end conditions use the same check). */
export function evaluateActivators(m: MachineState): void {
  const p = m.p;
  setFlags(m.actOkWords);
  const acts = p.activators;
  for (let j = 0; j < acts.length; j++) {
    const a = acts[j];
    if (!holds(p.cOp[a], p.cA[a], p.cB[a], originValue(m, a))) m.actOk[p.cTo[a]] = 0;
  }
  const conns = p.connActivators;
  if (conns.length === 0) return;
  m.connOk.fill(1);
  for (let j = 0; j < conns.length; j++) {
    const a = conns[j];
    if (!holds(p.cOp[a], p.cA[a], p.cB[a], originValue(m, a))) {
      const target = p.cTargetConn[a];
      m.connOk[target] = 0;
      // An inactive resource connection moves nothing next step: its rate for t+1 is cached as 0.
      m.rateStep[target] = m.t + 1;
      m.rate[target] = 0;
    }
  }
}

/** Satisfied nodes emit `*`, unsatisfied ones `!`: targets fire next step, or now with triggerTiming: sameStep. */
export function runTriggers(m: MachineState): void {
  const p = m.p;
  const trig = p.triggers;
  const gated = p.connActivators.length > 0;
  if (!m.sameStep) {
    for (let j = 0; j < trig.length; j++) {
      const e = trig[j];
      const o = p.cFrom[e];
      if (m.fired[o] === 1 && (!gated || m.connOk[e] === 1) && (m.satisfied[o] === 1) === (p.cKind[e] === C_TRIGGER)) {
        m.trigNext[p.cTo[e]] = 1;
        m.triggered = true;
        if (m.log !== null) m.event('trigger', p.cTo[e], `triggered by ${p.nodeIds[o]}`, { connection: e });
      }
    }
    return;
  }
  m.usedEdge.fill(0);
  for (let progress = true; progress;) {
    progress = false;
    for (let j = 0; j < trig.length; j++) {
      const e = trig[j];
      const o = p.cFrom[e];
      if (
        m.usedEdge[e] === 0 &&
        m.fired[o] === 1 &&
        (!gated || m.connOk[e] === 1) &&
        (m.satisfied[o] === 1) === (p.cKind[e] === C_TRIGGER)
      ) {
        m.usedEdge[e] = 1;
        progress = true;
        const target = p.cTo[e];
        if (m.log !== null) m.event('trigger', target, `triggered by ${p.nodeIds[o]}`, { connection: e });
        if (m.canFire(target)) m.fire(target, 1);
      }
    }
  }
}
