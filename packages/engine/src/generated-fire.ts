import * as actions from './actions.js';
import * as converters from './converter.js';
import * as delays from './delay.js';
import * as delivery from './deliver.js';
import * as gates from './gate.js';
import type { MachineState } from './machine-state.js';
import * as kinds from './program.js';
import type { Program } from './program.js';

// Local copies of imported constants (see the note in program.ts).
const { A_AUTOMATIC, C_GATE_TRIGGER, C_LABEL_SET, C_RESOURCE, G_CONDITION, G_PERCENT } = kinds;
const { T_CONVERTER, T_DELAY, T_DRAIN, T_GATE, T_POOL, T_SOURCE, T_TRADER } = kinds;

/**
 * The firing of a program's automatic nodes as one function written for that program (Node only): the
 * same work as Machine.fireAutomatic through fireNode, with the diagram's structure (node kinds,
 * connection lists, capacities, constant rates) written into the code instead of read from the program
 * at every firing. Every value and random draw is the same as the general path's, in the same order.
 * It serves the commonest machine (no event log, no colours, asynchronous allocation); any other runs
 * the general path, and so does the browser, whose content policy forbids compiling code.
 */
export type GeneratedFire = (m: MachineState) => void;

/** Node firing kinds (see fireKinds in actions.ts). */
const F_PULL = 0,
  F_SOURCE = 1,
  F_CONVERTER = 2,
  F_PUSH = 3;

/** Above this many characters V8 would not optimise the function: the general path is faster then. */
const MAX_SOURCE = 60_000;

const enabled =
  typeof process === 'object' &&
  typeof process.versions === 'object' &&
  typeof process.versions.node === 'string' &&
  process.env.LOOPWRIGHT_ENGINE_INTERPRET !== '1';

const generated = new WeakMap<Program, GeneratedFire | null>();

/** The generated firing for machine m's program, or null when m needs the general path. */
export function generatedFireFor(m: MachineState, interactive: boolean): GeneratedFire | null {
  if (!enabled || interactive || m.log !== null || m.k > 1 || m.synchronous) return null;
  let fire = generated.get(m.p);
  if (fire === undefined) generated.set(m.p, (fire = generate(m)));
  return fire;
}

function generate(m: MachineState): GeneratedFire | null {
  const body = new FireWriter(m).write();
  if (body.length > MAX_SOURCE) return null;
  try {
    // Compiling code is the point here; its text comes from the program's numbers, never from a formula's text.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const factory = new Function('h', `"use strict";\n${body}`) as (helpers: object) => GeneratedFire;
    return factory({ ...actions, ...converters, ...delays, ...gates, MAX_DEPTH: delivery.MAX_DEPTH });
  } catch {
    return null;
  }
}

/** Writes the source of one program's generated firing. */
class FireWriter {
  private readonly p: Program;
  /** Connections whose rate is the same number in every step (see staticRateConnections in machine.ts). */
  private readonly fixedRate = new Map<number, number>();
  private readonly out: string[] = [];
  /** Gates with a function of their own in the generated code (route_G). */
  private readonly routed = new Set<number>();

  constructor(private readonly m: MachineState) {
    this.p = m.p;
    const p = this.p;
    const setTargets = new Set<number>();
    for (const e of p.modifiers) if (p.cKind[e] === C_LABEL_SET) setTargets.add(p.cTargetConn[e]);
    // An activator on a connection writes its rate for the next step: those rates are read, not written in.
    for (const a of p.connActivators) setTargets.add(p.cTargetConn[a]);
    for (let c = 0; c < p.connCount; c++) {
      const kind = p.cKind[c];
      if ((kind !== C_RESOURCE && kind !== C_GATE_TRIGGER) || p.cFrom[c] < 0 || p.cTo[c] < 0) continue;
      const v = p.cConst[c];
      if (v !== v || p.cEvery[c] !== null || setTargets.has(c)) continue;
      if (v > 0 && v !== Math.floor(v)) continue;
      this.fixedRate.set(c, v > 0 ? v : 0);
    }
    for (let g = 0; g < p.nodeCount; g++) if (this.routesInline(g)) this.routed.add(g);
  }

