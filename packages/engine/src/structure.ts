import { parseCondition } from './formula/roles.js';
import type { Problem } from './problems.js';
import type { Diagram, DiagramConnection, DiagramNode } from './schema.js';

const VALUE_NODES = new Set(['pool', 'register', 'delay', 'gate', 'source', 'drain', 'converter', 'trader']);

/** Checks of the document's structure; formulas are checked while compiling. */
export function structuralProblems(d: Diagram): Problem[] {
  const out: Problem[] = [];
  const add = (id: string, code: string, message: string, severity: 'error' | 'warning' = 'error', disables = false) =>
    out.push({ id, code, message, severity, ...(disables ? { disables } : {}) });
  const nodes = new Map<string, DiagramNode>();
  const conns = new Map<string, DiagramConnection>();
  for (const n of d.nodes) {
    if (nodes.has(n.id)) add(n.id, 'DUPLICATE_ID', `Another element already has the id '${n.id}'.`);
    nodes.set(n.id, n);
  }
  for (const c of d.connections) {
    if (nodes.has(c.id) || conns.has(c.id)) add(c.id, 'DUPLICATE_ID', `Another element already has the id '${c.id}'.`);
    conns.set(c.id, c);
  }
  const inputs = new Map<string, DiagramConnection[]>();
  const outputs = new Map<string, DiagramConnection[]>();
  const stateIn = new Map<string, DiagramConnection[]>();
  for (const c of d.connections) {
    const from = nodes.get(c.from);
    if (!from) {
      add(c.id, 'DANGLING_CONNECTION', `The connection starts at '${c.from}', which is not a node of the diagram.`);
      continue;
    }
    const toNode = nodes.get(c.to);
    if (c.kind === 'resource') {
      if (!toNode) {
        add(
          c.id,
          'DANGLING_CONNECTION',
          `The resource connection ends at '${c.to}', which is not a node of the diagram.`,
        );
        continue;
      }
      for (const [n, side] of [
        [from, 'start'],
        [toNode, 'end'],
      ] as const) {
        if (
          !VALUE_NODES.has(n.type) ||
          n.type === 'register' ||
          (side === 'end' && n.type === 'source') ||
          (side === 'start' && n.type === 'drain')
        ) {
          add(c.id, 'RESOURCE_ENDPOINT', `A resource connection cannot ${side} at the ${n.type} '${n.id}'.`);
        }
      }
      push(outputs, c.from, c);
      push(inputs, c.to, c);
    } else {
      if (!toNode && !conns.has(c.to)) {
        add(
          c.id,
          'DANGLING_CONNECTION',
          `The state connection ends at '${c.to}', which is neither a node nor a connection.`,
        );
        continue;
      }
      if (toNode) push(stateIn, c.to, c);
      push(outputs, `state:${c.from}`, c);
    }
  }
  for (const n of d.nodes) {
    const ins = inputs.get(n.id) ?? [];
    const outs = outputs.get(n.id) ?? [];
    switch (n.type) {
      case 'pool':
        if (n.capacity !== undefined && n.capacity >= 0 && (n.start ?? 0) > n.capacity) {
          add(
            n.id,
            'START_EXCEEDS_CAPACITY',
            `The pool starts with ${n.start} resources but its capacity is ${n.capacity}.`,
          );
        }
        break;
      case 'source':
        if (outs.length === 0 && (outputs.get(`state:${n.id}`) ?? []).length === 0) {
          add(n.id, 'SOURCE_NO_OUTPUT', 'A source needs an output.', 'warning', true);
        }
        break;
      case 'drain':
        if (ins.length === 0) add(n.id, 'DRAIN_NO_INPUT', 'A drain needs an input.', 'warning', true);
        break;
      case 'converter':
        if (ins.length === 0) add(n.id, 'CONVERTER_NO_INPUT', 'A converter needs at least one input.', 'warning', true);
        if (outs.length !== 1) {
          add(
            n.id,
            'CONVERTER_OUTPUTS',
            `A converter needs exactly one output; it has ${outs.length}.`,
            'warning',
            true,
          );
        }
        break;
      case 'trader': {
        const inColours = ins.map((c) => c.color ?? '').sort();
        const outColours = outs.map((c) => c.color ?? '').sort();
        const ok =
          ins.length === 2 &&
          outs.length === 2 &&
          inColours.every((col) => col !== '') &&
          inColours[0] !== inColours[1] &&
          inColours.join() === outColours.join();
        if (!ok) {
          add(
            n.id,
            'TRADER_PAIRS',
            'A trader needs exactly two colour-coded pairs: two inputs and two outputs of the same two colours.',
            'warning',
            true,
          );
        }
        break;
      }
      case 'delay':
        if (outs.length > 1)
          add(
            n.id,
            'DELAY_OUTPUTS',
            `A delay cannot have more than one output; it has ${outs.length}.`,
            'warning',
            true,
          );
        break;
      case 'gate': {
        const gateOuts =
          ins.length > 0
            ? outs
            : (outputs.get(`state:${n.id}`) ?? []).filter((c) => c.formula.trim() !== '*' && c.formula.trim() !== '!');
        const kinds = new Set(gateOuts.map((c) => gateOutputKind(c.formula)));
        if (kinds.size > 1) {
          add(
            n.id,
            'GATE_MIXED_OUTPUTS',
            'The outputs of a gate must all be of one kind: weights, percentages or conditions.',
            'warning',
            true,
          );
        }
        break;
      }
      case 'end':
        if ((stateIn.get(n.id) ?? []).length === 0)
          add(n.id, 'END_NO_INPUT', 'An end condition needs a state input.', 'warning', true);
        break;
      default:
        break;
    }
  }
  return out;
}

export function gateOutputKind(formula: string): 'weight' | 'percent' | 'condition' {
  const t = formula.trim();
  if (parseCondition(t)) return 'condition';
  if (t.endsWith('%')) return 'percent';
  return 'weight';
}

function push<K, V>(map: Map<K, V[]>, key: K, v: V): void {
  const list = map.get(key);
  if (list) list.push(v);
  else map.set(key, [v]);
}
