import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DiagramInput } from '../schema.js';

export const FIXTURES = fileURLToPath(new URL('../__fixtures__/', import.meta.url));

export function fixture(name: string): DiagramInput {
  return JSON.parse(readFileSync(`${FIXTURES}${name}.json`, 'utf8')) as DiagramInput;
}

type N = Record<string, unknown> & { id: string; type: string };
type C = Record<string, unknown> & { id: string; from: string; to: string };

/** Small builder for documents in tests. */
export function diagram(
  nodes: N[],
  connections: (C & { kind?: 'resource' | 'state' })[],
  settings: Record<string, unknown> = {},
  variables: { name: string; formula: string }[] = [],
): DiagramInput {
  return {
    version: 1,
    settings: { stepsLimit: 10, ...settings },
    nodes: nodes as DiagramInput['nodes'],
    connections: connections.map((c) => ({ kind: 'resource', formula: '1', ...c })),
    variables,
  };
}
