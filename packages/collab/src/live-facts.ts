import * as Y from 'yjs';
import { rootsOf } from './live-document.js';

/**
 * What the editor shows beside the document and saves through its own endpoints: the diagram's
 * name and its tour. The server writes each saved value into the live document's `meta` map, so
 * every open tab (editors and viewers) shows it without a reload; an absent key means "nothing new
 * since the page loaded". (A person's tags are their own: they reach only their own tabs, through
 * their Socket.IO room, never the shared document.)
 */
export interface LiveFacts {
  name?: string;
  /** The tour's steps (an empty list: no tour). */
  tour?: unknown[];
}

const FACT_KEYS = ['name', 'tour'] as const;

/** Writes the given facts (only those given) into the live document, as one transaction. */
export function setFacts(doc: Y.Doc, facts: LiveFacts, origin: unknown = null): void {
  const meta = rootsOf(doc).meta;
  doc.transact(() => {
    for (const key of FACT_KEYS) if (facts[key] !== undefined) meta.set(key, facts[key]);
  }, origin);
}

/** Forgets the facts a stored live state carries: what the page loads from the server is newer. */
export function clearFacts(doc: Y.Doc, origin: unknown = null): void {
  const meta = rootsOf(doc).meta;
  if (!FACT_KEYS.some((key) => meta.has(key))) return;
  doc.transact(() => {
    for (const key of FACT_KEYS) meta.delete(key);
  }, origin);
}

/** The facts the live document holds now. */
export function factsOf(doc: Y.Doc): LiveFacts {
  const meta = rootsOf(doc).meta;
  const name = meta.get('name');
  const tour = meta.get('tour');
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(Array.isArray(tour) ? { tour: tour as unknown[] } : {}),
  };
}

/** Whether a change of the meta map touched the facts (not only the saved version). */
export function factsChanged(event: Y.YMapEvent<unknown>): boolean {
  return FACT_KEYS.some((key) => event.keysChanged.has(key));
}
