import type { DelayLine } from './delay-line.js';
import type { SimEvent, SimEventKind } from './events.js';
import type { EvalContext } from './formula/evaluate.js';
import type { Program } from './program.js';
import type { Rng } from './random.js';

/**
 * What the step's phases (actions, converters, delays, deliveries, gates, the state phase) read and
 * call on a running machine. `Machine` (machine.ts) implements it; the phases depend on this type
 * only, so the machine can import them without a cycle.
 */
export interface MachineState extends EvalContext {
  readonly p: Program;
  readonly n: number;
  readonly k: number;
  value: Float64Array;
  readonly incoming: Float64Array;
  readonly vars: Float64Array;
  readonly labelDelta: Float64Array;
  readonly labelSet: Float64Array;
  readonly intervalDelta: Float64Array;
  /** Steps left before a connection with an interval moves (NaN: the interval starts anew). */
  readonly countdown: Float64Array;
  /** The program has `+ni` interval modifiers. */
  readonly intervalMods: boolean;
  readonly rate: Float64Array;
  /** Connections whose amount never changes (an integer constant, no interval, no `=` label): set once per run. */
  readonly staticRates: Int32Array;
  readonly rateStep: Int32Array;
  readonly convBuf: Float64Array;
  readonly gateCounter: Float64Array;
  readonly pendingMod: Float64Array;
  readonly modCarry: Float64Array;
  readonly lastSeen: Float64Array;
  readonly gateOut: Float64Array;
  readonly tentative: Float64Array;
  /** Per node: 1 when two of its resource inputs share an origin (see sharedOrigins in converter.ts). */
  readonly sharedOrigins: Uint8Array;
  /** How each node fires (see fireKinds in actions.ts). */
  readonly fireKind: Uint8Array;
  readonly fired: Uint8Array;
  readonly satisfied: Uint8Array;
  trigNext: Uint8Array;
  trigNow: Uint8Array;
  /** Set with any trigNext entry, so a step knows whether anything but automatic nodes can fire. */
  triggered: boolean;
  readonly actOk: Uint8Array;
  /** actOk's bytes as whole words (see flags.ts). */
  readonly actOkWords: Float64Array;
  readonly connOk: Uint8Array;
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
  /** The pools (only they receive resources into `incoming`). */
  readonly pools: Int32Array;
  /** Per node: the capacity that limits arrivals, and the part of it that blocks (-1: none; see capacities). */
  readonly capacity: Float64Array;
  readonly blockingCapacity: Float64Array;
  /** Per connection: whether a transfer along it is plain (see plainTransfers in deliver.ts). */
  readonly plainTransfer: Uint8Array;
  readonly rng: Rng;
  readonly sameStep: boolean;
  /** allocation: synchronous (only then can a pool be blocked, see blockOverRequestedPools). */
  readonly synchronous: boolean;
  t: number;
  /**
   * The event log, null when not logging. Tested with `!== null`: a truthiness test of the field is four
   * comparisons in optimised code (false, true, '' and null), and the hot paths test it at every action.
   */
  log: SimEvent[] | null;

  /** Hands resources that left their origin along connection c to its target node. */
  deliver(c: number, to: number, amount: number, colour: number, depth: number): void;
  /** Whether a chain of immediate hand-overs may go one level deeper. */
  mayHandOver(depth: number): boolean;
  /** A node fires now (triggers with sameStep timing, trigger gates). */
  fire(i: number, depth: number): void;
  /** The amount a connection moves this step. */
  rateOf(c: number): number;
  /** A gate output's weight or percentage this step. */
  weightOf(c: number): number;
  canFire(i: number): boolean;
  event(
    kind: SimEventKind,
    node: number,
    message: string,
    extra?: { connection?: number; requested?: number; amount?: number },
  ): void;
}
