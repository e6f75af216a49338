import * as kinds from '../program.js';
import type { Writer } from './writer.js';
import { LOCALS, num } from './writer.js';

// Local copies of imported constants (see the note in program.ts).
const { A_AUTOMATIC, T_POOL } = kinds;

/** Node firing kinds (see fireKinds in actions.ts). */
const F_PULL = 0,
  F_SOURCE = 1,
  F_CONVERTER = 2,
  F_PUSH = 3;

/** function fire(m): fireAutomatic (machine.ts), each automatic node's firing written out in node order. */
export function writeFire(w: Writer): void {
  const p = w.p;
  const head = [LOCALS, 'const actOk = m.actOk, fired = m.fired, satisfied = m.satisfied, convBuf = m.convBuf;'];
  const automatic = [];
  for (let i = 0; i < p.nodeCount; i++) if (p.activation[i] === A_AUTOMATIC && p.disabled[i] === 0) automatic.push(i);
  const calls = w.chunks('fire', head, automatic, (i) => {
    w.line(`if (actOk[${i}] === 1) {`);
    fireNode(w, i);
    w.line('}');
  });
  w.line(`function fire(m) { ${calls} }`);
}

/** fireNode(m, i, 0) without the event log. */
function fireNode(w: Writer, i: number): void {
  const p = w.p;
  const kind = w.m.fireKind[i];
  const all = p.allMode[i] === 1;
  if (kind === F_SOURCE) {
    w.line(`fired[${i}] = 1;`);
    for (let k = p.outStart[i]; k < p.outStart[i + 1]; k++) {
      const c = p.outList[k];
      w.line(`{ let a = ${w.rate(c)};`);
      w.moveAlong(c, null);
      w.line('}');
    }
    w.line(`satisfied[${i}] = 1;`);
  } else if ((kind === F_PULL || kind === F_PUSH) && !all) {
    w.line(`fired[${i}] = 1;`);
    const [list, start] = kind === F_PULL ? [p.inList, p.inStart] : [p.outList, p.outStart];
    w.line('let sat = 1;');
    for (let k = start[i]; k < start[i + 1]; k++) {
      const c = list[k];
      w.line(`{ const want = ${w.rate(c)}, avail = ${w.available(c)};`);
      w.line('let got = 0, a = want < avail ? want : avail;');
      w.moveAlong(c, 'got');
      w.line('if (got < want) sat = 0; }');
    }
    w.line(`satisfied[${i}] = sat;`);
  } else if (kind === F_PULL && all && w.m.sharedOrigins[i] === 0) {
    w.line(`fired[${i}] = 1;`);
    pullAll(w, i);
  } else if (kind === F_CONVERTER && w.m.sharedOrigins[i] === 0) {
    w.line(`fired[${i}] = 1;`);
    convert(w, i);
  } else w.line(`h.fireNode(m, ${i}, 0);`);
}

/** moveAll for a pull-all node whose inputs come from different origins (canPullAll). */
function pullAll(w: Writer, i: number): void {
  const p = w.p;
  w.line('let ok = true, total = 0;');
  for (let k = p.inStart[i]; k < p.inStart[i + 1]; k++) {
    const c = p.inList[k];
    w.line(`if (ok) { const want = ${w.rate(c)};`);
    w.line(`if (${w.available(c)} < want) ok = false; else total += want; }`);
  }
  const cap = w.m.blockingCapacity[i];
  if (cap >= 0) {
    w.line(`if (ok) { const room = ${num(cap)} - value[${i}] - incoming[${i}];`);
    w.line('if ((room > 0 ? room : 0) < total) ok = false; }');
  }
  w.line('if (ok) {');
  for (let k = p.inStart[i]; k < p.inStart[i + 1]; k++) {
    const c = p.inList[k];
    w.line(`{ let a = ${w.rate(c)};`);
    w.moveAlong(c, null);
    w.line('}');
  }
  w.line(`satisfied[${i}] = 1; } else satisfied[${i}] = 0;`);
}

/** convert(m, i, 0) for a converter whose inputs come from different origins. */
function convert(w: Writer, i: number): void {
  const p = w.p;
  const s = p.inStart[i],
    e = p.inStart[i + 1];
  w.line('let ok = true;');
  for (let k = s; k < e; k++) {
    const c = p.inList[k];
    w.line(`if (ok) { const need = ${w.rate(c)} - convBuf[${c}];`);
    w.line(`if (need > 0 && ${w.available(c)} < need) ok = false; }`);
  }
  w.line('if (ok) {');
  for (let k = s; k < e; k++) {
    const c = p.inList[k];
    const from = p.cFrom[c];
    // consumeFrom: only a pool gives up what was taken
    const consume = p.type[from] === T_POOL ? `value[${from}] -= need; ` : '';
    w.line(`{ const r = rate[${c}], held = convBuf[${c}], need = r - held;`);
    w.line(`if (need > 0) { ${consume}convBuf[${c}] = held + need - r; } else convBuf[${c}] = held - r; }`);
  }
  for (let k = p.outStart[i]; k < p.outStart[i + 1]; k++) {
    const c = p.outList[k];
    w.line(`{ const a = ${w.rate(c)};`);
    w.line('if (a > 0) {');
    w.deliver(c, String(p.cColour[c]), '0');
    w.line('} }');
  }
  w.line(`satisfied[${i}] = 1; } else satisfied[${i}] = 0;`);
}
