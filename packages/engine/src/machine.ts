import * as actions from './actions.js';
import * as converters from './converter.js';
import * as delays from './delay.js';
import { DelayLine } from './delay-line.js';
import * as flags from './flags.js';
import * as generatedSteps from './generated/index.js';
import type { StepPhases, WrittenStepUse } from './generated/index.js';
import type { Flags } from './flags.js';
import * as delivery from './deliver.js';
import * as gates from './gate.js';
import type { SimEvent, SimEventKind } from './events.js';
import * as kinds from './program.js';
import type { Program } from './program.js';
import type { MachineState } from './machine-state.js';
import { Rng } from './random.js';
import * as statePhase from './state-phase.js';

// Local copies of imported constants and functions (see the note in program.ts).
const {
  A_AUTOMATIC,
  A_INTERACTIVE,
  A_ONSTART,
  C_GATE_TRIGGER,
  C_INTERVAL_MOD,
  C_LABEL_SET,
  C_NODE_MOD,
  C_NODE_SET,
  C_RESOURCE,
  T_CONVERTER,
  T_DELAY,
  T_DRAIN,
  T_GATE,
  T_POOL,
  T_REGISTER,
  T_TRADER,
} = kinds;
const { MAX_DEPTH, MAX_HAND_OVERS_PER_STEP, capacities, plainTransfers } = delivery;
const { fireKinds, fireNode, commitIncoming, blockOverRequestedPools, applyNodeModifiers } = actions;
const { forwardTrade, receive, sharedOrigins } = converters;
const { enqueue, releaseDelays } = delays;
const { route } = gates;
const { clearFlags, newFlags } = flags;
const { evaluateActivators, recomputeRegisters, applyModifiers, runTriggers } = statePhase;
const { writtenStepUse, writtenStepFor } = generatedSteps;

/** Fires the automatic nodes, in node order: the whole list of a step where no other node fires. */
function fireAutomatic(m: Machine): void {
  const list = m.automatic,
    actOk = m.actOk;
  for (let j = 0; j < list.length; j++) {
    const i = list[j];
    if (actOk[i] === 1) fireNode(m, i, 0);
    else if (m.log !== null) m.event('inhibited', i, 'an activator does not hold');
  }
}

function recordCharted(m: Machine, rows: Float64Array, at: number, stride: number): void {
  const charted = m.p.charted,
    value = m.value;
  for (let s = 0; s < charted.length; s++, at += stride) rows[at] = value[charted[s]];
}

/** The phases of the general path, which reads the program's structure as it goes (see StepPhases). */
const generalPhases: StepPhases = {
  fire: (m) => fireAutomatic(m as Machine),
  releaseDelays,
  commit: commitIncoming,
  registers: recomputeRegisters,
  modifiers: applyModifiers,
  activators: evaluateActivators,
  record: (m, rows, at, stride) => recordCharted(m as Machine, rows, at, stride),
};

/** rateStep of a connection whose amount is the same in every step (see staticRateConnections). */
const STATIC = 0x7fffffff;

/**
 * Resource connections (and trigger-gate outputs) with an integer (or non-positive) constant rate, no
 * interval and no `=` label modifier: rateOf and weightOf give the same amount for them in every step.
 */
function staticRateConnections(p: Program): Int32Array {
  const setTargets = new Set<number>();
  for (const e of p.modifiers) if (p.cKind[e] === C_LABEL_SET) setTargets.add(p.cTargetConn[e]);
  const list: number[] = [];
  for (let c = 0; c < p.connCount; c++) {
    const kind = p.cKind[c];
    if ((kind !== C_RESOURCE && kind !== C_GATE_TRIGGER) || p.cFrom[c] < 0 || p.cTo[c] < 0) continue;
    const v = p.cConst[c];
    if (v !== v || p.cEvery[c] !== null || setTargets.has(c)) continue;
    if (v > 0 && v !== Math.floor(v)) continue; // a fraction carries its remainder from step to step
    list.push(c);
  }
  return Int32Array.from(list);
}

