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
 * A step's phases as code written for one program (Node only): the same work as the general path
 * (Machine.fireAutomatic through fireNode, gates, delays, the state phase), with the diagram's structure
 * (node kinds, connection lists, capacities, constant rates, gate weights, conditions) written into the
 * code instead of read from the program at every use. Every value and random draw is the same as the
 * general path's, in the same order. It serves the commonest machine (no event log, no colours,
 * asynchronous allocation); any other runs the general path, and so does the browser, whose content
 * policy forbids compiling code.
 */
export interface GeneratedStep {
  /** Fires the automatic nodes, in node order (Machine.fireAutomatic). */
  fire(m: MachineState): void;
  releaseDelays(m: MachineState): void;
  /** commitIncoming (actions.ts) in an uncoloured machine. */
  commit(m: MachineState): void;
  registers(m: MachineState): void;
  modifiers(m: MachineState): void;
  activators(m: MachineState): void;
  /** Machine.recordCharted */
  record(m: MachineState, rows: Float64Array, at: number, limit: number): void;
}

/**
 * Above this many characters of source the general path serves. The written code grows with the diagram
 * and the general path's does not: on the benchmark's diagrams (about 350 characters a node) the written
 * step was 1.6 times as fast at 100 nodes, 1.3 at 500, 1.1 at 700 and slower at 1,000 (19 against 21
 * million node-steps a CPU-second), its machine code no longer fitting the processor's caches.
 */
const MAX_SOURCE = 250_000;

const enabled =
  typeof process === 'object' &&
  typeof process.versions === 'object' &&
  typeof process.versions.node === 'string' &&
  process.env.LOOPWRIGHT_ENGINE_INTERPRET !== '1';

type Factory = (helpers: object) => GeneratedStep;

const generated = new WeakMap<Program, GeneratedStep | null>();

/**
 * Compiled sources, most recent last. A study compiles a program per candidate, and the candidates of one
 * diagram mostly differ only in numbers the code reads at run time (variables): their sources are the same,
 * and the functions made from one compiled source share V8's optimised code instead of each warming up anew.
 */
const factories = new Map<string, Factory>();
const MAX_FACTORIES = 32;

/** The written step for machine m's program, or null when m needs the general path. */
export function generatedStepFor(m: MachineState, interactive: boolean): GeneratedStep | null {
  if (!enabled || interactive || m.log !== null || m.k > 1 || m.synchronous) return null;
  let step = generated.get(m.p);
  if (step === undefined) generated.set(m.p, (step = generate(m)));
  return step;
}

function generate(m: MachineState): GeneratedStep | null {
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
  if (source.length > MAX_SOURCE) return null;
  const p = m.p;
  const helpers = {
    ...actions,
    ...converters,
    ...delays,
    ...gates,
    ...flags,
    cRate: p.cRate,
    cEvery: p.cEvery,
    regEval: p.regEval,
  };
  try {
    return factoryFor(source)(helpers);
  } catch {
    return null;
  }
}

function factoryFor(source: string): Factory {
  let factory = factories.get(source);
  if (factory) factories.delete(source);
  else {
    // Compiling code is the point here; its text comes from the program's numbers, never from a formula's text.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    factory = new Function('h', `"use strict";\n${source}`) as Factory;
    if (factories.size >= MAX_FACTORIES) factories.delete(factories.keys().next().value!);
  }
  factories.set(source, factory);
  return factory;
}
