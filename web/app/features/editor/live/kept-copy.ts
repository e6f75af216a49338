import { IndexeddbPersistence } from 'y-indexeddb';
import type * as Y from 'yjs';

/** A database of its own: opening the kept copy's name here first would leave it without its stores. */
const CHECK_DATABASE = 'loopwright-storage-check';

/**
 * Whether this browser lets the page open an IndexedDB database. Blocked site data, some private
 * modes and sandboxed frames refuse it, at once (SecurityError) or through the request's error.
 */
function indexedDbOpens(): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(CHECK_DATABASE);
      request.onsuccess = () => {
        request.result.close();
        resolve(true);
      };
      request.onerror = () => resolve(false);
    } catch {
      resolve(false);
    }
  });
}

/**
 * This browser's copy of a live document in IndexedDB, synced with `doc` (what it holds is read into
 * `doc`, then every update is written), or null where the browser refuses the storage: the live
 * session then works without a copy kept across reloads.
 */
export async function openKeptCopy(name: string, doc: Y.Doc): Promise<IndexeddbPersistence | null> {
  if (typeof indexedDB === 'undefined' || !(await indexedDbOpens())) return null;
  const kept = new IndexeddbPersistence(name, doc);
  await kept.whenSynced;
  return kept;
}
