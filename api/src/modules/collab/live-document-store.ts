import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  applyDocument,
  clearFacts,
  markSavedVersion,
  mergeMissedChange,
  readDocument,
  rootsOf,
  savedVersionOf,
  shareUnchanged,
  trimDecodedValues,
  withoutDanglingConnections,
  type LiveDocument,
  type PlanLimitMessage,
  type TrimmedUpTo,
} from '@loopwright/collab';
import { ErrorCode, type PlanLimitDetails } from '@loopwright/contracts';
import type { SaveResult } from '@loopwright/contracts';
import type { Logger } from 'pino';
import * as Y from 'yjs';
import { AppError } from '../../core/errors/app-error.js';
import { LOGGER } from '../../core/tokens.js';
import { checkDocument, type CheckedDocument } from '../diagrams/diagram-document.js';
import type { DiagramFacts } from '../diagrams/diagram-meta.js';
import { DiagramSaveService } from '../diagrams/diagram-save.service.js';
import { CollabRepository } from './collab.repository.js';

/** Marks the transaction that fills a live document from its JSON (not anyone's edit). */
export const LOAD_ORIGIN = Symbol('collab-load');
/** Marks what the store notes in a live document about itself (the saved version): nothing to store again. */
const BOOKKEEPING_ORIGIN = Symbol('collab-bookkeeping');
const COMMIT_TRIES = 3;
/** JSON documents kept per open live document by version: the bases an API save's changes are taken from. */
const KEPT_VERSIONS = 50;

/** What this app keeps beside each open live document's Y.Doc. */
interface OpenDocument {
  /** A digest of the JSON last saved from it: a store with nothing new for the JSON writes no version. */
  savedDigest: string | null;
  /** The JSON last saved from it (also among `versions`): what an edit over the plan's limits goes back to. */
  saved: LiveDocument | null;
  /** Recent JSON documents by version, sharing their unchanged elements (see shareUnchanged). */
  versions: Map<number, LiveDocument>;
  /** The Yjs state changed since it was loaded or last stored (a store without a change is skipped). */
  changed: boolean;
  /** Stores that encoded the Yjs state so far, and the last of them that succeeded. */
  storesStarted: number;
  storesDone: number;
  /** Who waits until everything the Y.Doc holds now is stored (see whenStored). */
  waiting: { store: number; resolve: () => void }[];
  /** Up to where its decoded values were trimmed (see trimDecodedValues). */
  trimmedUpTo: TrimmedUpTo;
}

/**
 * An edit another app relayed through Redis: that app stores it (Hocuspocus runs no store for it
 * here), so it does not make this app's copy need a store.
 */
const fromAnotherApp = (origin: unknown) => (origin as { source?: unknown } | null)?.source === 'redis';

const digestOf = (document: unknown) => createHash('sha256').update(JSON.stringify(document)).digest('base64');

/**
 * Keeps a diagram's live (Yjs) document and its JSON document in step. Loading: the stored Yjs
 * state, brought up to the JSON when the JSON moved on without it (first opening, or a save by a
 * path that is not live). Storing (debounced by Hocuspocus): the Yjs state in
 * diagram_live_documents, and the merged JSON through the diagrams module's save path (versions,
 * plan limits, DiagramUpdated), so search, thumbnails, versions and the API read what everyone sees.
 * A store when the Yjs state has not changed since the last one (or the load) does nothing.
 */
@Injectable()
export class LiveDocumentStore {
  private open = new Map<string, OpenDocument>();

