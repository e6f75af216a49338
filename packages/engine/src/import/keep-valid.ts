import { validate } from '../validate.js';
import type { ImportedConnection, ImportedNode, ImportResult } from './common.js';

/**
 * The importers' safety net for files unlike any seen so far: whatever the engine would still
 * refuse is neutralised and reported, so an import always validates — a connection is left out,
 * a register keeps no formula, a pool's start is cut to its capacity, the dice fall back to D6.
 */
export function keepValid(result: ImportResult): ImportResult {
  const d = result.diagram;
  for (let round = 0; round < 8; round++) {
    const errors = validate(d).filter((p) => p.severity === 'error');
    if (errors.length === 0) break;
    const nodes = new Map((d.nodes ?? []).map((n) => [n.id, n]));
    const drop = new Set<string>();
    for (const p of errors) {
      const conn = (d.connections ?? []).find((c) => c.id === p.id);
      const node = nodes.get(p.id);
      if (conn) {
        drop.add(conn.id);
        result.warnings.push({
          id: conn.id,
          kind: `${conn.kind ?? 'resource'} connection`,
          message: `${reason(p.message)}; left out`,
        });
      } else if (node) fixNode(node, p.message, drop, result);
      else if (p.id === '' && d.settings) {
        result.warnings.push({
          id: '',
          kind: 'setting',
          message: `dice '${d.settings.dice}' could not be read (${p.message}); D6 is used`,
        });
        d.settings.dice = 'D6';
      } else return result;
    }
    d.connections = (d.connections ?? []).filter((c: ImportedConnection) => !drop.has(c.id));
    d.nodes = (d.nodes ?? []).filter((n) => !drop.has(n.id));
  }
  return result;
}

function fixNode(node: ImportedNode, message: string, drop: Set<string>, result: ImportResult): void {
  if (node.type === 'register' && node.formula) {
    result.warnings.push({
      id: node.id,
      kind: 'register',
      message: `formula '${node.formula}' could not be read (${reason(message)}); the register shows the sum of its inputs`,
    });
    node.formula = '';
  } else if (
    node.type === 'pool' &&
    node.capacity !== undefined &&
    node.capacity >= 0 &&
    (node.start ?? 0) > node.capacity
  ) {
    result.warnings.push({
      id: node.id,
      kind: 'pool',
      message: `start ${node.start} is above the capacity ${node.capacity}; imported as ${node.capacity}`,
    });
    node.start = node.capacity;
  } else {
    drop.add(node.id);
    result.warnings.push({ id: node.id, kind: node.type, message: `${reason(message)}; left out` });
  }
}

/**
 * A validation problem as the reason part of a report line ("<reason>; <what was done>", the form
 * every import report line has): a lower-case start, no closing full stop.
 */
function reason(message: string): string {
  const text = message.trim().replace(/\.$/, '');
  return /^[A-Z](?=[a-z ])/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}