export interface MachineOptions {
  /** Keep an event log (off by default; costs time). */
  log?: boolean;
  /** Honour clicks on interactive nodes (sessions); quick and batch runs treat them as passive. */
  interactive?: boolean;
  /**
   * Step through code written for the program (see generated/index.ts): `auto` (the default, unless
   * LOOPWRIGHT_ENGINE_WRITTEN_STEP says otherwise) once the program has done enough work for it to pay,
   * `always`, or `never`.
   */
  writtenStep?: WrittenStepUse;
}

/**
 * The state of one run of a program, in typed arrays allocated once and reused across runs
 * (`reset`). `step()` advances one time step; nothing in it allocates unless logging.
 */
export class Machine implements MachineState {
  readonly p: Program;
  readonly n: number;
  readonly k: number;
  value: Float64Array;
  readonly incoming: Float64Array;
  readonly vars: Float64Array;
  readonly labelDelta: Float64Array;
  readonly labelSet: Float64Array;
  /** Steps added to a connection's interval by `+ni` modifiers. */
  readonly intervalDelta: Float64Array;
  readonly rate: Float64Array;
  readonly rateStep: Int32Array;
  readonly carry: Float64Array;
  readonly countdown: Float64Array;
  readonly convBuf: Float64Array;
  readonly gateCounter: Float64Array;
  readonly pendingMod: Float64Array;
  readonly modCarry: Float64Array;
  readonly lastSeen: Float64Array;
  readonly gateOut: Float64Array;
  readonly tentative: Float64Array;
  readonly sharedOrigins: Uint8Array;
  readonly fireKind: Uint8Array;
  readonly fired: Uint8Array;
  readonly firedWords: Float64Array;
  /** Immediate hand-overs left in this step (see MAX_HAND_OVERS_PER_STEP). */
  handOversLeft = MAX_HAND_OVERS_PER_STEP;
  readonly satisfied: Uint8Array;
  readonly satisfiedWords: Float64Array;
  trigNext: Uint8Array;
  trigNow: Uint8Array;
  private trigNextFlags: Flags;
  private trigNowFlags: Flags;
  /** Some node was triggered for the next step (trigNext has a 1). */
  triggered = false;
  readonly clicked: Uint8Array;
  readonly actOk: Uint8Array;
  readonly actOkWords: Float64Array;
  /** 0 while an activator on the connection fails. */
  readonly connOk: Uint8Array;
  /** The program has `+ni` interval modifiers. */
  readonly intervalMods: boolean;
  /** Some pool's triggers fire on arrival (settings.poolTriggers: onArrival). */
  readonly arrivalTriggers: boolean;
  readonly usedEdge: Uint8Array;
  readonly blocked: Uint8Array;
  readonly requesters: Float64Array;
  readonly cc: Float64Array;
  readonly ccIncoming: Float64Array;
  readonly ccLast: Int32Array;
  readonly moving: Float64Array;
  readonly delays: (DelayLine | null)[];
  readonly delayNodes: Int32Array;
  readonly modTargets: Int32Array;
  readonly pools: Int32Array;
  readonly capacity: Float64Array;
  readonly blockingCapacity: Float64Array;
  readonly plainTransfer: Uint8Array;
  /** Automatic nodes that are not disabled: in a step where nothing else can fire, the only ones looked at. */
  readonly automatic: Int32Array;
  readonly hasOnstart: boolean;
  /** Connections whose amount never changes (an integer constant, no interval, no `=` label): set once per run. */
  readonly staticRates: Int32Array;
  /** The step's phases: the general path's, or those written for this program (see generated/index.ts). */
  private phases: StepPhases = generalPhases;
  /** When this machine switches to written phases (checked at each reset and every 4,096 steps); null: never. */
  private readonly writeUse: WrittenStepUse | null;
  readonly rng = new Rng(0);
  readonly interactive: boolean;
  readonly sameStep: boolean;
  readonly synchronous: boolean;
  t = 0;
  ended = false;
  endReason: string | null = null;
  /** Index in program.ends of the end condition that stopped the run, -1 while running or at the limit. */
  endIndex = -1;
  readonly log: SimEvent[] | null;

