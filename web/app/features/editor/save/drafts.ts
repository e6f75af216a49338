import { personalCopies } from '../../../lib/personal-copies';
import { localStore } from '../../../lib/safe-storage';
import type { EditorDiagram } from '../model/types';

/** A document the server does not have yet, kept in this browser until it does. */
export interface Draft {
  baseVersion: number;
  doc: EditorDiagram;
  at: number;
}

const key = personalCopies.draftKey;

export function readDraft(fuid: string): Draft | null {
  try {
    const text = localStore.get(key(fuid));
    return text ? (JSON.parse(text) as Draft) : null;
  } catch {
    return null;
  }
}

/** Storage full or blocked: the draft stays in memory and the server save is still on its way. */
export function writeDraft(fuid: string, draft: Draft): void {
  localStore.set(key(fuid), JSON.stringify(draft));
}

export function clearDraft(fuid: string): void {
  localStore.remove(key(fuid));
}