  write(): string {
    const p = this.p;
    for (const g of this.routed) this.routeFunction(g);
    this.line('return function generatedFire(m) {');
    this.line('const actOk = m.actOk, fired = m.fired, satisfied = m.satisfied, value = m.value;');
    this.line('const incoming = m.incoming, rate = m.rate, rateStep = m.rateStep, convBuf = m.convBuf, t = m.t;');
    for (let i = 0; i < p.nodeCount; i++) {
      if (p.activation[i] !== A_AUTOMATIC || p.disabled[i] === 1) continue;
      this.line(`if (actOk[${i}] === 1) {`);
      this.fireNode(i);
      this.line('}');
    }
    this.line('};');
    return this.out.join('\n');
  }

  private line(text: string): void {
    this.out.push(text);
  }

  /** fireNode(m, i, 0) without the event log. */
  private fireNode(i: number): void {
    const p = this.p;
    const kind = this.m.fireKind[i];
    const all = p.allMode[i] === 1;
    if (kind === F_SOURCE) {
      this.line(`fired[${i}] = 1;`);
      for (let k = p.outStart[i]; k < p.outStart[i + 1]; k++) {
        const c = p.outList[k];
        this.line(`{ let a = ${this.rate(c)};`);
        this.moveAlong(c, null);
        this.line('}');
      }
      this.line(`satisfied[${i}] = 1;`);
    } else if ((kind === F_PULL || kind === F_PUSH) && !all) {
      this.line(`fired[${i}] = 1;`);
      const [list, start] = kind === F_PULL ? [p.inList, p.inStart] : [p.outList, p.outStart];
      this.line('let sat = 1;');
      for (let k = start[i]; k < start[i + 1]; k++) {
        const c = list[k];
        this.line(`{ const want = ${this.rate(c)}, avail = ${this.available(c)};`);
        this.line('let got = 0, a = want < avail ? want : avail;');
        this.moveAlong(c, 'got');
        this.line('if (got < want) sat = 0; }');
      }
      this.line(`satisfied[${i}] = sat;`);
    } else if (kind === F_PULL && all && this.m.sharedOrigins[i] === 0) {
      this.line(`fired[${i}] = 1;`);
      this.pullAll(i);
    } else if (kind === F_CONVERTER && this.m.sharedOrigins[i] === 0) {
      this.line(`fired[${i}] = 1;`);
      this.convert(i);
    } else this.line(`h.fireNode(m, ${i}, 0);`);
  }

  /** moveAll for a pull-all node whose inputs come from different origins (canPullAll). */
  private pullAll(i: number): void {
    const p = this.p;
    this.line('let ok = true, total = 0;');
    for (let k = p.inStart[i]; k < p.inStart[i + 1]; k++) {
      const c = p.inList[k];
      this.line(`if (ok) { const want = ${this.rate(c)};`);
      this.line(`if (${this.available(c)} < want) ok = false; else total += want; }`);
    }
    const cap = this.m.blockingCapacity[i];
    if (cap >= 0) {
      this.line(`if (ok) { const room = ${cap} - value[${i}] - incoming[${i}];`);
      this.line('if ((room > 0 ? room : 0) < total) ok = false; }');
    }
    this.line('if (ok) {');
    for (let k = p.inStart[i]; k < p.inStart[i + 1]; k++) {
      const c = p.inList[k];
      this.line(`{ let a = ${this.rate(c)};`);
      this.moveAlong(c, null);
      this.line('}');
    }
    this.line(`satisfied[${i}] = 1; } else satisfied[${i}] = 0;`);
  }