  constructor(program: Program, options: MachineOptions = {}) {
    const p = program;
    this.p = p;
    const n = (this.n = p.nodeCount);
    const m = p.connCount;
    const k = (this.k = p.coloured ? p.colourNames.length : 1);
    this.value = new Float64Array(n);
    this.incoming = new Float64Array(n);
    this.vars = new Float64Array(p.variables.length);
    this.labelDelta = new Float64Array(m);
    this.labelSet = new Float64Array(m);
    this.intervalDelta = new Float64Array(m);
    this.rate = new Float64Array(m);
    this.rateStep = new Int32Array(m);
    this.carry = new Float64Array(m);
    this.countdown = new Float64Array(m);
    this.convBuf = new Float64Array(m);
    this.gateCounter = new Float64Array(n);
    this.pendingMod = new Float64Array(n);
    this.modCarry = new Float64Array(n);
    this.lastSeen = new Float64Array(m);
    this.gateOut = new Float64Array(m);
    this.tentative = new Float64Array(n);
    this.fireKind = fireKinds(p);
    this.sharedOrigins = sharedOrigins(p);
    ({ bytes: this.fired, words: this.firedWords } = newFlags(n));
    ({ bytes: this.satisfied, words: this.satisfiedWords } = newFlags(n));
    this.trigNextFlags = newFlags(n);
    this.trigNowFlags = newFlags(n);
    this.trigNext = this.trigNextFlags.bytes;
    this.trigNow = this.trigNowFlags.bytes;
    this.clicked = new Uint8Array(n);
    ({ bytes: this.actOk, words: this.actOkWords } = newFlags(n));
    this.connOk = new Uint8Array(m).fill(1);
    this.arrivalTriggers = p.triggersOnArrival.includes(1);
    this.intervalMods = p.modifiers.some((e) => p.cKind[e] === C_INTERVAL_MOD);
    this.usedEdge = new Uint8Array(m);
    this.blocked = new Uint8Array(n);
    this.requesters = new Float64Array(n);
    this.cc = new Float64Array(p.coloured ? n * k : 0);
    this.ccIncoming = new Float64Array(p.coloured ? n * k : 0);
    this.ccLast = new Int32Array(p.coloured ? n * k : 0);
    this.moving = new Float64Array(k);
    this.delays = Array.from({ length: n }, (_, i) => (p.type[i] === T_DELAY ? new DelayLine() : null));
    ({ capacity: this.capacity, blockingCapacity: this.blockingCapacity } = capacities(p));
    this.plainTransfer = plainTransfers(p, this.capacity, k > 1, Boolean(options.log));
    this.pools = Int32Array.from(Array.from({ length: n }, (_, i) => i).filter((i) => p.type[i] === T_POOL));
    this.automatic = Int32Array.from(
      Array.from({ length: n }, (_, i) => i).filter((i) => p.activation[i] === A_AUTOMATIC && !p.disabled[i]),
    );
    this.hasOnstart = p.activation.includes(A_ONSTART);
    this.staticRates = staticRateConnections(p);
    this.delayNodes = Int32Array.from(
      Array.from({ length: n }, (_, i) => i).filter((i) => p.type[i] === T_DELAY && !p.disabled[i]),
    );
    const targets = new Set<number>();
    for (const e of p.modifiers)
      if ((p.cKind[e] === C_NODE_MOD || p.cKind[e] === C_NODE_SET) && p.cTo[e] >= 0) targets.add(p.cTo[e]);
    this.modTargets = Int32Array.from([...targets].sort((a, b) => a - b));
    this.interactive = options.interactive ?? false;
    this.sameStep = p.settings.triggerTiming === 'sameStep';
    this.synchronous = p.settings.allocation === 'synchronous';
    this.log = options.log ? [] : null;
    this.writeUse = writtenStepUse(this, this.interactive, options.writtenStep);
    this.reset(p.settings.seed ?? 0);
  }

