import * as kinds from '../program.js';
import type { Writer } from './writer.js';
import { LOCALS, num } from './writer.js';

// Local copies of imported constants (see the note in program.ts).
const { G_PERCENT } = kinds;

/** function route_G(m, amount, colour, depth): route(m, G, …) for each gate of w.routed, its weights written in. */
export function writeRoutes(w: Writer): void {
  for (const g of w.routed) writeRoute(w, g);
}

function writeRoute(w: Writer, g: number): void {
  const p = w.p;
  const outs = Array.from(p.gOutList.subarray(p.gOutStart[g], p.gOutStart[g + 1]));
  const weights = outs.map((c) => w.fixedRate.get(c)!);
  w.line(`function route_${g}(m, amount, colour, depth) {`);
  w.line(LOCALS);
  w.line(`m.fired[${g}] = 1; m.satisfied[${g}] = 1;`);
  w.line('const gateOut = m.gateOut;');
  if (p.gateRandom[g] === 1) distributeAtRandom(w, g, outs, weights);
  else distributeInTurn(w, g, outs, weights);
  for (const c of outs) {
    w.line(`{ const a = gateOut[${c}];`);
    w.line(`if (a > 0) { gateOut[${c}] = 0;`);
    w.deliver(c, 'colour', 'depth');
    w.line('} }');
  }
  w.line('}');
}

/** The span the gate's outputs share: their total, or 100 for percentages that add up to less. */
function spanOf(w: Writer, g: number, total: number): number {
  return w.p.gateKind[g] === G_PERCENT && total < 100 ? 100 : total;
}

/** distributeAtRandom (gate.ts) with the weights written in. */
function distributeAtRandom(w: Writer, g: number, outs: number[], weights: number[]): void {
  let total = 0;
  for (const x of weights) total += x;
  const span = spanOf(w, g, total);
  if (!(span > 0)) return;
  w.line('const rng = m.rng;');
  w.line('for (let u = 0; u < amount; u++) {');
  w.line(`let r = rng.next() * ${num(span)};`);
  w.line(`if (r >= ${num(total)}) continue;`);
  outs.forEach((c, j) => w.line(`r -= ${num(weights[j])}; if (r < 0) { gateOut[${c}]++; continue; }`));
  w.line('}');
}

/** distributeInTurn (gate.ts) with the weights written in. */
function distributeInTurn(w: Writer, g: number, outs: number[], weights: number[]): void {
  const rounded = weights.map((x) => Math.round(x));
  let total = 0;
  for (const x of rounded) total += x;
  const span = spanOf(w, g, total);
  if (!(span > 0)) return;
  w.line(`const counter = h.below(m.gateCounter[${g}], ${num(span)});`);
  w.line(`const full = Math.floor(amount / ${num(span)});`);
  w.line(`const rem = amount - full * ${num(span)};`);
  w.line(`if (full > 0) { ${outs.map((c, j) => `gateOut[${c}] += ${num(rounded[j])} * full;`).join(' ')} }`);
  w.line('for (let j = 0; j < rem; j++) {');
  w.line(`let slot = h.below(counter + j, ${num(span)});`);
  w.line(`if (slot >= ${num(total)}) continue;`);
  outs.forEach((c, j) => w.line(`slot -= ${num(rounded[j])}; if (slot < 0) { gateOut[${c}]++; continue; }`));
  w.line('}');
  w.line(`m.gateCounter[${g}] = h.below(counter + amount, ${num(span)});`);
}
