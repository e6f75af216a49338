import { C_INPUT, T_REGISTER } from './program.js';

/** Passive registers ordered so that each comes after the registers feeding it (creation order otherwise; cycles keep creation order). */
export function registerOrder(
  n: number,
  type: Uint8Array,
  interactive: Uint8Array,
  cKind: Uint8Array,
  cFrom: Int32Array,
  cTo: Int32Array,
): Int32Array {
  const regs: number[] = [];
  for (let i = 0; i < n; i++) if (type[i] === T_REGISTER && !interactive[i]) regs.push(i);
  const deps = new Map<number, number[]>(regs.map((r) => [r, []]));
  for (let c = 0; c < cKind.length; c++) {
    if (cKind[c] !== C_INPUT) continue;
    const from = cFrom[c],
      to = cTo[c];
    if (deps.has(to) && deps.has(from)) deps.get(to)!.push(from);
  }
  const order: number[] = [];
  const state = new Map<number, number>(); // 1 visiting, 2 done
  const visit = (r: number): void => {
    if (state.get(r)) return;
    state.set(r, 1);
    for (const dep of deps.get(r)!) if (!state.get(dep)) visit(dep);
    state.set(r, 2);
    order.push(r);
  };
  for (const r of regs) visit(r);
  return Int32Array.from(order);
}
