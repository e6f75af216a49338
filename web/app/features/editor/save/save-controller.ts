import { DiagramTexts, type PlanLimitDetails, type VersionConflictDetails } from '@loopwright/contracts';
import { ApiError } from '../../../lib/api-client';
import { diagramsApi } from '../../diagrams/diagrams-api';
import type { EditorStore } from '../model/editor-store';
import type { EditorDiagram } from '../model/types';
import { ValueStore } from '../model/value-store';
import { clearDraft, writeDraft } from './drafts';
import { revertOverLimit } from './plan-limit-revert';

export const SAVE_TEXTS = {
  saved: 'All changes saved',
  dirty: 'Changes not saved',
  clean: 'No changes to save',
  saving: 'Saving…',
  unstable: 'Communication with the server is unstable',
} as const;

/** What saving needs of a live (co-edited) document: see live/live-session.ts. */
export interface LiveSaving {
  status: ValueStore<{
    connected: boolean;
    unsynced: boolean;
    synced: boolean;
    /** An edit of this tab is not stored in PostgreSQL yet. */
    storePending: boolean;
    closed: string | null;
  }>;
  /** The version of the JSON document the server last saved from the live one. */
  savedVersion: ValueStore<number | null>;
  /** Resolves true once the server has every edit of this tab, false if not within the time. */
  whenSynced(timeoutMs: number): Promise<boolean>;
}

export interface SaveState {
  status: 'clean' | 'saved' | 'dirty' | 'saving' | 'conflict' | 'unstable';
  /** The server's version our document is based on. */
  baseVersion: number;
  savedAt: string | null;
  /** Why the last save did not go through (invalid document, empty graph, …). */
  message: string | null;
  conflict: VersionConflictDetails | null;
}

const AUTOSAVE_MS = 1200;
/** While elements are being dragged, autosave looks again this much later. */
const DRAG_WAIT_MS = 250;
/** At the latest this long after a change the draft is in localStorage (sooner when the page is idle or hidden). */
const DRAFT_MS = 1000;
const RETRY_MS = [2000, 4000, 8000, 15000];

/**
 * Saves the open document through PUT /diagrams/{fuid}/document with optimistic versions: autosave
 * shortly after every change, a draft in localStorage until the server has it (nothing is lost on
 * reload), a 409 opens the merge-conflict dialog, network failures retry and say the connection is unstable.
 */
export class SaveController {
  readonly state: ValueStore<SaveState>;
  private savedRevision: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private failures = 0;
  private unsubscribe: () => void;
  /** The document the server has (as far as this tab knows): what a plan-limit refusal reverts to. */
  private savedDoc: EditorDiagram | null;

  constructor(
    private readonly fuid: string,
    private readonly store: EditorStore,
    baseVersion: number,
    dirty: boolean,
    serverDoc: EditorDiagram | null = dirty ? null : store.doc,
    /** Co-edited live: edits reach the server through the live document; saving waits for it. */
    private readonly live: LiveSaving | null = null,
  ) {
    this.savedDoc = serverDoc;
    this.savedRevision = dirty ? -1 : store.revision;
    this.state = new ValueStore<SaveState>({
      status: dirty ? 'dirty' : 'clean',
      baseVersion,
      savedAt: null,
      message: null,
      conflict: null,
    });
    if (live) {
      const follow = () => this.followLive(live);
      const stops = [live.status.subscribe(follow), live.savedVersion.subscribe(follow)];
      this.unsubscribe = () => stops.forEach((stop) => stop());
      return;
    }
    this.unsubscribe = store.subscribe(() => this.onChange());
    if (dirty) this.schedule();
    window.addEventListener('pagehide', this.flushDraft);
  }

  /** Live: saved when the server has every edit of this tab; unstable while offline with edits kept here. */
  private followLive(live: LiveSaving): void {
    const status = live.status.get();
    const version = live.savedVersion.get() ?? this.state.get().baseVersion;
    if (status.unsynced && !status.connected)
      this.patch({ status: 'unstable', message: SAVE_TEXTS.unstable, baseVersion: version });
    else if (status.unsynced || status.storePending)
      this.patch({ status: 'saving', message: null, baseVersion: version });
    else if (status.synced)
      this.patch({
        status: 'saved',
        message: null,
        baseVersion: version,
        savedAt:
          version !== this.state.get().baseVersion || !this.state.get().savedAt
            ? new Date().toISOString()
            : this.state.get().savedAt,
      });
  }

