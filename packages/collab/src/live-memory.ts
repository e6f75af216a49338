import * as Y from 'yjs';

/** Per client, the clock up to which a document's values were trimmed (see trimDecodedValues). */
export type TrimmedUpTo = Map<number, number>;

/**
 * Yjs decodes each value of an update into an array grown by push, which keeps room for 16 more
 * values: for a diagram, whose every property is one such value, that is about a megabyte per
 * 1,000 elements held by a server for as long as the document is open. Each value's array is copied
 * to its exact size here (the values themselves are not touched). Only structs past `upTo` are
 * visited; the answer is where to start next time.
 */
export function trimDecodedValues(doc: Y.Doc, upTo: TrimmedUpTo = new Map()): TrimmedUpTo {
  const next: TrimmedUpTo = new Map();
  for (const [client, structs] of doc.store.clients) {
    const from = upTo.get(client) ?? 0;
    for (let i = structs.length - 1; i >= 0 && structs[i].id.clock + structs[i].length > from; i--) {
      const struct = structs[i];
      if (struct instanceof Y.Item && struct.content instanceof Y.ContentAny)
        struct.content.arr = struct.content.arr.slice();
    }
    const last = structs[structs.length - 1];
    next.set(client, last ? last.id.clock + last.length : from);
  }
  return next;
}
