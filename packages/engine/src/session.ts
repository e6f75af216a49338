import type { SimEvent } from './events.js';
import { Machine } from './machine.js';
import { A_INTERACTIVE, T_REGISTER, type Program } from './program.js';
import { toProgram } from './run.js';

export interface SessionOptions {
  seed?: number;
  /** Keep the event log (default true for sessions). */
  log?: boolean;
}

export interface SessionState {
  t: number;
  ended: boolean;
  end: string | null;
  /** Every node's value: pools (resources), registers, delays (resources held). */
  values: Record<string, number>;
}

export interface Session {
  readonly program: Program;
  /** Advances one step; returns the new state (unchanged once ended). */
  step(): SessionState;
  /** Clicks an interactive node: it fires at the start of the next step. */
  click(nodeId: string): void;
  /** Raises or lowers an interactive register by its step, clamped to min/max. */
  raise(registerId: string): number;
  lower(registerId: string): number;
  state(): SessionState;
  value(nodeId: string): number;
  /** Events of every step so far (or of step t). */
  events(t?: number): SimEvent[];
  reset(seed?: number): void;
}

/** Interactive run: step by step, with clicks on interactive nodes and interactive registers. */
export function createSession(source: unknown, options: SessionOptions = {}): Session {
  const p = toProgram(source);
  const m = new Machine(p, { log: options.log ?? true, interactive: true });
  let seed = options.seed ?? p.settings.seed ?? 0;
  m.reset(seed);
  const index = (id: string): number => {
    const i = p.nodeIndex.get(id);
    if (i === undefined) throw new Error(`no node '${id}'`);
    return i;
  };
  const state = (): SessionState => {
    const values: Record<string, number> = {};
    p.nodeIds.forEach((id, i) => {
      values[id] = m.value[i];
    });
    return { t: m.t, ended: m.ended, end: m.endReason, values };
  };
  const nudge = (id: string, sign: number): number => {
    const i = index(id);
    if (p.type[i] !== T_REGISTER || !p.regInteractive[i]) throw new Error(`'${id}' is not an interactive register`);
    const v = Math.min(p.regMax[i], Math.max(p.regMin[i], m.value[i] + sign * p.regStep[i]));
    m.value[i] = v;
    if (m.log) m.event('register', i, `${id} set to ${v}`);
    return v;
  };
  return {
    program: p,
    step: () => {
      m.step();
      return state();
    },
    click: (id) => {
      const i = index(id);
      if (p.activation[i] !== A_INTERACTIVE) throw new Error(`'${id}' is not interactive`);
      m.clicked[i] = 1;
      if (m.log) m.event('click', i, `${id} clicked`);
    },
    raise: (id) => nudge(id, 1),
    lower: (id) => nudge(id, -1),
    state,
    value: (id) => m.value[index(id)],
    events: (t) => (m.log ? (t === undefined ? m.log.slice() : m.log.filter((e) => e.t === t)) : []),
    reset: (s) => {
      seed = s ?? seed;
      m.reset(seed);
    },
  };
}