  /** Whether steps run code written for this program (see generated/index.ts). */
  get usesWrittenStep(): boolean {
    return this.phases !== generalPhases;
  }

  /** Switches to the program's written phases once they are compiled or have earned it (`work`: node-steps just done). */
  private considerWrittenStep(work: number): void {
    if (this.phases !== generalPhases || this.writeUse === null) return;
    const written = writtenStepFor(this, work, this.writeUse);
    if (written !== null) this.phases = written;
  }

  /** Back to t = 0 with a new seed, reusing every array. */
  reset(seed: number): void {
    const p = this.p;
    this.considerWrittenStep(this.t * this.n);
    this.rng.seed(seed);
    this.t = 0;
    this.ended = false;
    this.endReason = null;
    this.endIndex = -1;
    if (this.log) this.log.length = 0;
    this.incoming.fill(0);
    this.labelDelta.fill(0);
    this.labelSet.fill(NaN);
    this.intervalDelta.fill(0);
    this.rateStep.fill(-1);
    for (let j = 0; j < this.staticRates.length; j++) {
      const c = this.staticRates[j];
      const v = p.cConst[c];
      this.rate[c] = v > 0 ? v : 0;
      this.rateStep[c] = STATIC;
    }
    this.carry.fill(0);
    this.countdown.fill(NaN);
    this.convBuf.fill(0);
    this.gateCounter.fill(0);
    this.pendingMod.fill(0);
    this.modCarry.fill(0);
    this.lastSeen.fill(0);
    this.gateOut.fill(0);
    this.fired.fill(0);
    this.satisfied.fill(0);
    this.trigNext.fill(0);
    this.triggered = false;
    this.clicked.fill(0);
    this.ccIncoming.fill(0);
    this.cc.fill(0);
    this.ccLast.fill(0);
    for (let i = 0; i < this.n; i++) {
      const type = p.type[i];
      this.value[i] = type === T_POOL ? p.start[i] : type === T_REGISTER && p.regInteractive[i] ? p.regInitial[i] : 0;
      if (p.coloured && type === T_POOL) this.cc[i * this.k] = p.start[i];
      const line = this.delays[i];
      if (line) line.clear();
    }
    this.evaluateVariables();
    recomputeRegisters(this);
    // The initial state counts as the first change: its modifiers apply from step 1.
    applyModifiers(this);
    evaluateActivators(this);
  }

  /** Advances one step; returns false once the run has ended. */
  step(): boolean {
    if (this.ended) return false;
    const p = this.p;
    const t = ++this.t;
    if ((t & 4095) === 0) this.considerWrittenStep(4096 * this.n);
    const phases = this.phases;
    if (this.modTargets.length > 0) applyNodeModifiers(this);
    this.evaluateVariables();
    clearFlags(this.firedWords);
    clearFlags(this.satisfiedWords);
    this.handOversLeft = MAX_HAND_OVERS_PER_STEP;
    const now = this.trigNextFlags;
    this.trigNextFlags = this.trigNowFlags;
    this.trigNowFlags = now;
    this.trigNext = this.trigNextFlags.bytes;
    this.trigNow = now.bytes;
    clearFlags(this.trigNextFlags.words);
    const anyTriggered = this.triggered;
    this.triggered = false;
    if (this.synchronous) blockOverRequestedPools(this);
    if (this.delayNodes.length > 0) phases.releaseDelays(this);
    const interactive = this.interactive;
    if (anyTriggered || interactive || (t === 1 && this.hasOnstart)) this.fireAll(now.bytes, t, interactive);
    else phases.fire(this);
    // Clicks count only in interactive machines (sessions); elsewhere nothing sets or reads them.
    if (interactive) this.clicked.fill(0);
    if (p.triggers.length > 0) runTriggers(this);
    phases.commit(this);
    phases.registers(this);
    if (p.modifiers.length > 0) phases.modifiers(this);
    if (p.activators.length > 0 || p.connActivators.length > 0) phases.activators(this);
    this.checkEnd();
    return true;
  }

