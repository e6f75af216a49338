import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  applyDocument,
  DocumentMirror,
  mergeChange,
  mergeMissedChange,
  readDocument,
  rootsOf,
  shareUnchanged,
  withoutDanglingConnections,
  type LiveDocument,
} from './live-document.js';

const base = (): LiveDocument => ({
  version: 1,
  settings: { stepsLimit: 30 },
  nodes: [
    { id: 'a', type: 'source', name: 'A', x: 0, y: 0 },
    { id: 'b', type: 'pool', name: 'B', x: 100, y: 0, start: 0 },
  ] as unknown as LiveDocument['nodes'],
  connections: [
    { id: 'c', kind: 'resource', from: 'a', to: 'b', formula: '1' },
  ] as unknown as LiveDocument['connections'],
  variables: [{ name: 'rate', formula: '2' }],
});

/** Two replicas that exchange their updates, as two people through the server. */
function pair() {
  const one = new Y.Doc();
  const two = new Y.Doc();
  one.on('update', (u: Uint8Array, origin) => origin !== 'remote' && Y.applyUpdate(two, u, 'remote'));
  two.on('update', (u: Uint8Array, origin) => origin !== 'remote' && Y.applyUpdate(one, u, 'remote'));
  return { one, two };
}

describe('the diagram as a Yjs document', () => {
  it('reads back what was written, in order, and writes nothing when nothing changed', () => {
    const doc = new Y.Doc();
    applyDocument(doc, base());
    expect(readDocument(doc)).toEqual(base());
    let updates = 0;
    doc.on('update', () => updates++);
    applyDocument(doc, base());
    expect(updates).toBe(0);
  });

  it('keeps both changes when two people change different properties of one node, and one value for the same property', () => {
    const { one, two } = pair();
    applyDocument(one, base());
    const node = (doc: Y.Doc) => rootsOf(doc).nodes.get('b')!;
    // Offline from each other: both change node b.
    const oneState = Y.encodeStateVector(one);
    const twoState = Y.encodeStateVector(two);
    const separate = new Y.Doc();
    Y.applyUpdate(separate, Y.encodeStateAsUpdate(one));
    const doc = readDocument(one);
    applyDocument(one, { ...doc, nodes: doc.nodes.map((n) => (n.id === 'b' ? { ...n, name: 'Gold' } : n)) });
    applyDocument(separate, { ...doc, nodes: doc.nodes.map((n) => (n.id === 'b' ? { ...n, x: 500 } : n)) });
    Y.applyUpdate(one, Y.encodeStateAsUpdate(separate, oneState));
    Y.applyUpdate(separate, Y.encodeStateAsUpdate(one, twoState));
    expect(node(one).get('name')).toBe('Gold');
    expect(node(one).get('x')).toBe(500);
    expect(readDocument(separate)).toEqual(readDocument(one));
    expect(readDocument(two)).toEqual(readDocument(one));
  });

  it('places new elements between their neighbours without renumbering the others', () => {
    const doc = new Y.Doc();
    applyDocument(doc, base());
    const next = base();
    next.nodes.splice(1, 0, {
      id: 'm',
      type: 'pool',
      name: 'M',
      x: 50,
      y: 0,
    } as unknown as LiveDocument['nodes'][number]);
    let changedKeys = 0;
    rootsOf(doc).nodes.observeDeep((events) => (changedKeys += events.length));
    applyDocument(doc, next);
    expect(readDocument(doc).nodes.map((n) => n.id)).toEqual(['a', 'm', 'b']);
    expect(changedKeys).toBe(1);
  });

  it('given the document it holds, writes only the changed elements, and still adds, removes and reorders', () => {
    const doc = new Y.Doc();
    const first = base();
    applyDocument(doc, first);
    const moved = { ...first, nodes: [first.nodes[0], { ...first.nodes[1], x: 140 }] } as LiveDocument;
    let changedKeys = 0;
    rootsOf(doc).nodes.observeDeep((events) => (changedKeys += events.length));
    applyDocument(doc, moved, null, first);
    expect(readDocument(doc)).toEqual(moved);
    expect(changedKeys).toBe(1);

    const added = { ...moved, nodes: [...moved.nodes, { id: 'd', type: 'drain', name: 'D', x: 9, y: 9 }] };
    applyDocument(doc, added, null, moved);
    expect(readDocument(doc)).toEqual(added);
    const reordered = { ...added, nodes: [added.nodes[2], added.nodes[0], added.nodes[1]] };
    applyDocument(doc, reordered, null, added);
    expect(readDocument(doc).nodes.map((n) => n.id)).toEqual(['d', 'a', 'b']);
    const removed = { ...reordered, nodes: [reordered.nodes[0], reordered.nodes[2]] };
    applyDocument(doc, removed, null, reordered);
    expect(readDocument(doc)).toEqual(removed);
  });

  it("merges a saved document into the live one as the change since its base, keeping others' edits", () => {
    const live = base();
    live.nodes = live.nodes.map((n) => (n.id === 'a' ? { ...n, name: 'Live rename' } : n));
    const theirs = base();
    theirs.nodes = theirs.nodes.map((n) => (n.id === 'b' ? { ...n, start: 7 } : n));
    theirs.settings = { stepsLimit: 99 };
    const merged = mergeChange(live, base(), theirs);
    expect(merged.nodes.find((n) => n.id === 'a')).toMatchObject({ name: 'Live rename' });
    expect(merged.nodes.find((n) => n.id === 'b')).toMatchObject({ start: 7 });
    expect(merged.settings.stepsLimit).toBe(99);
    expect(
      withoutDanglingConnections({ ...merged, nodes: merged.nodes.filter((n) => n.id !== 'a') }).connections,
    ).toEqual([]);
  });

  it('brings in a save the live document missed, keeping what was changed live since', () => {
    // Live since the base: A renamed, the steps limit raised, a node added.
    const live = base();
    live.nodes[0] = { ...live.nodes[0], name: 'Live A' } as never;
    live.nodes.push({ id: 'd', type: 'drain', name: 'D', x: 0, y: 0 } as never);
    live.settings = { stepsLimit: 50 };
    // The missed save: A renamed too, B's start and the variable changed, the connection removed.
    const missed = base();
    missed.nodes[0] = { ...missed.nodes[0], name: 'Saved A' } as never;
    missed.nodes[1] = { ...missed.nodes[1], start: 7 } as never;
    missed.settings = { stepsLimit: 40 };
    missed.connections = [];
    missed.variables = [{ name: 'rate', formula: '3' }];

    type Shown = { id: string; name: string; start?: number };
    const merged = mergeMissedChange(live, base(), missed);
    expect((merged.nodes as Shown[]).map((n) => [n.id, n.name, n.start])).toEqual([
      ['a', 'Live A', undefined],
      ['b', 'B', 7],
      ['d', 'D', undefined],
    ]);
    expect(merged.settings.stepsLimit).toBe(50);
    expect(merged.connections).toEqual([]);
    expect(merged.variables).toEqual([{ name: 'rate', formula: '3' }]);
    // mergeChange, for a save made against the base, lets the save win instead.
    expect((mergeChange(live, base(), missed).nodes[0] as Shown).name).toBe('Saved A');
  });

  it("keeps the shown document's objects when the live one holds the same, with the reader's defaults filled in", () => {
    const doc = new Y.Doc();
    applyDocument(doc, base());
    const fill = (node: Record<string, unknown>) => ({ showInChart: true, ...node });
    const mirror = new DocumentMirror(doc, { node: fill });
    const shown = { ...base(), nodes: base().nodes.map((n) => fill(n as never)) } as unknown as LiveDocument;
    // Same content (the defaults filled in on both sides): the shown document itself.
    expect(mirror.adopt(shown)).toBe(shown);

    // Someone else changes B: A keeps its object, B is read again (with its default).
    rootsOf(doc).nodes.get('b')!.set('start', 5);
    mirror.changed([]);
    const next = new DocumentMirror(doc, { node: fill });
    const read = next.adopt(shown);
    expect(read).not.toBe(shown);
    expect(read.nodes[0]).toBe(shown.nodes[0]);
    expect(read.nodes[1]).toEqual({ ...shown.nodes[1], start: 5 });
  });

  it('shares the elements and settings two versions hold the same, and only those', () => {
    const before = base();
    const after = structuredClone(before);
    (after.nodes[1] as unknown as { name: string }).name = 'Bank';
    after.variables[0].formula = '3';
    const kept = shareUnchanged(before, after);
    expect(kept).toEqual(after);
    expect(kept.nodes[0]).toBe(before.nodes[0]);
    expect(kept.connections[0]).toBe(before.connections[0]);
    expect(kept.settings).toBe(before.settings);
    expect(kept.nodes[1]).toBe(after.nodes[1]);
    expect(kept.variables[0]).toBe(after.variables[0]);
    expect(shareUnchanged(null, after)).toBe(after);
  });
});
