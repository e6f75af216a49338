import * as actions from '../actions.js';
import * as converters from '../converter.js';
import * as delays from '../delay.js';
import * as flags from '../flags.js';
import * as gates from '../gate.js';
import type { MachineState } from '../machine-state.js';
import type { Program } from '../program.js';
import { writeDelays } from './delays.js';
import { writeFire } from './fire.js';
import { writeRoutes } from './gates.js';
import { writeActivators, writeCommit, writeModifiers, writeRates, writeRecord, writeRegisters } from './state.js';
import { Writer } from './writer.js';

/**
 * A step's phases: the general path's (machine.ts), or code written for one program (Node only) that does
 * the same work (fireAutomatic in machine.ts through fireNode, gates, delays, the state phase) with the diagram's structure
 * (node kinds, connection lists, capacities, constant rates, gate weights, conditions) written into the
 * code instead of read from the program at every use. Every value and random draw is the same as the
 * general path's, in the same order. It serves the commonest machine (no event log, no colours,
 * asynchronous allocation); any other runs the general path, and so does the browser, whose content
 * policy forbids compiling code.
 */
export interface StepPhases {
  /** Fires the automatic nodes, in node order, in a step where no other node fires. */
  fire(m: MachineState): void;
  releaseDelays(m: MachineState): void;
  /** commitIncoming (actions.ts) in an uncoloured machine. */
  commit(m: MachineState): void;
  registers(m: MachineState): void;
  modifiers(m: MachineState): void;
  activators(m: MachineState): void;
  /** Machine.recordCharted */
  record(m: MachineState, rows: Float64Array, at: number, stride: number): void;
}

/**
 * Above this many characters of source the general path serves. The written code grows with the diagram
 * and the general path's does not: on the benchmark's diagrams (about 350 characters a node) the written
 * step was 1.6 times as fast at 100 nodes, 1.3 at 500, 1.1 at 700 and slower at 1,000 (19 against 21
 * million node-steps a CPU-second), its machine code no longer fitting the processor's caches.
 */
const MAX_SOURCE = 250_000;

/** When machines step through written code: `auto` once it pays, `always`, or `never` (the general path only). */
export type WrittenStepUse = 'auto' | 'always' | 'never';

const inNode =
  typeof process === 'object' && typeof process.versions === 'object' && typeof process.versions.node === 'string';

/** LOOPWRIGHT_ENGINE_WRITTEN_STEP, read once: the default use (auto). */
const defaultUse: WrittenStepUse = ((): WrittenStepUse => {
  const value = inNode ? process.env.LOOPWRIGHT_ENGINE_WRITTEN_STEP : undefined;
  return value === 'always' || value === 'never' ? value : 'auto';
})();

/**
 * Node-steps of work on a program after which `auto` compiles its written step. Compiling and warming up
 * fresh code costs about what 1.5 million node-steps of the general path save: a single run of a
 * diagram just opened (100 nodes × 1,000 steps) took 40 ms through fresh written code against 8 ms on
 * the general path, whose code is warm from every diagram before it. A batch, a study or a long run
 * earns it within its first runs.
 */
const WORTH = 2_000_000;

type Factory = (helpers: object) => StepPhases | null;

/** A program's written source until it has its written step (null then, or when it never will). */
interface ProgramCode {
  source: string | null;
  step: StepPhases | null;
}

const perProgram = new WeakMap<Program, ProgramCode>();

/**
 * Per written source, most recent last: the work done by the programs with that source, and once it
 * reached WORTH the compiled factory. A study compiles a program per candidate, and the candidates of
 * one diagram mostly differ only in numbers the code reads at run time (variables): they share one
 * source, so their work adds up, and the functions made from one compiled source share V8's optimised
 * code instead of each warming up anew.
 */
const sources = new Map<string, { work: number; factory: Factory | null }>();
const MAX_SOURCES = 32;

/** When machine m switches to written phases (`requested`, else the default), or null when it never may. */
export function writtenStepUse(
  m: MachineState,
  interactive: boolean,
  requested: WrittenStepUse = defaultUse,
): WrittenStepUse | null {
  const may = requested !== 'never' && inNode && !interactive && m.log === null && m.k === 1 && !m.synchronous;
  return may ? requested : null;
}

/**
 * The written step for machine m's program, or null while the general path serves it: compiled once the
 * programs with its source have done WORTH node-steps of work (`work`: what the general path just did
 * for this one), or at once with `always`.
 */
export function writtenStepFor(m: MachineState, work: number, use: WrittenStepUse): StepPhases | null {
  let code = perProgram.get(m.p);
  if (!code) {
    // Not even the source before the program's first run ends: a single run pays nothing for it.
    if (work === 0 && use !== 'always') return null;
    perProgram.set(m.p, (code = { source: writeSource(m), step: null }));
  }
  if (code.source === null) return code.step;
  const record = recordOf(code.source);
  record.work += work;
  if (record.factory === null && (use === 'always' || record.work >= WORTH))
    record.factory = compileSource(code.source);
  if (record.factory === null) return null;
  code.step = instantiate(m.p, record.factory);
  code.source = null;
  return code.step;
}

function recordOf(source: string): { work: number; factory: Factory | null } {
  let record = sources.get(source);
  if (record) sources.delete(source);
  else {
    record = { work: 0, factory: null };
    if (sources.size >= MAX_SOURCES) sources.delete(sources.keys().next().value!);
  }
  sources.set(source, record);
  return record;
}

/** The source of the written step for m's program, or null when it would be too long to pay. */
function writeSource(m: MachineState): string | null {
  const w = new Writer(m);
  writeFire(w);
  writeRoutes(w);
  writeDelays(w);
  writeCommit(w);
  writeRegisters(w);
  writeModifiers(w);
  writeActivators(w);
  writeRecord(w);
  writeRates(w); // last: the parts above say which rates they call
  w.line('return { fire, releaseDelays, commit, registers, modifiers, activators, record };');
  const source = w.source();
  return source.length > MAX_SOURCE ? null : source;
}

/** The engine's functions the written code calls (`h.route`, `h.enqueue`, …). */
const tools = { ...actions, ...converters, ...delays, ...gates, ...flags };

function instantiate(p: Program, factory: Factory): StepPhases | null {
  try {
    return factory({ ...tools, cRate: p.cRate, cEvery: p.cEvery, regEval: p.regEval });
  } catch {
    return null;
  }
}

/** A factory of the written step from its source; one that fails to compile gives the general path for good. */
function compileSource(source: string): Factory {
  try {
    // Compiling code is the point here; its text comes from the program's numbers, never from a formula's text.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    return new Function('h', `"use strict";\n${source}`) as Factory;
  } catch {
    return () => null;
  }
}