  /** The charted values (Program.charted) into rows[at], rows[at + stride], …: one step of a run's series. */
  recordCharted(rows: Float64Array, at: number, stride: number): void {
    this.phases.record(this, rows, at, stride);
  }

  /** Fires, in node order, every node that fires this step: automatic, triggered, onstart (t = 1), clicked. */
  private fireAll(now: Uint8Array, t: number, interactive: boolean): void {
    const p = this.p;
    const act = p.activation;
    for (let i = 0; i < this.n; i++) {
      const a = act[i];
      if (
        a === A_AUTOMATIC ||
        now[i] === 1 ||
        (a === A_ONSTART && t === 1) ||
        (interactive && this.clicked[i] === 1 && a === A_INTERACTIVE)
      ) {
        if (p.disabled[i] === 1) continue;
        this.fireUnlessInhibited(i);
      }
    }
  }

  private fireUnlessInhibited(i: number): void {
    if (this.actOk[i] === 0) {
      if (this.log !== null) this.event('inhibited', i, 'an activator does not hold');
      return;
    }
    fireNode(this, i, 0);
  }

  private checkEnd(): void {
    const p = this.p;
    for (let e = 0; e < p.ends.length; e++) {
      const i = p.ends[e];
      if ((p.hasActivators[i] === 1 && this.actOk[i] === 1) || this.fired[i] === 1) {
        this.ended = true;
        this.endReason = p.nodeNames[i];
        this.endIndex = e;
        if (this.log !== null) this.event('end', i, `the end condition '${this.endReason}' holds`);
        return;
      }
    }
  }

  evaluateVariables(): void {
    const vars = this.p.variables;
    for (let i = 0; i < vars.length; i++) this.vars[i] = vars[i](this);
  }

  /**
   * Hands resources that left their origin along connection c to its target node. The machine is the
   * one dispatcher between the node kinds (actions, converters, delays, gates only call back into it),
   * so those modules do not import one another.
   */
  deliver(c: number, to: number, amount: number, colour: number, depth: number): void {
    if (amount <= 0) return;
    if (this.plainTransfer[c] === 1) {
      this.incoming[to] += amount;
      return;
    }
    const type = this.p.type[to];
    if (type === T_POOL) this.deliverToPool(c, to, amount, colour);
    else if (type !== T_DRAIN) this.handOver(c, to, amount, colour, depth, type);
    // drains destroy what they get
  }

  /** Resources arriving at a node that passes them on at once (or, a delay, later). */
  private handOver(c: number, to: number, amount: number, colour: number, depth: number, type: number): void {
    switch (type) {
      case T_GATE:
        if (this.mayHandOver(depth)) route(this, to, amount, colour, depth + 1);
        return;
      case T_CONVERTER:
        this.convBuf[c] += amount;
        if (this.mayHandOver(depth)) receive(this, to, depth + 1);
        return;
      // Over the step's budget, a delay keeps what arrives for the next step instead of passing it on now.
      case T_DELAY:
        enqueue(this, to, amount, colour, this.mayHandOver(depth) ? depth + 1 : MAX_DEPTH);
        return;
      case T_TRADER:
        if (this.mayHandOver(depth)) forwardTrade(this, to, c, amount, colour, depth + 1);
        return;
      default:
        return; // anything else that cannot hold resources destroys what it gets
    }
  }

  /** Arrivals count from the end of the step; what does not fit is destroyed. */
  private deliverToPool(c: number, to: number, amount: number, colour: number): void {
    const cap = this.capacity[to];
    let accepted = amount;
    if (cap >= 0) {
      const room = cap - this.value[to] - this.incoming[to];
      if (room < amount) accepted = room > 0 ? room : 0;
    }
    this.incoming[to] += accepted;
    if (this.k > 1 || this.arrivalTriggers || this.log !== null) this.afterArrival(c, to, amount, accepted, colour);
  }