  /** convert(m, i, 0) for a converter whose inputs come from different origins. */
  private convert(i: number): void {
    const p = this.p;
    const s = p.inStart[i],
      e = p.inStart[i + 1];
    this.line('let ok = true;');
    for (let k = s; k < e; k++) {
      const c = p.inList[k];
      this.line(`if (ok) { const need = ${this.rate(c)} - convBuf[${c}];`);
      this.line(`if (need > 0 && ${this.available(c)} < need) ok = false; }`);
    }
    this.line('if (ok) {');
    for (let k = s; k < e; k++) {
      const c = p.inList[k];
      const from = p.cFrom[c];
      this.line(`{ const r = rate[${c}], held = convBuf[${c}], need = r - held;`);
      const consume = p.type[from] === T_POOL ? `value[${from}] -= need; ` : '';
      this.line(`if (need > 0) { ${consume}convBuf[${c}] = held + need - r; } else convBuf[${c}] = held - r; }`);
    }
    for (let k = p.outStart[i]; k < p.outStart[i + 1]; k++) {
      const c = p.outList[k];
      this.line(`{ const a = ${this.rate(c)};`);
      this.line('if (a > 0) {');
      this.deliver(c, String(p.cColour[c]), '0');
      this.line('} }');
    }
    this.line(`satisfied[${i}] = 1; } else satisfied[${i}] = 0;`);
  }

  /** m.rateOf(c) */
  private rate(c: number): string {
    const fixed = this.fixedRate.get(c);
    if (fixed !== undefined) return String(fixed);
    return `(rateStep[${c}] >= t ? rate[${c}] : m.evaluateRate(${c}))`;
  }

  /** available(m, c) in an asynchronous, uncoloured machine. */
  private available(c: number): string {
    const p = this.p;
    const from = p.cFrom[c];
    if (p.type[from] === T_POOL) return `value[${from}]`;
    if (p.type[from] === T_SOURCE) return p.disabled[from] === 0 ? `(actOk[${from}] === 1 ? Infinity : 0)` : '0';
    return '0';
  }

  /** moveAlong(m, c, a, 0) for the amount in `a`, storing what left in `got` (when not null). */
  private moveAlong(c: number, got: string | null): void {
    const p = this.p;
    const to = p.cTo[c],
      from = p.cFrom[c];
    this.line('if (!(a <= 0)) {');
    const cap = this.m.blockingCapacity[to];
    if (cap >= 0) {
      this.line(`const room = ${cap} - value[${to}] - incoming[${to}];`);
      this.line('if (room < a) a = room > 0 ? room : 0;');
      this.line('if (!(a <= 0)) {');
    }
    if (p.type[from] === T_POOL) {
      this.line(`value[${from}] -= a;`);
      this.deliver(c, '0', '0');
    } else this.deliver(c, String(p.cColour[c]), '0');
    if (got !== null) this.line(`${got} = a;`);
    if (cap >= 0) this.line('}');
    this.line('}');
  }

  /**
   * m.deliver(c, cTo[c], a, colour, depth) for the amount in `a`, known not to be ≤ 0. Depth is the
   * literal 0 (a firing) or the name of a variable.
   */
  private deliver(c: number, colour: string, depth: string): void {
    const p = this.p;
    const to = p.cTo[c];
    if (this.m.plainTransfer[c] === 1) {
      this.line(`incoming[${to}] += a;`);
      return;
    }
    const may = depth === '0' ? 'm.handOversLeft-- > 0' : `m.mayHandOver(${depth})`;
    const next = depth === '0' ? '1' : `${depth} + 1`;
    switch (p.type[to]) {
      case T_POOL:
        this.line(`m.deliverToPool(${c}, ${to}, a, ${colour});`);
        return;
      case T_DRAIN:
        return;
      case T_GATE:
        if (this.routed.has(to)) this.line(`if (${may}) route_${to}(m, a, ${colour}, ${next});`);
        else this.line(`if (${may}) h.route(m, ${to}, a, ${colour}, ${next});`);
        return;
      case T_CONVERTER:
        this.line(`m.convBuf[${c}] += a;`);
        this.line(`if (${may}) h.receive(m, ${to}, ${next});`);
        return;
      case T_DELAY:
        this.line(`h.enqueue(m, ${to}, a, ${colour}, ${may} ? ${next} : h.MAX_DEPTH);`);
        return;
      case T_TRADER:
        this.line(`if (${may}) h.forwardTrade(m, ${to}, ${c}, a, ${colour}, ${next});`);
        return;
      default:
        return;
    }
  }

