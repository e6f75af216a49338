import * as kinds from '../program.js';
import type { Writer } from './writer.js';
import { num } from './writer.js';

// Local copies of imported constants (see the note in program.ts).
const { C_INTERVAL_MOD, C_LABEL_MOD, C_LABEL_SET, C_NODE_SET } = kinds;

/** function rate_C(m): Machine.evaluateRate(C) for each connection w.rate() wrote a call for. */
export function writeRates(w: Writer): void {
  const p = w.p;
  const setTargets = new Set<number>();
  for (const e of p.modifiers) if (p.cKind[e] === C_LABEL_SET) setTargets.add(p.cTargetConn[e]);
  for (const c of w.rateCalls) {
    const k = p.cConst[c];
    w.line(`function rate_${c}(m) {`);
    w.line(`let raw = ${k === k ? num(k) : `h.cRate[${c}](m)`};`);
    // a label only ever set by `=` modifiers (labelSet is NaN elsewhere)
    if (setTargets.has(c)) w.line(`const set = m.labelSet[${c}]; if (set === set) raw = set;`);
    if (p.cEvery[c] !== null) interval(w, c);
    w.line('let amount;');
    w.line('if (!(raw > 0)) amount = 0;');
    w.line('else if (raw === Math.floor(raw)) amount = raw;');
    w.line(`else { const v = raw + m.carry[${c}]; amount = Math.floor(v + 1e-9); m.carry[${c}] = v - amount; }`);
    w.line(`m.rate[${c}] = amount; m.rateStep[${c}] = m.t;`);
    w.line('return amount;');
    w.line('}');
  }
}

/** function commit(m): commitIncoming (actions.ts) in an uncoloured machine, pool by pool. */
export function writeCommit(w: Writer): void {
  const calls = w.chunks('commit', ['const value = m.value, incoming = m.incoming;'], w.m.pools, (i) =>
    w.line(`{ const v = incoming[${i}]; if (v !== 0) { value[${i}] += v; incoming[${i}] = 0; } }`),
  );
  w.line(`function commit(m) { ${calls} }`);
}

/** function record(m, rows, at, limit): the charted values into rows[at], rows[at + limit], … (see run.ts). */
export function writeRecord(w: Writer): void {
  const charted = w.p.charted;
  const positions = Array.from(charted, (_, s) => s);
  const each = (s: number): void => w.line(`rows[${s === 0 ? 'at' : `at + ${s} * limit`}] = value[${charted[s]}];`);
  const calls = w.chunks('record', ['const value = m.value;'], positions, each, 'm, rows, at, limit');
  w.line(`function record(m, rows, at, limit) { ${calls} }`);
}

/** A rate's interval (`x|y`): the countdown to the step it moves, nothing before. */
function interval(w: Writer, c: number): void {
  const added = w.m.intervalMods ? ` + m.intervalDelta[${c}]` : '';
  w.line(`let cd = m.countdown[${c}];`);
  w.line(`if (cd !== cd) cd = h.cEvery[${c}](m)${added};`);
  w.line('cd -= 1;');
  w.line(`if (cd <= 0) m.countdown[${c}] = NaN; else { m.countdown[${c}] = cd; raw = 0; }`);
}

/** function registers(m): recomputeRegisters (state-phase.ts), each register's evaluation and bounds written out. */
export function writeRegisters(w: Writer): void {
  const p = w.p;
  const evaluated = Array.from(p.regOrder).filter((r) => p.regEval[r] !== null);
  const calls = w.chunks('registers', ['const value = m.value, E = h.regEval;'], evaluated, (r) => {
    const min = p.regMin[r],
      max = p.regMax[r];
    w.line(`{ let v = E[${r}](m);`);
    if (min !== -Infinity) w.line(`if (v < ${num(min)}) v = ${num(min)};`);
    if (max !== Infinity) w.line(`if (v > ${num(max)}) v = ${num(max)};`);
    w.line(`value[${r}] = v; }`);
  });
  w.line(`function registers(m) { ${calls} }`);
}