  private patch(p: Partial<SaveState>): void {
    this.state.set({ ...this.state.get(), ...p });
  }

  get dirty(): boolean {
    if (this.live) return this.live.status.get().unsynced || !this.live.status.get().synced;
    return this.store.revision !== this.savedRevision;
  }

  private lastDoc: EditorDiagram | null = null;
  private draftPending: (() => void) | null = null;

  /**
   * The draft is written when the page is next idle, not within the change: serialising a big
   * document takes tens of milliseconds, which would make the frame that drops a dragged element
   * late. Leaving the page (reload, close) writes a pending draft at once.
   */
  private draftSoon(): void {
    if (this.draftPending) return;
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number;
      cancelIdleCallback?: (id: number) => void;
    };
    if (w.requestIdleCallback && w.cancelIdleCallback) {
      const id = w.requestIdleCallback(this.flushDraft, { timeout: DRAFT_MS });
      const cancel = w.cancelIdleCallback.bind(window);
      this.draftPending = () => cancel(id);
    } else {
      const id = setTimeout(this.flushDraft, DRAFT_MS / 4);
      this.draftPending = () => clearTimeout(id);
    }
  }

  private cancelDraft(): void {
    this.draftPending?.();
    this.draftPending = null;
  }

  /** Writes the pending draft now, if the document still differs from the server's. */
  private flushDraft = (): void => {
    if (!this.draftPending) return;
    this.cancelDraft();
    if (this.dirty)
      writeDraft(this.fuid, { baseVersion: this.state.get().baseVersion, doc: this.store.doc, at: Date.now() });
  };

  private onChange(): void {
    if (this.store.doc === this.lastDoc) return; // selection only
    this.lastDoc = this.store.doc;
    if (!this.dirty) return;
    this.draftSoon();
    const s = this.state.get();
    if (s.status !== 'conflict' && s.status !== 'unstable') this.patch({ status: 'dirty', message: null });
    if (s.status !== 'conflict') this.schedule();
  }

  private schedule(delay = AUTOSAVE_MS): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      // Sending serialises the whole document (tens of ms on a big one): wait for a drag under way to end instead of dropping its frames.
      if (this.store.dragging) this.schedule(DRAG_WAIT_MS);
      else void this.save({ autosave: true });
    }, delay);
  }

  /** Saves now (Ctrl+S) or as autosave; `force` overrides a conflict with our version. */
  async save(options: { autosave?: boolean; force?: boolean } = {}): Promise<void> {
    if (this.live) return this.saveLive(this.live);
    if (this.inFlight) {
      await this.inFlight;
      if (!this.dirty) return;
    }
    if (!this.dirty && !options.force) {
      if (!options.autosave) this.patch({ status: this.state.get().savedAt ? 'saved' : 'clean' });
      return;
    }
    if (this.state.get().status === 'conflict' && !options.force) return;
    const doc = this.store.doc;
    if (options.autosave && doc.nodes.length === 0) {
      this.patch({ status: 'dirty', message: DiagramTexts.emptyGraph });
      return;
    }
    const revision = this.store.revision;
    const base = options.force
      ? (this.state.get().conflict?.currentVersion ?? this.state.get().baseVersion)
      : this.state.get().baseVersion;
    this.patch({ status: 'saving', message: null });
    this.inFlight = (async () => {
      try {
        const result = await diagramsApi.save(this.fuid, {
          baseVersion: base,
          document: doc,
          autosave: options.autosave ?? false,
        });
        this.failures = 0;
        this.savedRevision = revision;
        this.savedDoc = doc;
        const clean = this.store.revision === revision;
        if (clean) {
          this.cancelDraft();
          clearDraft(this.fuid);
        } else writeDraft(this.fuid, { baseVersion: result.version, doc: this.store.doc, at: Date.now() });
        this.patch({
          status: clean ? 'saved' : 'dirty',
          baseVersion: result.version,
          savedAt: result.savedAt,
          conflict: null,
          message: null,
        });
        if (!clean) this.schedule();
      } catch (error) {
        await this.failed(error);
      } finally {
        this.inFlight = null;
      }
    })();
    await this.inFlight;
  }

  /**
   * Live: once the server has every edit of this tab, the JSON document is brought up to date at
   * once (runs on the server, copies and proposals read it) by saving this tab's document as a change
   * against the version the server last saved: what others did is already in it, so nothing is undone.
   */
  private async saveLive(live: LiveSaving): Promise<void> {
    if (this.inFlight) return this.inFlight;
    this.inFlight = (async () => {
      try {
        if (!(await live.whenSynced(10_000))) {
          this.patch({ status: 'unstable', message: SAVE_TEXTS.unstable });
          return;
        }
        // Nothing of this tab's waits for the JSON document: no new version for nothing.
        if (!live.status.get().storePending) return;
        const baseVersion = live.savedVersion.get() ?? this.state.get().baseVersion;
        const result = await diagramsApi.save(this.fuid, { baseVersion, document: this.store.doc, autosave: false });
        this.patch({ status: 'saved', baseVersion: result.version, savedAt: result.savedAt, message: null });
      } catch (error) {
        // The live document has every edit; its JSON follows within seconds even when this save could not help.
        if (!(error instanceof ApiError && error.status === 409)) await this.failed(error);
      } finally {
        this.inFlight = null;
      }
    })();
    await this.inFlight;
  }

  private async failed(error: unknown): Promise<void> {
    if (error instanceof ApiError && error.status === 409) {
      // The error envelope's details are not kept by ApiError: ask the server for its version.
      let conflict: VersionConflictDetails = {
        currentVersion: this.state.get().baseVersion + 1,
        savedAt: null,
        savedBy: null,
      };
      try {
        const current = await diagramsApi.get(this.fuid);
        conflict = { currentVersion: current.version, savedAt: current.savedAt, savedBy: null };
      } catch {
        // keep the guess: forcing with it answers 409 again, and we ask again
      }
      this.patch({ status: 'conflict', conflict, message: DiagramTexts.versionConflict });
      return;
    }
    if (error instanceof ApiError && error.code === 'PLAN_LIMIT_REACHED') {
      const reverted = revertOverLimit(this.store.doc, this.savedDoc, error.details as Partial<PlanLimitDetails>);
      if (reverted) {
        // The change over the limit is taken back (the upgrade prompt says why); the rest saves.
        this.store.edit(() => reverted);
        this.patch({ status: 'dirty', message: error.message });
        this.schedule(0);
        return;
      }
    }
    if (
      error instanceof ApiError &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 408 &&
      error.status !== 429
    ) {
      this.patch({ status: 'dirty', message: error.message || DiagramTexts.saveFailed });
      return;
    }
    this.failures++;
    this.patch({ status: 'unstable', message: SAVE_TEXTS.unstable });
    this.schedule(RETRY_MS[Math.min(RETRY_MS.length - 1, this.failures - 1)]);
  }

  /** Resolves once the save in flight, if any, has its answer. */
  async settled(): Promise<void> {
    await this.inFlight;
  }

  /** After a reload from the server (conflict → cancel → reload, or a restored version). */
  reset(baseVersion: number, savedAt: string | null): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.cancelDraft();
    clearDraft(this.fuid);
    this.lastDoc = this.store.doc;
    this.savedRevision = this.store.revision;
    this.patch({ status: 'clean', baseVersion, savedAt, conflict: null, message: null });
  }

  /** Leaves a conflict without deciding (the dialog's cancel). */
  dismissConflict(): void {
    if (this.state.get().status === 'conflict') this.patch({ status: 'dirty' });
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.flushDraft();
    window.removeEventListener('pagehide', this.flushDraft);
    this.unsubscribe();
  }
}
