import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDiagram, newNode } from './defaults';
import { EditorStore } from './editor-store';
import { addNode, updateNode } from './ops';

const withPool = () => addNode(emptyDiagram(), newNode('pool', 'p1', 'Pool 1', 0, 0));
const name = (store: EditorStore) => store.doc.nodes[0]?.name;

describe('the editor store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('edits, undoes and redoes, telling subscribers and bumping the revision each time', () => {
    const store = new EditorStore(emptyDiagram());
    const heard = vi.fn();
    store.subscribe(heard);
    const empty = store.doc;

    store.edit((doc) => addNode(doc, newNode('pool', 'p1', 'Pool 1', 0, 0)));
    const one = store.doc;
    expect(one.nodes).toHaveLength(1);
    expect(store.revision).toBe(1);
    expect(store).toMatchObject({ canUndo: true, canRedo: false });

    store.undo();
    expect(store.doc).toBe(empty);
    expect(store).toMatchObject({ canUndo: false, canRedo: true, revision: 2 });
    store.redo();
    expect(store.doc).toBe(one);
    expect(store.revision).toBe(3);
    expect(heard).toHaveBeenCalledTimes(3);

    store.undo();
    store.edit((doc) => addNode(doc, newNode('drain', 'd1', 'Drain 1', 0, 0)));
    expect(store.canRedo).toBe(false); // a new edit drops what could be redone
  });

  it('ignores an edit that changes nothing, and undo or redo with nothing to go back to', () => {
    const store = new EditorStore(withPool());
    const heard = vi.fn();
    store.subscribe(heard);
    store.edit((doc) => doc);
    store.undo();
    store.redo();
    expect(heard).not.toHaveBeenCalled();
    expect(store.revision).toBe(0);
  });

  it('makes typing in one field one undo step, but not edits further apart or of another field', () => {
    const store = new EditorStore(withPool());
    for (const typed of ['G', 'Go', 'Gol', 'Gold']) {
      store.edit((doc) => updateNode(doc, 'p1', { name: typed }), { coalesce: 'p1.name' });
      vi.advanceTimersByTime(300);
    }
    store.undo();
    expect(name(store)).toBe('Pool 1');

    store.redo();
    vi.advanceTimersByTime(1000);
    store.edit((doc) => updateNode(doc, 'p1', { name: 'Golden' }), { coalesce: 'p1.name' });
    store.edit((doc) => updateNode(doc, 'p1', { x: 50 }), { coalesce: 'p1.x' });
    store.undo();
    expect(store.doc.nodes[0]).toMatchObject({ name: 'Golden', x: 0 });
    store.undo();
    expect(name(store)).toBe('Gold');
  });

  it('keeps at most 200 undo steps', () => {
    const store = new EditorStore(withPool());
    for (let i = 1; i <= 205; i++) store.edit((doc) => updateNode(doc, 'p1', { x: i }));
    let steps = 0;
    while (store.canUndo) {
      store.undo();
      steps++;
    }
    expect(steps).toBe(200);
    expect(store.doc.nodes[0].x).toBe(5);
  });

  it('refuses every edit when read-only', () => {
    const store = new EditorStore(withPool());
    store.readOnly = true;
    store.edit((doc) => updateNode(doc, 'p1', { name: 'Changed' }));
    expect(name(store)).toBe('Pool 1');
    expect(store.canUndo).toBe(false);
  });

  it('selects with an edit, and tells subscribers of a selection only when it changed', () => {
    const store = new EditorStore(emptyDiagram());
    store.edit((doc) => addNode(doc, newNode('pool', 'p1', 'Pool 1', 0, 0)), {
      select: { nodes: ['p1'], connections: [] },
    });
    expect(store.selection).toEqual({ nodes: ['p1'], connections: [] });
    const heard = vi.fn();
    store.subscribe(heard);
    store.select({ nodes: ['p1'], connections: [] });
    expect(heard).not.toHaveBeenCalled();
    store.select({ nodes: [], connections: [] });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('replaces the document, clearing the history and selection unless the history is kept', () => {
    const store = new EditorStore(withPool(), { nodes: ['p1'], connections: [] });
    store.edit((doc) => updateNode(doc, 'p1', { name: 'Gold' }));
    store.replace(emptyDiagram());
    expect(store).toMatchObject({ canUndo: false, canRedo: false, selection: { nodes: [], connections: [] } });

    store.replace(withPool(), { keepHistory: true });
    store.undo();
    expect(store.doc.nodes).toEqual([]); // a restored version can be undone
  });

  it('says when a drag starts and ends, once each', () => {
    const store = new EditorStore(withPool());
    const heard = vi.fn();
    store.subscribe(heard);
    store.setDragging(true);
    store.setDragging(true);
    expect(store.dragging).toBe(true);
    store.setDragging(false);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('stops telling a subscriber once it unsubscribes', () => {
    const store = new EditorStore(withPool());
    const heard = vi.fn();
    const unsubscribe = store.subscribe(heard);
    unsubscribe();
    store.edit((doc) => updateNode(doc, 'p1', { name: 'Gold' }));
    expect(heard).not.toHaveBeenCalled();
  });

  it('lists the steps since a document, one per action, and says which edit joined the one before', () => {
    const loaded = withPool();
    const store = new EditorStore(loaded);
    expect(store.stepsSince(loaded)).toEqual([]);
    store.edit((doc) => updateNode(doc, 'p1', { name: 'G' }), { coalesce: 'p1.name' });
    expect(store.coalesced).toBe(false);
    store.edit((doc) => updateNode(doc, 'p1', { name: 'Go' }), { coalesce: 'p1.name' });
    expect(store.coalesced).toBe(true);
    const named = store.doc;
    store.edit((doc) => addNode(doc, newNode('pool', 'p2', 'Pool 2', 0, 0)));
    expect(store.coalesced).toBe(false);
    // Typing the name is one step, adding a pool another.
    expect(store.stepsSince(loaded)).toEqual([named, store.doc]);
    expect(store.stepsSince(emptyDiagram())).toBeNull();
  });
});
