import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyDocument, readDocument, type LiveDocument } from './live-document.js';
import { clearFacts, factsChanged, factsOf, setFacts } from './live-facts.js';

const document: LiveDocument = { version: 1, settings: {}, nodes: [], connections: [], variables: [] };

describe("the diagram's name and tour in the live document", () => {
  it('reach the other replica; the document itself is untouched', () => {
    const one = new Y.Doc();
    const two = new Y.Doc();
    applyDocument(one, document);
    Y.applyUpdate(two, Y.encodeStateAsUpdate(one));
    const seen: boolean[] = [];
    two.getMap('meta').observe((event) => seen.push(factsChanged(event)));
    one.on('update', (update: Uint8Array) => Y.applyUpdate(two, update));

    setFacts(one, { name: 'Economy v2' });
    expect(factsOf(two)).toEqual({ name: 'Economy v2' });
    setFacts(one, { tour: [{ title: 'Start', text: 'Here', nodes: [] }] });
    expect(factsOf(two)).toEqual({ name: 'Economy v2', tour: [{ title: 'Start', text: 'Here', nodes: [] }] });
    expect(readDocument(two)).toEqual(document);
    expect(seen).toEqual([true, true]);

    clearFacts(one);
    expect(factsOf(two)).toEqual({});
  });

  it('a saved-version mark is not a change of the facts', () => {
    const doc = new Y.Doc();
    const seen: boolean[] = [];
    doc.getMap('meta').observe((event) => seen.push(factsChanged(event)));
    doc.getMap('meta').set('savedVersion', 3);
    expect(seen).toEqual([false]);
  });
});
