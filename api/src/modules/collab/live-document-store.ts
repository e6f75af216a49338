import { Inject, Injectable } from '@nestjs/common';
import {
  applyDocument,
  clearFacts,
  markSavedVersion,
  mergeMissedChange,
  readDocument,
  rootsOf,
  savedVersionOf,
  withoutDanglingConnections,
  type LiveDocument,
  type PlanLimitMessage,
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
const COMMIT_TRIES = 3;
/** JSON documents kept per open live document by version: the bases an API save's changes are taken from. */
const KEPT_VERSIONS = 50;

/**
 * Keeps a diagram's live (Yjs) document and its JSON document in step. Loading: the stored Yjs
 * state, brought up to the JSON when the JSON moved on without it (first opening, or a save by a
 * path that is not live). Storing (debounced by Hocuspocus): the Yjs state in
 * diagram_live_documents, and the merged JSON through the diagrams module's save path (versions,
 * plan limits, DiagramUpdated), so search, thumbnails, versions and the API read what everyone sees.
 */
@Injectable()
export class LiveDocumentStore {
  /** The JSON last saved from each live document: a store with nothing new for the JSON writes no version. */
  private saved = new Map<string, string>();
  /** Recent JSON documents of each open live document, by version. */
  private versions = new Map<string, Map<number, unknown>>();

  constructor(
    private readonly repository: CollabRepository,
    private readonly saves: DiagramSaveService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async load(fuid: string, doc: Y.Doc): Promise<void> {
    const facts = await this.saves.factsOf(fuid);
    if (!facts || facts.deletedAt) throw new Error('Diagram not found');
    const [stored, json] = await Promise.all([this.repository.find(facts.id), this.saves.documentOf(facts.id)]);
    if (stored) Y.applyUpdate(doc, stored.state, LOAD_ORIGIN);
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
    if (checked) {
      this.saved.set(fuid, JSON.stringify(checked.document));
      this.keep(fuid, facts.version, checked.document);
    }
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

  private keep(fuid: string, version: number, document: unknown): void {
    let kept = this.versions.get(fuid);
    if (!kept) this.versions.set(fuid, (kept = new Map<number, unknown>()));
    kept.set(version, document);
    if (kept.size > KEPT_VERSIONS) kept.delete(kept.keys().next().value!);
  }

  /** The JSON document at a version, when this app saved or loaded it while the live document was open. */
  documentAt(fuid: string, version: number): unknown {
    return this.versions.get(fuid)?.get(version) ?? null;
  }

  /** The JSON document of a live document, as the engine checks it (refused: why). */
  check(doc: Y.Doc): CheckedDocument {
    return checkDocument(withoutDanglingConnections(readDocument(doc)), { allowEmpty: false });
  }

  async store(fuid: string, doc: Y.Doc, userId: string | null): Promise<void> {
    const facts = await this.saves.factsOf(fuid);
    if (!facts || facts.deletedAt) return;
    await this.catchUp(fuid, doc, facts);
    const state = Y.encodeStateAsUpdate(doc);
    let version = facts.version;
    try {
      const checked = this.check(doc);
      if (this.saved.get(fuid) !== JSON.stringify(checked.document)) {
        version = (await this.commit(facts, userId ?? facts.ownerId, checked)).version;
        markSavedVersion(doc, version, LOAD_ORIGIN);
      }
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.PLAN_LIMIT_REACHED)
        this.takeBack(fuid, doc, error, userId);
      // The live state is kept; the JSON waits for a document the engine accepts (and the plan allows).
      else this.logger.warn({ fuid, error: (error as Error).message }, 'live document not saved as JSON');
    }
    await this.repository.save(facts.id, state, version);
  }

  /**
   * A save that reached the JSON by the path without a Y.Doc in the instant this document was being
   * opened (it saw nobody live yet) is not in the live document: its change is merged in before the
   * live document is saved over it. A version this app saved or restored itself is already in it.
   */
  private async catchUp(fuid: string, doc: Y.Doc, facts: DiagramFacts): Promise<void> {
    const known = savedVersionOf(doc);
    if (known === null || facts.version <= known || this.versions.get(fuid)?.has(facts.version)) return;
    const kept = this.documentAt(fuid, known);
    const [base, current] = await Promise.all([
      kept !== null ? Promise.resolve(kept) : this.saves.documentAtVersion(facts.id, known),
      this.saves.documentOf(facts.id),
    ]);
    const before = base ? this.checkJson(fuid, base) : null;
    const now = current ? this.checkJson(fuid, current) : null;
    if (!before || !now) return;
    if (JSON.stringify(now.document) !== this.saved.get(fuid))
      applyDocument(
        doc,
        mergeMissedChange(readDocument(doc), toLive(before.document), toLive(now.document)),
        LOAD_ORIGIN,
      );
    markSavedVersion(doc, facts.version, LOAD_ORIGIN);
    this.saved.set(fuid, JSON.stringify(now.document));
    this.keep(fuid, facts.version, now.document);
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
    const savedText = this.saved.get(fuid);
    const saved = savedText ? (JSON.parse(savedText) as LiveDocument) : null;
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
        this.saved.set(current.fuid, JSON.stringify(checked.document));
        this.keep(current.fuid, result.version, checked.document);
        return result;
      }
      current = await this.saves.factsOf(facts.fuid);
    }
    throw new Error('live document save lost the race three times');
  }

  /** What the JSON now holds for this live document (a restore saves it itself). */
  markSaved(fuid: string, document: unknown): void {
    this.saved.set(fuid, JSON.stringify(document));
  }

  forget(fuid: string): void {
    this.saved.delete(fuid);
    this.versions.delete(fuid);
  }
}

export function toLive(document: unknown): LiveDocument {
  return document as LiveDocument;
}
