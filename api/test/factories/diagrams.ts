import type { DiagramInput } from '@loopwright/engine';
import type { ApiClient } from '../support/api-client.js';

/**
 * A small seeded economy (ENGINE.md golden example 8 plus a dice source and an end condition):
 * Source —1→ Gold —5→ Invest —1→ Upgrades, Upgrades ··+1··> the Source→Gold label,
 * Mine —D6→ Ore, Upgrades ··>=5··> End "win".
 */
export function economyDocument(overrides: Partial<DiagramInput> = {}): DiagramInput {
  return {
    version: 1,
    settings: { stepsLimit: 60, seed: 7 },
    nodes: [
      { id: 'source', type: 'source', name: 'Income', x: 80, y: 120, activation: 'automatic' },
      { id: 'gold', type: 'pool', name: 'Gold', x: 260, y: 120, start: 0 },
      { id: 'invest', type: 'converter', name: 'Invest', x: 440, y: 120, activation: 'automatic', mode: 'pull-all' },
      { id: 'upgrades', type: 'pool', name: 'Upgrades', x: 620, y: 120, start: 0 },
      { id: 'mine', type: 'source', name: 'Mine', x: 80, y: 300, activation: 'automatic' },
      { id: 'ore', type: 'pool', name: 'Ore', x: 260, y: 300, start: 0 },
      { id: 'win', type: 'end', name: 'win', x: 620, y: 300 },
    ],
    connections: [
      { id: 'c1', kind: 'resource', from: 'source', to: 'gold', formula: '1' },
      { id: 'c2', kind: 'resource', from: 'gold', to: 'invest', formula: '5' },
      { id: 'c3', kind: 'resource', from: 'invest', to: 'upgrades', formula: '1' },
      { id: 's1', kind: 'state', from: 'upgrades', to: 'c1', formula: '+1' },
      { id: 'c4', kind: 'resource', from: 'mine', to: 'ore', formula: 'D6' },
      { id: 's2', kind: 'state', from: 'upgrades', to: 'win', formula: '>=5' },
    ],
    variables: [],
    ...overrides,
  };
}

/** The economy without its end condition: every run goes to the step limit, and Ore's D6 makes runs differ. */
export function endlessEconomy(): DiagramInput {
  const economy = economyDocument();
  return {
    ...economy,
    nodes: economy.nodes!.filter((n) => n.id !== 'win'),
    connections: economy.connections!.filter((c) => c.id !== 's2'),
  };
}

/** One source feeding one pool: the smallest diagram worth saving. */
export function tinyDocument(start = 0): DiagramInput {
  return {
    nodes: [
      { id: 'src', type: 'source', name: 'Source', x: 0, y: 0, activation: 'automatic' },
      { id: 'pool', type: 'pool', name: 'Pool', x: 200, y: 0, start },
    ],
    connections: [{ id: 'c', kind: 'resource', from: 'src', to: 'pool', formula: '2' }],
  };
}

/** Creates a diagram through the API and returns its contract view. */
export async function createDiagram(
  client: ApiClient,
  body: { name?: string; description?: string; document?: DiagramInput } = {},
): Promise<any> {
  const response = await client.post('/diagrams', { name: 'Economy', document: economyDocument(), ...body });
  if (response.status !== 201)
    throw new Error(`create diagram failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.content.diagram;
}