  /** The rarer consequences of an arrival at a pool: colour counts, triggers on arrival, the event log. */
  private afterArrival(c: number, to: number, amount: number, accepted: number, colour: number): void {
    if (this.k > 1) this.ccIncoming[to * this.k + colour] += accepted;
    if (this.arrivalTriggers && accepted > 0 && this.p.triggersOnArrival[to] === 1) {
      this.fired[to] = 1;
      this.satisfied[to] = 1;
    }
    if (accepted < amount && this.log !== null) this.logDestroyed(c, to, amount, accepted);
  }

  private logDestroyed(c: number, to: number, amount: number, accepted: number): void {
    this.event('transfer', to, `capacity: ${amount - accepted} destroyed`, {
      connection: c,
      requested: amount,
      amount: accepted,
    });
  }

  /** Whether a chain of immediate hand-overs may go one level deeper (bounded in depth and per step). */
  mayHandOver(depth: number): boolean {
    if (depth >= MAX_DEPTH) return false;
    return this.handOversLeft-- > 0;
  }

  /** A node fires now (triggers with sameStep timing, trigger gates). */
  fire(i: number, depth: number): void {
    fireNode(this, i, depth);
  }

  /** The amount a connection moves this step: evaluated once per step, intervals and fractional carry applied. */
  rateOf(c: number): number {
    // Small enough to be inlined where it is called: most calls find the rate already set.
    return this.rateStep[c] >= this.t ? this.rate[c] : this.evaluateRate(c);
  }

  /** rateOf when this step's amount is not set yet. */
  private evaluateRate(c: number): number {
    const p = this.p;
    let raw = p.cConst[c];
    if (raw !== raw) raw = p.cRate[c]!(this);
    const set = this.labelSet[c];
    if (set === set) raw = set;
    const every = p.cEvery[c];
    if (every !== null) {
      let cd = this.countdown[c];
      if (cd !== cd) cd = this.intervalMods ? every(this) + this.intervalDelta[c] : every(this);
      cd -= 1;
      if (cd <= 0) this.countdown[c] = NaN;
      else {
        this.countdown[c] = cd;
        raw = 0;
      }
    }
    let amount: number;
    if (!(raw > 0)) amount = 0;
    else if (raw === Math.floor(raw)) amount = raw;
    else {
      const v = raw + this.carry[c];
      amount = Math.floor(v + 1e-9);
      this.carry[c] = v - amount;
    }
    this.rate[c] = amount;
    this.rateStep[c] = this.t;
    return amount;
  }

  /** A gate output's weight or percentage this step (no rounding, no carry). */
  weightOf(c: number): number {
    return this.rateStep[c] >= this.t ? this.rate[c] : this.evaluateWeight(c);
  }

  /** weightOf when this step's weight is not set yet. */
  private evaluateWeight(c: number): number {
    const p = this.p;
    let w = p.cConst[c];
    if (w !== w) w = p.cRate[c]!(this);
    const set = this.labelSet[c];
    if (set === set) w = set;
    if (!(w > 0)) w = 0;
    this.rate[c] = w;
    this.rateStep[c] = this.t;
    return w;
  }

  countColour(node: number, colour: number): number {
    return this.k > 1 ? this.cc[node * this.k + colour] : this.value[node];
  }

  canFire(i: number): boolean {
    return this.p.disabled[i] === 0 && this.actOk[i] === 1;
  }

  event(
    kind: SimEventKind,
    node: number,
    message: string,
    extra?: { connection?: number; requested?: number; amount?: number },
  ): void {
    if (!this.log) return;
    const e: SimEvent = { t: this.t, kind, node: this.p.nodeIds[node], message };
    if (extra?.connection !== undefined) e.connection = this.p.connIds[extra.connection];
    if (extra?.requested !== undefined) e.requested = extra.requested;
    if (extra?.amount !== undefined) e.amount = extra.amount;
    this.log.push(e);
  }
}
