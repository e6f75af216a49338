import type { EditorDiagram } from '../model/types';

/** A document the server does not have yet, kept in this browser until it does. */
export interface Draft {
  baseVersion: number;
  doc: EditorDiagram;
  at: number;
}

const key = (fuid: string) => `loopwright:draft:${fuid}`;

export function readDraft(fuid: string): Draft | null {
  try {
    const text = localStorage.getItem(key(fuid));
    return text ? (JSON.parse(text) as Draft) : null;
  } catch {
    return null;
  }
}

export function writeDraft(fuid: string, draft: Draft): void {
  try {
    localStorage.setItem(key(fuid), JSON.stringify(draft));
  } catch {
    // storage full or disabled: the server save is still on its way
  }
}

export function clearDraft(fuid: string): void {
  try {
    localStorage.removeItem(key(fuid));
  } catch {
    // ignore
  }
}
