import { describe, expect, it } from 'vitest';
import { emptyDiagram, newConnection, newNode } from './defaults';
import {
  addConnection,
  addNode,
  copyFragment,
  moveNodes,
  paintSelection,
  pasteFragment,
  removeElements,
  updateConnection,
  updateNode,
  updateSettings,
} from './ops';
import type { EditorDiagram } from './types';

/** Source s1 → pool p1 → drain d1, a state connection c3 from p1 to c1's label, and a lone pool p2. */
function economy(): EditorDiagram {
  let doc = emptyDiagram();
  doc = addNode(doc, newNode('source', 's1', 'Source 1', 0, 0));
  doc = addNode(doc, newNode('pool', 'p1', 'Pool 1', 200, 0));
  doc = addNode(doc, newNode('drain', 'd1', 'Drain 1', 400, 0));
  doc = addNode(doc, newNode('pool', 'p2', 'Pool 2', 200, 300));
  doc = addConnection(doc, newConnection('c1', 'resource', 's1', 'p1'));
  doc = addConnection(doc, newConnection('c2', 'resource', 'p1', 'd1'));
  doc = addConnection(doc, newConnection('c3', 'state', 'p1', 'c1'));
  return doc;
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('document operations', () => {
  it('add and update make a new document and leave the old one and untouched elements as they were', () => {
    const before = economy();
    const after = updateNode(before, 'p1', { name: 'Gold' });
    expect(after).not.toBe(before);
    expect(before.nodes[1].name).toBe('Pool 1');
    expect(after.nodes[1]).toMatchObject({ id: 'p1', name: 'Gold', type: 'pool' });
    expect(after.nodes[0]).toBe(before.nodes[0]);
    expect(after.connections).toBe(before.connections);

    const recoloured = updateConnection(after, 'c2', { formula: '2' });
    expect(recoloured.connections[1].formula).toBe('2');
    expect(recoloured.connections[0]).toBe(after.connections[0]);
    expect(recoloured.nodes).toBe(after.nodes);

    expect(updateSettings(before, { stepsLimit: 50 }).settings).toMatchObject({ stepsLimit: 50, dice: 'D6' });
    expect(before.settings.stepsLimit).toBe(100);
  });

  it('moves nodes to whole pixels, and returns the same document when nothing moved', () => {
    const before = economy();
    const moved = moveNodes(before, new Map([['p1', { x: 210.4, y: 9.6 }]]));
    expect(moved.nodes[1]).toMatchObject({ x: 210, y: 10 });
    expect(moved.nodes[0]).toBe(before.nodes[0]);
    expect(moveNodes(moved, new Map([['p1', { x: 209.8, y: 10.2 }]]))).toBe(moved);
    expect(moveNodes(before, new Map([['nobody', { x: 1, y: 1 }]]))).toBe(before);
  });

  it('removing a node removes every connection touching it, and connections attached to those', () => {
    const after = removeElements(economy(), { nodes: ['s1'], connections: [] });
    // c1 touched s1; c3 pointed at c1's label, so it goes too.
    expect(ids(after.nodes)).toEqual(['p1', 'd1', 'p2']);
    expect(ids(after.connections)).toEqual(['c2']);
  });

  it('removes connections attached to removed connections whatever order they are stored in', () => {
    const doc = economy();
    const labelFirst = { ...doc, connections: [doc.connections[2], doc.connections[0], doc.connections[1]] };
    expect(ids(removeElements(labelFirst, { nodes: ['s1'], connections: [] }).connections)).toEqual(['c2']);
  });

  it('removing a connection alone keeps its ends', () => {
    const after = removeElements(economy(), { nodes: [], connections: ['c2'] });
    expect(ids(after.nodes)).toEqual(['s1', 'p1', 'd1', 'p2']);
    expect(ids(after.connections)).toEqual(['c1', 'c3']);
  });

  it('copies the selected nodes with the connections among them (also those attached to copied connections)', () => {
    const fragment = copyFragment(economy(), { nodes: ['s1', 'p1'], connections: [] });
    expect(ids(fragment.nodes)).toEqual(['s1', 'p1']);
    expect(ids(fragment.connections)).toEqual(['c1', 'c3']);
    expect(copyFragment(economy(), { nodes: ['p2'], connections: [] }).connections).toEqual([]);
  });

  it('pastes with fresh ids, shifted, with connections rewired to the copies, and selects the pasted elements', () => {
    const doc = economy();
    const fragment = copyFragment(doc, { nodes: ['s1', 'p1'], connections: [] });
    const { doc: pasted, selection } = pasteFragment(doc, fragment, { x: 30, y: 40 });
    expect(pasted.nodes).toHaveLength(6);
    expect(pasted.connections).toHaveLength(5);
    const all = [...ids(pasted.nodes), ...ids(pasted.connections)];
    expect(new Set(all).size).toBe(all.length);

    const [source, pool] = selection.nodes.map((id) => pasted.nodes.find((n) => n.id === id)!);
    expect(source).toMatchObject({ type: 'source', name: 'Source 1', x: 30, y: 40 });
    expect(pool).toMatchObject({ type: 'pool', name: 'Pool 1', x: 230, y: 40 });
    const [flow, state] = selection.connections.map((id) => pasted.connections.find((c) => c.id === id)!);
    expect(flow).toMatchObject({ kind: 'resource', from: source.id, to: pool.id });
    expect(state).toMatchObject({ kind: 'state', from: pool.id, to: flow.id });
    // The originals are untouched.
    expect(pasted.connections.slice(0, 3)).toEqual(doc.connections);
  });

  it('shifts the bend points of pasted connections', () => {
    const doc = updateConnection(economy(), 'c1', { points: [{ x: 100, y: 50 }] });
    const fragment = copyFragment(doc, { nodes: ['s1', 'p1'], connections: [] });
    const { doc: pasted, selection } = pasteFragment(doc, fragment, { x: 10, y: 10 });
    const copy = pasted.connections.find((c) => c.id === selection.connections[0])!;
    expect(copy.points).toEqual([{ x: 110, y: 60 }]);
    expect(pasted.connections[0].points).toEqual([{ x: 100, y: 50 }]);
  });

  it('paints every selected element and connection, and undefined brings the default back', () => {
    const painted = paintSelection(economy(), { nodes: ['p1', 'd1'], connections: ['c1'] }, '#ff0000');
    expect(painted.nodes.filter((n) => n.color === '#ff0000').map((n) => n.id)).toEqual(['p1', 'd1']);
    expect(painted.connections.filter((c) => c.color === '#ff0000').map((c) => c.id)).toEqual(['c1']);
    const back = paintSelection(painted, { nodes: ['p1'], connections: [] }, undefined);
    expect(back.nodes[1].color).toBeUndefined();
    expect(back.nodes[2].color).toBe('#ff0000');
  });
});
