import { describe, expect, it } from 'vitest';
import { emptyDiagram, newConnection, newNode } from '../model/defaults';
import { addConnection, addNode, moveNodes, removeElements } from '../model/ops';
import type { EditorDiagram } from '../model/types';
import { DrawablesCache } from './connection-routes';
import { FlowNodeCache } from './to-flow';

/** Source s1 → pool p1 → drain d1, and a state connection c3 from p1 to c1's label. */
function economy(): EditorDiagram {
  return {
    ...emptyDiagram(),
    nodes: [
      newNode('source', 's1', 'Source 1', 0, 0),
      newNode('pool', 'p1', 'Pool 1', 200, 0),
      newNode('drain', 'd1', 'Drain 1', 400, 0),
    ],
    connections: [
      newConnection('c1', 'resource', 's1', 'p1'),
      newConnection('c2', 'resource', 'p1', 'd1'),
      newConnection('c3', 'state', 'p1', 'c1'),
    ],
  };
}

const ids = (items: { connection: { id: string } }[]) => items.map((item) => item.connection.id);

describe('the canvas keeps what a move does not change', () => {
  it('keeps the list of drawn connections when elements move, and makes a new one when the diagram changes', () => {
    const cache = new DrawablesCache();
    const doc = economy();
    const first = cache.of(doc);
    expect(ids(first)).toEqual(['c1', 'c2', 'c3']);
    const moved = moveNodes(doc, new Map([['p1', { x: 260, y: 40 }]]));
    expect(cache.of(moved)).toBe(first);

    const linked = addConnection(moved, newConnection('c4', 'resource', 'd1', 's1'));
    expect(ids(cache.of(linked))).toEqual(['c1', 'c2', 'c3', 'c4']);
    const withoutDrain = removeElements(linked, { nodes: ['d1'], connections: [] });
    expect(ids(cache.of(withoutDrain))).toEqual(['c1', 'c3']);
    // The same connections, but an end that was missing arrives (as a co-editor's edit can).
    const dangling = addConnection(withoutDrain, newConnection('c5', 'resource', 's1', 'x9'));
    expect(ids(cache.of(dangling))).toEqual(['c1', 'c3']);
    expect(ids(cache.of(addNode(dangling, newNode('pool', 'x9', 'Pool 9', 0, 200))))).toEqual(['c1', 'c3', 'c5']);
  });

  it('hands React Flow the same hidden nodes when only the selection changes far out, and the selection once shown', () => {
    const cache = new FlowNodeCache();
    const doc = economy();
    const hidden = cache.build(doc, { nodes: [], connections: [] }, true);
    expect(cache.build(doc, { nodes: ['p1'], connections: [] }, true)).toBe(hidden);
    const moved = moveNodes(doc, new Map([['p1', { x: 260, y: 40 }]]));
    const hiddenMoved = cache.build(moved, { nodes: ['p1'], connections: [] }, true);
    expect(hiddenMoved.find((n) => n.id === 'p1')?.position).toEqual({ x: 260, y: 40 });

    const shown = cache.build(moved, { nodes: ['p1'], connections: [] }, false);
    expect(shown.find((n) => n.id === 'p1')).toMatchObject({ selected: true, hidden: false });
    expect(shown.find((n) => n.id === 's1')).toMatchObject({ selected: false, hidden: false });
  });
});