  constructor(
    private readonly repository: CollabRepository,
    private readonly saves: DiagramSaveService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private opened(fuid: string): OpenDocument {
    let open = this.open.get(fuid);
    if (!open) {
      open = {
        savedDigest: null,
        saved: null,
        versions: new Map(),
        changed: true,
        storesStarted: 0,
        storesDone: 0,
        waiting: [],
        trimmedUpTo: new Map(),
      };
      this.open.set(fuid, open);
    }
    return open;
  }

  async load(fuid: string, doc: Y.Doc): Promise<void> {
    const facts = await this.saves.factsOf(fuid);
    if (!facts || facts.deletedAt) throw new Error('Diagram not found');
    const [stored, json] = await Promise.all([this.repository.find(facts.id), this.saves.documentOf(facts.id)]);
    const open = this.opened(fuid);
    if (stored) {
      Y.applyUpdate(doc, stored.state, LOAD_ORIGIN);
      open.trimmedUpTo = trimDecodedValues(doc);
    }
    // The name and tour a stored state carries may be older than what the tabs load from the server.
    clearFacts(doc, LOAD_ORIGIN);
    const checked = this.checkJson(fuid, json);
    // The JSON moved on without the live state (first opening, saves while nobody had it open): it catches up.
    const caughtUp = checked !== null && (!stored || stored.diagramVersion < facts.version);
    if (caughtUp) applyDocument(doc, toLive(checked.document), LOAD_ORIGIN);
    markSavedVersion(doc, facts.version, LOAD_ORIGIN);
    // And that state is stored at once, edit or not. Built again at the next opening, the same
    // elements would be new Yjs items (another client id): a tab that kept the first build and
    // reconnects with an offline edit would merge against a concurrent copy of each element, and
    // lose its edit whenever the copy's random client id wins.
    if (caughtUp) await this.repository.save(facts.id, Y.encodeStateAsUpdate(doc), facts.version);
    if (checked) this.noteSaved(fuid, facts.version, checked.document);
    // What it holds now is what PostgreSQL holds (the name, tour and saved version are set at every load).
    open.changed = false;
    doc.on('update', (_update: Uint8Array, origin: unknown) => {
      if (origin !== BOOKKEEPING_ORIGIN && !fromAnotherApp(origin)) open.changed = true;
    });
  }

  /**
   * A stored JSON document the engine refuses (a broken restore, a hand edit) is not loaded: the live
   * state, or a restore, repairs it. One over the size limits is loaded: the limits refuse saves,
   * and a document left out would open empty for everyone (and the next edit would save that).
   */
  private checkJson(fuid: string, json: unknown): CheckedDocument | null {
    try {
      return checkDocument(json, { allowEmpty: true, limits: false });
    } catch (error) {
      this.logger.warn({ fuid, error: (error as Error).message }, 'stored JSON document not loaded live');
      return null;
    }
  }

  /** The JSON saved at this version (loaded, caught up, committed or restored) is what the live document holds. */
  private noteSaved(fuid: string, version: number | null, document: unknown): void {
    const open = this.opened(fuid);
    const kept = open.versions;
    const shared = shareUnchanged(open.saved, toLive(document));
    open.saved = shared;
    open.savedDigest = digestOf(document);
    if (version === null) return;
    kept.set(version, shared);
    if (kept.size > KEPT_VERSIONS) kept.delete(kept.keys().next().value!);
  }

  /** The JSON document at a version, when this app saved or loaded it while the live document was open. */
  documentAt(fuid: string, version: number): unknown {
    return this.open.get(fuid)?.versions.get(version) ?? null;
  }

  /**
   * Resolves once everything the live document holds now is stored in PostgreSQL (its Yjs state,
   * and the JSON document when the engine accepts it): at once when nothing changed since the last
   * store, else when the store under way, or the next one, is done.
   */
  whenStored(fuid: string): Promise<void> {
    const open = this.open.get(fuid);
    if (!open) return Promise.resolve();
    const store = open.changed ? open.storesStarted + 1 : open.storesStarted;
    if (open.storesDone >= store) return Promise.resolve();
    return new Promise((resolve) => open.waiting.push({ store, resolve }));
  }

  private stored(open: OpenDocument, store: number): void {
    open.storesDone = Math.max(open.storesDone, store);
    const done = open.waiting.filter((waiter) => waiter.store <= open.storesDone);
    open.waiting = open.waiting.filter((waiter) => waiter.store > open.storesDone);
    for (const waiter of done) waiter.resolve();
  }

  /** The JSON document of a live document, as the engine checks it (refused: why). */
  check(doc: Y.Doc): CheckedDocument {
    return checkDocument(withoutDanglingConnections(readDocument(doc)), { allowEmpty: false });
  }

  async store(fuid: string, doc: Y.Doc, userId: string | null): Promise<void> {
    const open = this.opened(fuid);
    // Nothing changed since the document was loaded or last stored: reading and checking the whole
    // document again (a third of a second of CPU for 5,000 elements) would find nothing to save.
    if (!open.changed) return;
    const facts = await this.saves.factsOf(fuid);
    if (!facts || facts.deletedAt) return;
    await this.catchUp(fuid, doc, facts);
    const state = Y.encodeStateAsUpdate(doc);
    open.changed = false;
    const store = ++open.storesStarted;
    open.trimmedUpTo = trimDecodedValues(doc, open.trimmedUpTo);
    let version = facts.version;
    let jsonSaved = false;
    try {
      const checked = this.check(doc);
      if (open.savedDigest !== digestOf(checked.document)) {
        version = (await this.commit(facts, userId ?? facts.ownerId, checked)).version;
        markSavedVersion(doc, version, BOOKKEEPING_ORIGIN);
      }
      jsonSaved = true;
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.PLAN_LIMIT_REACHED)
        this.takeBack(fuid, doc, error, userId);
      // The live state is kept; the JSON waits for a document the engine accepts (and the plan allows).
      else this.logger.warn({ fuid, error: (error as Error).message }, 'live document not saved as JSON');
    }
    try {
      await this.repository.save(facts.id, state, version);
    } catch (error) {
      open.changed = true;
      throw error;
    }
    // A JSON refused (the engine, the plan) is tried again at the next store; the Yjs state is stored.
    if (!jsonSaved) open.changed = true;
    this.stored(open, store);
  }

