import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyDocument, readDocument, type LiveDocument } from './live-document.js';
import { trimDecodedValues } from './live-memory.js';

const documentOf = (nodes: number): LiveDocument => ({
  version: 1,
  settings: { stepsLimit: 30 },
  nodes: Array.from({ length: nodes }, (_, i) => ({ id: `n${i}`, type: 'pool', name: `Pool ${i}`, x: i, y: 0 })),
  connections: [],
  variables: [],
});

/** The value arrays of the document's items (ContentAny), in struct order. */
function valueArrays(doc: Y.Doc): unknown[][] {
  const arrays: unknown[][] = [];
  for (const structs of doc.store.clients.values())
    for (const struct of structs)
      if (struct instanceof Y.Item && struct.content instanceof Y.ContentAny) arrays.push(struct.content.arr);
  return arrays;
}

describe("trimming a live document's decoded values", () => {
  it('replaces each decoded value array by an exact copy, and the document reads the same', () => {
    const source = new Y.Doc();
    applyDocument(source, documentOf(20));
    const doc = new Y.Doc();
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(source));
    const decoded = valueArrays(doc);

    const upTo = trimDecodedValues(doc);
    const trimmed = valueArrays(doc);
    expect(trimmed).toHaveLength(decoded.length);
    trimmed.forEach((array, i) => {
      expect(array).not.toBe(decoded[i]);
      expect(array).toEqual(decoded[i]);
    });
    expect(readDocument(doc)).toEqual(readDocument(source));
    expect(Y.encodeStateAsUpdate(doc)).toEqual(Y.encodeStateAsUpdate(source));

    // Next time only what arrived since is copied again.
    const update = (() => {
      const before = Y.encodeStateVector(source);
      source.getMap<Y.Map<unknown>>('nodes').get('n3')!.set('name', 'Bank');
      return Y.encodeStateAsUpdate(source, before);
    })();
    Y.applyUpdate(doc, update);
    const again = valueArrays(doc);
    trimDecodedValues(doc, upTo);
    const after = valueArrays(doc);
    expect(after.filter((array) => !again.includes(array))).toEqual([['Bank']]);
    expect(readDocument(doc)).toEqual(readDocument(source));
  });
});