  /** A gate that routes at random or in turn by weights or percentages that never change. */
  private routesInline(g: number): boolean {
    const p = this.p;
    if (p.type[g] !== T_GATE || p.gateKind[g] === G_CONDITION) return false;
    const s = p.gOutStart[g],
      e = p.gOutStart[g + 1];
    if (s === e) return false;
    for (let k = s; k < e; k++) if (!this.fixedRate.has(p.gOutList[k])) return false;
    return true;
  }

  /** route(m, g, a, colour, depth) for a gate of routesInline, as function route_G(m, a, colour, depth). */
  private routeFunction(g: number): void {
    const p = this.p;
    const outs = Array.from(p.gOutList.subarray(p.gOutStart[g], p.gOutStart[g + 1]));
    const weights = outs.map((c) => this.fixedRate.get(c)!);
    this.line(`function route_${g}(m, amount, colour, depth) {`);
    this.line(`m.fired[${g}] = 1; m.satisfied[${g}] = 1;`);
    this.line('const gateOut = m.gateOut;');
    if (p.gateRandom[g] === 1) this.distributeAtRandom(g, outs, weights);
    else this.distributeInTurn(g, outs, weights);
    this.line('const incoming = m.incoming;');
    for (const c of outs) {
      this.line(`{ const a = gateOut[${c}];`);
      this.line(`if (a > 0) { gateOut[${c}] = 0;`);
      this.line('if (!(a <= 0)) {');
      this.deliver(c, 'colour', 'depth');
      this.line('} } }');
    }
    this.line('}');
  }

  /** distributeAtRandom with the weights written in. */
  private distributeAtRandom(g: number, outs: number[], weights: number[]): void {
    let total = 0;
    for (const w of weights) total += w;
    const span = this.p.gateKind[g] === G_PERCENT && total < 100 ? 100 : total;
    if (!(span > 0)) return;
    this.line('const rng = m.rng;');
    this.line('for (let u = 0; u < amount; u++) {');
    this.line(`let r = rng.next() * ${span};`);
    this.line(`if (r >= ${total}) continue;`);
    outs.forEach((c, j) => this.line(`r -= ${weights[j]}; if (r < 0) { gateOut[${c}]++; continue; }`));
    this.line('}');
  }

  /** distributeInTurn with the weights written in. */
  private distributeInTurn(g: number, outs: number[], weights: number[]): void {
    const rounded = weights.map((w) => Math.round(w));
    let total = 0;
    for (const w of rounded) total += w;
    const span = this.p.gateKind[g] === G_PERCENT && total < 100 ? 100 : total;
    if (!(span > 0)) return;
    this.line(`const counter = h.below(m.gateCounter[${g}], ${span});`);
    this.line(`const full = Math.floor(amount / ${span});`);
    this.line(`const rem = amount - full * ${span};`);
    this.line(`if (full > 0) { ${outs.map((c, j) => `gateOut[${c}] += ${rounded[j]} * full;`).join(' ')} }`);
    this.line('for (let j = 0; j < rem; j++) {');
    this.line(`let slot = h.below(counter + j, ${span});`);
    this.line(`if (slot >= ${total}) continue;`);
    outs.forEach((c, j) => this.line(`slot -= ${rounded[j]}; if (slot < 0) { gateOut[${c}]++; continue; }`));
    this.line('}');
    this.line(`m.gateCounter[${g}] = h.below(counter + amount, ${span});`);
  }
}