  /**
   * A save that took the path without a Y.Doc just before this document began loading (it saw nobody live),
   * and reached the JSON after the load read it, reaches the tabs now rather than at the next edit.
   */
  async catchUpAfterLoad(fuid: string, doc: Y.Doc): Promise<void> {
    const facts = await this.saves.factsOf(fuid);
    if (facts && !facts.deletedAt) await this.catchUp(fuid, doc, facts);
  }

  /**
   * A save that reached the JSON by the path without a Y.Doc in the instant this document was being
   * opened (it saw nobody live yet) is not in the live document: its change is merged in before the
   * live document is saved over it. A version this app saved or restored itself is already in it.
   */
  private async catchUp(fuid: string, doc: Y.Doc, facts: DiagramFacts): Promise<void> {
    const known = savedVersionOf(doc);
    if (known === null || facts.version <= known || this.open.get(fuid)?.versions.has(facts.version)) return;
    const kept = this.documentAt(fuid, known);
    const [base, current] = await Promise.all([
      kept !== null ? Promise.resolve(kept) : this.saves.documentAtVersion(facts.id, known),
      this.saves.documentOf(facts.id),
    ]);
    const before = base ? this.checkJson(fuid, base) : null;
    const now = current ? this.checkJson(fuid, current) : null;
    if (!before || !now) return;
    if (digestOf(now.document) !== this.open.get(fuid)?.savedDigest)
      applyDocument(
        doc,
        mergeMissedChange(readDocument(doc), toLive(before.document), toLive(now.document)),
        LOAD_ORIGIN,
      );
    markSavedVersion(doc, facts.version, LOAD_ORIGIN);
    this.noteSaved(fuid, facts.version, now.document);
    this.logger.info({ fuid, from: known, to: facts.version }, 'live document caught up with a save made without it');
  }

  /**
   * An edit over the plan's limits is taken back in the live document (so everyone's other edits
   * still save, as the single editor's autosave did): a steps limit goes back to the saved value
   * (or the plan's maximum), components added since the last save are removed. The editors are told,
   * and show the upgrade prompt.
   */
  private takeBack(fuid: string, doc: Y.Doc, error: AppError, userId: string | null): void {
    const details = (error.details ?? {}) as Partial<PlanLimitDetails>;
    const saved = this.open.get(fuid)?.saved ?? null;
    const roots = rootsOf(doc);
    doc.transact(() => {
      if (details.limit === 'timeSteps' && typeof details.allowed === 'number') {
        const before = saved?.settings.stepsLimit as number | undefined;
        roots.settings.set('stepsLimit', before !== undefined && before <= details.allowed ? before : details.allowed);
      } else if (details.limit === 'components' && saved) {
        const nodes = new Set(saved.nodes.map((n) => n.id));
        const connections = new Set(saved.connections.map((c) => c.id));
        for (const id of [...roots.nodes.keys()]) if (!nodes.has(id)) roots.nodes.delete(id);
        for (const id of [...roots.connections.keys()]) if (!connections.has(id)) roots.connections.delete(id);
      }
    }, LOAD_ORIGIN);
    const message: PlanLimitMessage = {
      type: 'plan-limit',
      userId,
      code: error.code,
      message: error.message,
      details: error.details ?? null,
    };
    (doc as Y.Doc & { broadcastStateless?: (payload: string) => void }).broadcastStateless?.(JSON.stringify(message));
  }

  /** Saves a JSON document through the diagrams module (the next version after whatever is there now). */
  async commit(
    facts: DiagramFacts,
    userId: string,
    checked: CheckedDocument,
    message: string | null = null,
  ): Promise<SaveResult> {
    let current: DiagramFacts | null = facts;
    for (let attempt = 0; current && attempt < COMMIT_TRIES; attempt++) {
      const result = await this.saves.commit(current, userId, current.version, checked, {
        restoredFrom: null,
        message,
      });
      if (result) {
        this.noteSaved(current.fuid, result.version, checked.document);
        return result;
      }
      current = await this.saves.factsOf(facts.fuid);
    }
    throw new Error('live document save lost the race three times');
  }

  /** What the JSON now holds for this live document (a restore saves it itself). */
  markSaved(fuid: string, document: unknown): void {
    this.noteSaved(fuid, null, document);
  }

  forget(fuid: string): void {
    this.open.delete(fuid);
  }
}

export function toLive(document: unknown): LiveDocument {
  return document as LiveDocument;
}
