import { localStore } from './safe-storage';

/**
 * What the editor keeps of a person's diagrams in this browser, so work the server has not got yet
 * survives a reload: drafts and the live document's copy. Signing out forgets all of it, so the
 * next person at this browser finds none of it.
 */
const DRAFT = 'loopwright:draft:';
const LIVE_UNSYNCED = 'loopwright:live-unsynced:';
const LIVE_DATABASE = 'loopwright-live:';

export const personalCopies = {
  /** localStorage: a document the server does not have yet. */
  draftKey: (fuid: string) => `${DRAFT}${fuid}`,
  /** localStorage: whether the live copy holds edits the server has not confirmed. */
  liveUnsyncedKey: (fuid: string) => `${LIVE_UNSYNCED}${fuid}`,
  /** IndexedDB: the live document's copy, per person and diagram. */
  liveDatabase: (userId: string, fuid: string) => `${LIVE_DATABASE}${userId}:${fuid}`,
};

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    // Blocked: a tab still has it open; it goes once that tab closes it.
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/** Whether this browser holds edits the server has not got yet (offline, or a save still failing). */
export function holdsUnsentEdits(): boolean {
  return localStore.some((key) => key.startsWith(DRAFT) || key.startsWith(LIVE_UNSYNCED));
}

export async function forgetPersonalCopies(): Promise<void> {
  localStore.removeWhere((key) => key.startsWith(DRAFT) || key.startsWith(LIVE_UNSYNCED));
  try {
    const databases = await indexedDB.databases();
    await Promise.all(databases.flatMap(({ name }) => (name?.startsWith(LIVE_DATABASE) ? [deleteDatabase(name)] : [])));
  } catch {
    // No IndexedDB here (blocked storage, or a browser without databases()): nothing was kept in it.
  }
}