/** function modifiers(m): applyModifiers (state-phase.ts) in an uncoloured machine, each modifier written out. */
export function writeModifiers(w: Writer): void {
  const p = w.p;
  const gated = p.connActivators.length > 0;
  const head = ['const value = m.value, lastSeen = m.lastSeen, connOk = m.connOk, pendingMod = m.pendingMod;'];
  const calls = w.chunks('modifiers', head, p.modifiers, (e) => {
    w.line(`{ const now = value[${p.cFrom[e]}], last = lastSeen[${e}];`);
    w.line(`lastSeen[${e}] = now;`);
    if (gated) w.line(`if (connOk[${e}] !== 0) {`);
    modifier(w, e);
    if (gated) w.line('}');
    w.line('}');
  });
  w.line(`function modifiers(m) { ${calls} }`);
}

function modifier(w: Writer, e: number): void {
  const p = w.p;
  const kind = p.cKind[e],
    to = p.cTo[e],
    target = p.cTargetConn[e],
    a = num(p.cA[e]),
    per = p.cB[e];
  if (kind === C_LABEL_SET) w.line(`m.labelSet[${target}] = now;`);
  else if (kind === C_NODE_SET) {
    if (to >= 0) w.line(`if (now !== last) pendingMod[${to}] = now - value[${to}] - m.modCarry[${to}];`);
  } else if (kind === C_INTERVAL_MOD) w.line(`if (now !== last) m.intervalDelta[${target}] += ${a} * (now - last);`);
  else if (kind === C_LABEL_MOD) w.line(`if (now !== last) m.labelDelta[${target}] += ${a} * (now - last);`);
  else if (to < 0) return;
  else if (per > 0) {
    const n = num(per);
    w.line(`if (now !== last) pendingMod[${to}] += ${a} * (Math.floor(now / ${n}) - Math.floor(last / ${n}));`);
  } else w.line(`if (now !== last) pendingMod[${to}] += ${a} * (now - last);`);
}

/** function activators(m): evaluateActivators (state-phase.ts) in an uncoloured machine, each condition written out. */
export function writeActivators(w: Writer): void {
  const p = w.p;
  const nodes = w.chunks('nodeActivators', ['const value = m.value, actOk = m.actOk;'], p.activators, (a) =>
    w.line(`if (!${holds(w, a)}) actOk[${p.cTo[a]}] = 0;`),
  );
  const head = ['const value = m.value, connOk = m.connOk, rate = m.rate, rateStep = m.rateStep, next = m.t + 1;'];
  const connections = w.chunks('connActivators', head, p.connActivators, (a) => {
    const target = p.cTargetConn[a];
    // an inactive resource connection moves nothing next step: its rate for t + 1 is cached as 0
    w.line(`if (!${holds(w, a)}) { connOk[${target}] = 0; rateStep[${target}] = next; rate[${target}] = 0; }`);
  });
  const conns = p.connActivators.length > 0 ? `m.connOk.fill(1); ${connections}` : '';
  w.line(`function activators(m) { h.setFlags(m.actOkWords); ${nodes} ${conns} }`);
}

/** The comparisons of condition ops 0–5 (COND_OPS in roles.ts: > >= < <= == !=). */
const COMPARISONS = ['>', '>=', '<', '<=', '===', '!=='];
const RANGE = 6;

/** holds(cOp, cA, cB, origin value) of state connection e (roles.ts) as an expression. */
function holds(w: Writer, e: number): string {
  const p = w.p;
  const v = `value[${p.cFrom[e]}]`,
    op = p.cOp[e],
    a = num(p.cA[e]);
  if (op >= 0 && op < COMPARISONS.length) return `(${v} ${COMPARISONS[op]} ${a})`;
  return op === RANGE ? `(${v} >= ${a} && ${v} <= ${num(p.cB[e])})` : 'false';
}
