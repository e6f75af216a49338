import * as delivery from '../deliver.js';
import type { MachineState } from '../machine-state.js';
import * as kinds from '../program.js';
import type { Program } from '../program.js';

// Local copies of imported constants (see the note in program.ts).
const { G_CONDITION, T_CONVERTER, T_DELAY, T_GATE } = kinds;
const { T_POOL, T_SOURCE, T_TRADER } = kinds;
const { MAX_DEPTH } = delivery;

/** Characters of source after which a phase continues in a new function (see Writer.chunks). */
const CHUNK = 20_000;

/** The locals the written functions read the machine's arrays through. */
export const LOCALS = 'const value = m.value, incoming = m.incoming, rate = m.rate, rateStep = m.rateStep, t = m.t;';

/** A number as JavaScript source that reads back as the same double (-0 included). */
export function num(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

/**
 * The source of the code written for one program (see index.ts), and what the parts share: the program's
 * structure, which connections have a rate that never changes, which gates and delays have a function of
 * their own, and the pieces every part writes the same way (a connection's rate, what an origin can give,
 * a move along a connection, a delivery). The machine is uncoloured, unlogged and allocates asynchronously.
 */
export class Writer {
  readonly p: Program;
  /** Connections whose rate is the same number in every step: written in as that number. */
  readonly fixedRate = new Map<number, number>();
  /** Gates with a function route_G of their own. */
  readonly routed = new Set<number>();
  /** Delays with an output, in node order: each has functions release_D and enqueue_D of its own. */
  readonly delayed = new Set<number>();
  /** Connections whose rate function rate_C the written code calls. */
  readonly rateCalls = new Set<number>();
  private readonly out: string[] = [];
  /** Characters written so far. */
  private size = 0;

  constructor(readonly m: MachineState) {
    const p = (this.p = m.p);
    // The machine's static rates, set once per run, except where an activator on the connection writes the
    // rate for the next step: those are read, not written in.
    const gated = new Set(Array.from(p.connActivators, (a) => p.cTargetConn[a]));
    for (const c of m.staticRates) if (!gated.has(c)) this.fixedRate.set(c, Math.max(p.cConst[c], 0));
    for (let i = 0; i < p.nodeCount; i++) {
      if (p.type[i] === T_GATE && this.hasFixedRoutes(i)) this.routed.add(i);
      if (p.type[i] === T_DELAY && p.outStart[i] < p.outStart[i + 1]) this.delayed.add(i);
    }
  }

  line(text: string): void {
    this.out.push(text);
    this.size += text.length + 1;
  }

  /**
   * Functions NAME_0(m), NAME_1(m), … (or other parameters) that each begin with the lines of `head` and then write `each` of
   * the items, a new function whenever one grows past CHUNK characters: V8 does not optimise a function
   * with too much bytecode, and a large diagram would otherwise run its longest phases unoptimised.
   * Returns the calls of those functions, in order.
   */
  chunks(name: string, head: string[], items: Iterable<number>, each: (item: number) => void, params = 'm'): string {
    const calls: string[] = [];
    let start = 0;
    const open = (): void => {
      this.line(`function ${name}_${calls.length}(${params}) {`);
      calls.push(`${name}_${calls.length}(${params});`);
      for (const text of head) this.line(text);
      start = this.size;
    };
    open();
    for (const item of items) {
      if (this.size - start > CHUNK) {
        this.line('}');
        open();
      }
      each(item);
    }
    this.line('}');
    return calls.join(' ');
  }

  source(): string {
    return this.out.join('\n');
  }

  /** m.rateOf(c) */
  rate(c: number): string {
    const fixed = this.fixedRate.get(c);
    if (fixed !== undefined) return num(fixed);
    this.rateCalls.add(c);
    return `(rateStep[${c}] >= t ? rate[${c}] : rate_${c}(m))`;
  }

  /** available(m, c) */
  available(c: number): string {
    const p = this.p;
    const from = p.cFrom[c];
    if (p.type[from] === T_POOL) return `value[${from}]`;
    if (p.type[from] === T_SOURCE) return p.disabled[from] === 0 ? `(m.actOk[${from}] === 1 ? Infinity : 0)` : '0';
    return '0';
  }

  /** moveAlong(m, c, a, 0) for the amount in variable `a`, storing what left in `got` (when not null). */
  moveAlong(c: number, got: string | null): void {
    const p = this.p;
    const to = p.cTo[c],
      from = p.cFrom[c];
    this.line('if (!(a <= 0)) {');
    const cap = this.m.blockingCapacity[to];
    if (cap >= 0) {
      this.line(`const room = ${num(cap)} - value[${to}] - incoming[${to}];`);
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
   * m.deliver(c, cTo[c], a, colour, depth) for the amount in variable `a`, known not to be ≤ 0. Depth is
   * the literal 0 (a firing) or the name of a variable.
   */
  deliver(c: number, colour: string, depth: string): void {
    const p = this.p;
    const to = p.cTo[c];
    if (this.m.plainTransfer[c] === 1) {
      this.line(`incoming[${to}] += a;`);
      return;
    }
    // m.mayHandOver(depth), which at depth 0 only spends the step's budget
    const may = depth === '0' ? 'm.handOversLeft-- > 0' : `m.mayHandOver(${depth})`;
    const next = depth === '0' ? '1' : `${depth} + 1`;
    switch (p.type[to]) {
      case T_POOL:
        this.line(`m.deliverToPool(${c}, ${to}, a, ${colour});`);
        return;
      case T_GATE:
        if (this.routed.has(to)) this.line(`if (${may}) route_${to}(m, a, ${colour}, ${next});`);
        else this.line(`if (${may}) h.route(m, ${to}, a, ${colour}, ${next});`);
        return;
      case T_CONVERTER:
        this.line(`m.convBuf[${c}] += a;`);
        this.line(`if (${may}) h.receive(m, ${to}, ${next});`);
        return;
      case T_DELAY: {
        const enqueue = this.delayed.has(to) ? `enqueue_${to}(m, ` : `h.enqueue(m, ${to}, `;
        this.line(`${enqueue}a, ${colour}, ${may} ? ${next} : ${MAX_DEPTH});`);
        return;
      }
      case T_TRADER:
        this.line(`if (${may}) h.forwardTrade(m, ${to}, ${c}, a, ${colour}, ${next});`);
        return;
      default:
        return; // a drain, or anything else that cannot hold resources, destroys what it gets
    }
  }

  /** A gate that routes at random or in turn by weights or percentages that never change. */
  private hasFixedRoutes(g: number): boolean {
    const p = this.p;
    const s = p.gOutStart[g],
      e = p.gOutStart[g + 1];
    if (p.gateKind[g] === G_CONDITION || s === e) return false;
    for (let k = s; k < e; k++) if (!this.fixedRate.has(p.gOutList[k])) return false;
    return true;
  }
}
