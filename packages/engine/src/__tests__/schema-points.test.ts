import { describe, expect, it } from 'vitest';
import { diagramSchema } from '../index.js';

describe('connection bend points', () => {
  it('survive parsing, so the editor’s drawing is kept through a save', () => {
    const document = diagramSchema.parse({
      nodes: [
        { id: 's', type: 'source', name: 'S', x: 0, y: 0, activation: 'automatic' },
        { id: 'p', type: 'pool', name: 'P', x: 200, y: 0 },
      ],
      connections: [
        {
          id: 'c',
          kind: 'resource',
          from: 's',
          to: 'p',
          formula: '1',
          points: [
            { x: 100, y: 40 },
            { x: 150, y: 40 },
          ],
        },
      ],
    });
    expect(document.connections[0].points).toEqual([
      { x: 100, y: 40 },
      { x: 150, y: 40 },
    ]);
  });
});
