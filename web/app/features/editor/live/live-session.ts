import { HocuspocusProvider } from '@hocuspocus/provider';
import {
  applyDocument,
  COLLAB_PATH,
  CollabClose,
  colorOf,
  DocumentMirror,
  factsChanged,
  isEmptyLiveDocument,
  factsOf,
  mergeChange,
  rootsOf,
  savedVersionOf,
  type LiveDocument,
  type LiveFacts,
  statelessMessage,
  type PlanLimitMessage,
  type PresenceState,
  type StoredMessage,
  type StoredRequest,
} from '@loopwright/collab';
import { ApiError, PLAN_LIMIT_EVENT } from '../../../lib/api-client';
import type { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { personalCopies } from '../../../lib/personal-copies';
import { afterFirstPaint } from '../../../lib/after-first-paint';
import { localStore } from '../../../lib/safe-storage';
import type { EditorStore } from '../model/editor-store';
import type { EditorDiagram } from '../model/types';
import { normalizeConnection, normalizeNode, normalizeSettings } from '../model/defaults';
import { ValueStore } from '../model/value-store';
import { openKeptCopy } from './kept-copy';

/** Marks this tab's own edits in the live document: the only ones its undo manager tracks. */
export const LOCAL_ORIGIN = { local: true };
/**
 * Typing in a field: edits the store joins (same field, close together) are one undo step. Every
 * other edit starts its own step (see localChange), so this only bounds how long a join may last.
 */
const UNDO_CAPTURE_MS = 800;
/** The close codes the server ends a live connection with when the diagram's access changed. */
const ACCESS_CLOSES = new Set<number>(Object.values(CollabClose).map((close) => close.code));

export interface LiveStatus {
  /** The server holds the document and this tab is connected to it. */
  connected: boolean;
  /** This tab has edits the server has not confirmed yet (offline edits are kept until it has). */
  unsynced: boolean;
  /** The first sync with the server is done. */
  synced: boolean;
  /**
   * An edit of this tab is not stored in PostgreSQL yet (the server stores a second after the last
   * edit, every 5 s while edits go on, and says so when asked: see confirmStored).
   */
  storePending: boolean;
  /** Why the server closed the live document (access removed, diagram deleted), in the spec's words. */
  closed: string | null;
}

export interface Person extends PresenceState {
  clientId: number;
}

const live = (doc: EditorDiagram) => doc as unknown as LiveDocument;

const keptKey = personalCopies.liveUnsyncedKey;
/** Whether this browser's kept copy of the diagram's live document holds edits the server has not confirmed. */
const keptUnsynced = (fuid: string) => localStore.get(keptKey(fuid)) === '1';
function noteKeptUnsynced(fuid: string, unsynced: boolean): void {
  if (unsynced === keptUnsynced(fuid)) return;
  if (unsynced) localStore.set(keptKey(fuid), '1');
  else localStore.remove(keptKey(fuid));
}

function collabUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${COLLAB_PATH}`;
}

/**
 * One editor tab's share of a live (co-edited) diagram: a Y.Doc synced with the server through
 * Hocuspocus, bound both ways to the editor's store. The store stays the editor's model (immutable
 * documents); each local edit is written into the Y.Doc as the properties it changed, and each
 * change from elsewhere becomes a new store document in which unchanged elements keep their
 * objects. Undo and redo go through a Y.UndoManager that tracks this tab's edits only. Edits made
 * while offline stay in the Y.Doc and merge when the connection comes back.
 */
export class LiveSession {
  readonly doc = new Y.Doc();
  readonly provider: HocuspocusProvider;
  readonly status = new ValueStore<LiveStatus>({
    connected: false,
    unsynced: false,
    synced: false,
    storePending: false,
    closed: null,
  });
  readonly people = new ValueStore<Person[]>([]);
  /** The version of the JSON document the server last saved from the live one. */
  readonly savedVersion = new ValueStore<number | null>(null);
  /** The diagram's name and tour as last saved by anyone (absent: nothing new since the page loaded). */
  readonly facts = new ValueStore<LiveFacts>({});
  /** Reads the live document as the editor's model: with the defaults its loader fills in. */
  private readonly mirror = new DocumentMirror(this.doc, {
    node: (node) => normalizeNode(node),
    connection: (connection) => normalizeConnection(connection),
    settings: (settings) => normalizeSettings(settings),
  });
  private readonly undoManager: Y.UndoManager;
  /** Whether this tab keeps a copy (an editor), until the browser refuses IndexedDB. */
  private keepsCopy: boolean;
  private kept: IndexeddbPersistence | null = null;
  private destroyed = false;
  /** The IndexedDB database of this tab's kept copy; null: nothing is kept (a viewer, a visitor). */
  private readonly keptName: string | null;
  private readonly cancelStart: () => void;
  /** The store document last written to or read from the Y.Doc. */
  private applied: EditorDiagram;
  private bound = false;
  private remoteChange = false;
  private unsubscribe: () => void = () => undefined;

  constructor(
    private readonly fuid: string,
    private readonly store: EditorStore,
    /** The document the page loaded: what local edits made before the first sync are changes against. */
    private readonly loadedDoc: EditorDiagram,
    /** Who I am; null: a visitor without an account (they follow the diagram, unseen by the others). */
    me: { id: string; name: string; avatarUrl?: string | null } | null,
    /** A viewer: the live document only comes in (the server refuses a viewer's updates anyway). */
    private readonly readOnly = false,
  ) {
    this.applied = store.doc;
    // An editor's copy of the live document stays in this browser (IndexedDB, per person and
    // diagram), so edits the server has not got survive a reload or a closed tab; they are sent
    // when the connection is back. A viewer has nothing to keep.
    this.keptName = !readOnly && me ? personalCopies.liveDatabase(me.id, fuid) : null;
    this.keepsCopy = this.keptName !== null;
    const roots = rootsOf(this.doc);
    const scope = [roots.nodes, roots.connections, roots.variables, roots.settings];
    for (const type of scope)
      type.observeDeep((events: Y.YEvent<Y.AbstractType<unknown>>[], transaction) =>
        this.observed(events, transaction.origin),
      );
    this.doc.on('afterTransaction', () => this.afterTransaction());
    roots.meta.observe((event) => {
      if (factsChanged(event)) this.facts.set(factsOf(this.doc));
      const version = savedVersionOf(this.doc);
      if (version !== this.savedVersion.get()) this.savedVersion.set(version);
    });
    this.undoManager = new Y.UndoManager(scope, {
      trackedOrigins: new Set([LOCAL_ORIGIN]),
      captureTimeout: UNDO_CAPTURE_MS,
    });
    const historyChanged = () => store.historyChanged();
    this.undoManager.on('stack-item-added', historyChanged);
    this.undoManager.on('stack-item-popped', historyChanged);
    // The websocket's retry options pass through the provider's configuration (not in its type).
    this.provider = new HocuspocusProvider({
      url: collabUrl(),
      name: fuid,
      document: this.doc,
      // The session cookie authenticates; the token only has to be there.
      token: 'session',
      // Back soon after a restart of the server (an app restarts in seconds): at most 5 s between tries.
      // (the retry library refuses a delay below minDelay, whose default is 1 s)
      delay: 500,
      minDelay: 500,
      factor: 1.5,
      maxDelay: 5000,
      // Connected by start(), once the opened diagram has been painted.
      autoConnect: false,
      onSynced: () => this.firstSync(),
      onStatus: ({ status }) => this.patch({ connected: String(status) === 'connected' }),
      onUnsyncedChanges: ({ number }) => this.patch({ unsynced: number > 0 }),
      onStateless: ({ payload }) => this.storedConfirmed(payload) || (me && this.stateless(payload, me.id)),
      onAuthenticationFailed: ({ reason }) => this.patch({ closed: reason }),
      // Only a close for access (removed, deleted) ends the session; a restarting or unreachable
      // server is a lost connection the provider reconnects from.
      onClose: ({ event }) => {
        if (ACCESS_CLOSES.has(event.code) && event.reason) this.patch({ closed: event.reason });
      },
    } as ConstructorParameters<typeof HocuspocusProvider>[0]);
    const awareness = this.provider.awareness!;
    awareness.setLocalState(
      me
        ? ({
            user: { id: me.id, name: me.name, color: colorOf(me.id), avatarUrl: me.avatarUrl ?? null },
            cursor: null,
            selection: store.selection,
            editing: null,
            view: null,
          } satisfies PresenceState)
        : null,
    );
    // Only others' changes: mine (my pointer, many times a second while it moves) changes nobody here.
    awareness.on('change', ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>) => {
      if ([...added, ...updated, ...removed].some((id) => id !== awareness.clientID)) this.readPeople();
    });
    // Reading the kept copy and the server's document (Yjs decoding, the mirror adopting it, the
    // IndexedDB write) waits until the opened diagram is on screen: edits made before go in on top.
    this.cancelStart = afterFirstPaint(() => this.start());
  }

  /** Opens this browser's kept copy and connects to the server. */
  private start(): void {
    if (this.keptName) void openKeptCopy(this.keptName, this.doc).then((kept) => this.keptOpened(kept));
    void this.provider.connect();
  }

  /** The server took back my edit over the plan's limits: the upgrade prompt says why (as a refused save did). */
  private stateless(payload: string, myId: string): void {
    let message: PlanLimitMessage;
    try {
      message = JSON.parse(payload) as PlanLimitMessage;
    } catch {
      return;
    }
    if (message.type !== 'plan-limit' || (message.userId && message.userId !== myId)) return;
    const error = new ApiError({
      status: 402,
      code: message.code as ConstructorParameters<typeof ApiError>[0]['code'],
      message: message.message,
      details: message.details,
    });
    window.dispatchEvent(new CustomEvent(PLAN_LIMIT_EVENT, { detail: error }));
  }

  /** Resolves true once the server has every edit of this tab (false: not within the time). */
  whenSynced(timeoutMs: number): Promise<boolean> {
    const done = () => {
      const status = this.status.get();
      return status.synced && status.connected && !status.unsynced;
    };
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => (stop(), resolve(false)), timeoutMs);
      const stop = this.status.subscribe(() => {
        if (!done()) return;
        clearTimeout(timer);
        stop();
        resolve(true);
      });
    });
  }

  private patch(p: Partial<LiveStatus>): void {
    // Edits on their way to the server (mine, undone or redone, or kept in this browser) are stored after.
    if (p.unsynced && !this.status.get().unsynced) {
      this.edits += 1;
      p = { ...p, storePending: true };
    }
    if (p.connected === false) this.confirming = null;
    this.status.set({ ...this.status.get(), ...p });
    this.confirmStored();
    if (!this.keepsCopy) return;
    // Noted for the next page of this diagram: whether the kept copy holds edits the server lacks.
    const { unsynced, synced, connected } = this.status.get();
    if (unsynced) noteKeptUnsynced(this.fuid, true);
    else if (synced && connected) noteKeptUnsynced(this.fuid, false);
  }

  /**
   * The first sync: what the server has becomes the store's document, with this tab's own edits
   * made meanwhile (or kept in a draft) applied on top as one change; from then on both stay bound.
   */
  private firstSync(): void {
    this.bind();
    this.patch({ synced: true });
  }

  /**
   * This browser kept edits of the last session the server never got (offline, then a reload or a
   * closed tab): once they are read back, the tab shows them at once, before the server answers.
   */
  private keptOpened(kept: IndexeddbPersistence | null): void {
    if (this.destroyed) return void kept?.destroy();
    this.kept = kept;
    this.keepsCopy = kept !== null;
    if (kept && !this.bound && keptUnsynced(this.fuid) && !isEmptyLiveDocument(this.doc)) this.bind();
  }

  /** What the Y.Doc holds becomes the store's document, with this tab's own edits on top; from then on both stay bound. */
  private bind(): void {
    if (this.bound) return;
    this.bound = true;
    // Edits made before (kept in the store's own history, or in a draft) go in on top, each action
    // its own step as the store had it, so each undoes on its own.
    const local = this.store.doc;
    if (local !== this.loadedDoc && !this.readOnly) {
      let previous = this.loadedDoc;
      for (const next of this.store.stepsSince(this.loadedDoc) ?? [local]) {
        this.undoManager.stopCapturing();
        applyDocument(this.doc, mergeChange(this.mirror.read(), live(previous), live(next)), LOCAL_ORIGIN);
        previous = next;
      }
    }
    // What the server has is most often what this tab shows: its elements keep their objects (the
    // canvas does not draw them again, a run under way is not reset).
    this.applied = this.mirror.adopt(live(this.store.doc)) as unknown as EditorDiagram;
    this.store.applyRemote(this.applied);
    if (this.readOnly) {
      this.unsubscribe = this.store.subscribe(() => this.publishSelection());
      return;
    }
    this.store.history = {
      undo: () => this.undoManager.undo(),
      redo: () => this.undoManager.redo(),
      canUndo: () => this.undoManager.canUndo(),
      canRedo: () => this.undoManager.canRedo(),
    };
    this.unsubscribe = this.store.subscribe(() => this.localChange());
  }

  /** A local edit: the properties it changed go into the Y.Doc (and so to everyone). */
  private localChange(): void {
    this.publishSelection();
    const doc = this.store.doc;
    if (doc === this.applied) return;
    const previous = this.applied;
    this.applied = doc;
    // One user action, one undo step: only an edit the store joined to the one before (typing in
    // a field) joins that step.
    if (!this.store.coalesced) this.undoManager.stopCapturing();
    applyDocument(this.doc, live(doc), LOCAL_ORIGIN, live(previous));
    // Its update is on its way now (unsynced), or it changed nothing in the live document: then the
    // server is asked at once.
    this.edits += 1;
    this.patch({ storePending: true });
  }

  /** Local edits so far (each needs the server's word that it is stored). */
  private edits = 0;
  /** The stored-confirmation asked for last on this connection: its id and the edits it covers. */
  private confirming: { id: number; edits: number } | null = null;
  private lastRequest = 0;

  /**
   * Once the server has every edit of this tab, it is asked to say when they are stored in
   * PostgreSQL; "All changes saved" waits for that answer, not for the edits merely reaching the
   * server's memory (after a long offline spell they are stored a few seconds later).
   */
  private confirmStored(): void {
    const { storePending, connected, unsynced } = this.status.get();
    // (also called while the provider is being made: its first status comes from its constructor)
    const provider = this.provider as HocuspocusProvider | undefined;
    if (this.readOnly || !storePending || !connected || unsynced || !provider?.isSynced) return;
    if (this.confirming?.edits === this.edits) return;
    this.confirming = { id: ++this.lastRequest, edits: this.edits };
    provider.sendStateless(JSON.stringify({ type: 'confirm-stored', id: this.confirming.id } satisfies StoredRequest));
  }

  private storedConfirmed(payload: string): boolean {
    const message = statelessMessage<StoredMessage>(payload, 'stored');
    if (!message) return false;
    const confirming = this.confirming;
    if (confirming?.id === message.id && confirming.edits === this.edits && this.status.get().storePending)
      this.patch({ storePending: false });
    return true;
  }

  private observed(events: Y.YEvent<Y.AbstractType<unknown>>[], origin: unknown): void {
    this.mirror.changed(events);
    if (origin !== LOCAL_ORIGIN) this.remoteChange = true;
  }

  /** A change from elsewhere (a person, the server, this tab's undo manager) becomes the store's document. */
  private afterTransaction(): void {
    // Before the binding, a remote change needs nothing: binding reads the whole Y.Doc. Left set, it
    // would be taken up in the middle of the binding's replay of my early edits, and the store would
    // show the document with only some of them (dropping the selection of a new element).
    const remote = this.remoteChange;
    this.remoteChange = false;
    if (!remote || !this.bound) return;
    this.applied = this.mirror.read() as unknown as EditorDiagram;
    this.store.applyRemote(this.applied);
  }

  private lastSelection: unknown = null;
  private publishSelection(): void {
    if (this.store.selection === this.lastSelection) return;
    this.lastSelection = this.store.selection;
    this.provider.awareness?.setLocalStateField('selection', this.store.selection);
  }

  /** My pointer on the canvas (canvas coordinates), or null when it left. */
  setCursor(cursor: { x: number; y: number } | null): void {
    this.provider.awareness?.setLocalStateField('cursor', cursor);
  }

  /** The part of the canvas I look at (for people who follow me). */
  setView(view: { x: number; y: number; zoom: number }): void {
    this.provider.awareness?.setLocalStateField('view', view);
  }

  /** The element whose properties I am editing. */
  setEditing(id: string | null): void {
    this.provider.awareness?.setLocalStateField('editing', id);
  }

  private readPeople(): void {
    const awareness = this.provider.awareness;
    if (!awareness) return;
    const people: Person[] = [];
    awareness.getStates().forEach((state, clientId) => {
      if (clientId === awareness.clientID || !(state as Partial<PresenceState>).user) return;
      people.push({ ...(state as PresenceState), clientId });
    });
    this.people.set(people);
  }

  destroy(): void {
    this.destroyed = true;
    this.cancelStart();
    this.unsubscribe();
    this.store.history = null;
    this.undoManager.destroy();
    void this.kept?.destroy();
    this.provider.destroy();
    this.doc.destroy();
  }
}
