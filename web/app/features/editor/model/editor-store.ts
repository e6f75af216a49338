import { useRef, useSyncExternalStore } from 'react';
import { EMPTY_SELECTION, type EditorDiagram, type Selection } from './types';

const HISTORY_LIMIT = 200;
const COALESCE_MS = 800;

/** Undo and redo kept elsewhere: live co-editing undoes only this person's edits (Y.UndoManager). */
export interface ExternalHistory {
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
}

export interface EditOptions {
  /** Edits with the same key within a short time form one undo step (typing in a field). */
  coalesce?: string;
  /** Select these afterwards. */
  select?: Selection;
}

/**
 * The open document, its undo/redo history and the selection. Documents are immutable: every
 * edit makes a new one, so undo is a pointer move and unchanged elements keep their identity.
 */
export class EditorStore {
  private past: EditorDiagram[] = [];
  private future: EditorDiagram[] = [];
  private lastCoalesce: { key: string; at: number } | null = null;
  private listeners = new Set<() => void>();
  /** Bumped on every edit: the save machinery compares revisions. */
  revision = 0;
  /** A view-only diagram (viewers, visitors): every edit is refused here, whatever asks for it. */
  readOnly = false;
  /** Elements are being dragged with the pointer: panels hold their updates until the drag ends. */
  dragging = false;
  /** Set while the diagram is co-edited live: undo/redo go there, and edits keep no snapshots here. */
  history: ExternalHistory | null = null;
  /** The last edit joined the one before it (typing in a field): one undo step with it. */
  coalesced = false;

  constructor(
    public doc: EditorDiagram,
    public selection: Selection = EMPTY_SELECTION,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const l of this.listeners) l();
  }

  edit(change: (doc: EditorDiagram) => EditorDiagram, options: EditOptions = {}): void {
    if (this.readOnly) return;
    const next = change(this.doc);
    if (next === this.doc) return;
    const now = Date.now();
    const coalescing =
      options.coalesce && this.lastCoalesce?.key === options.coalesce && now - this.lastCoalesce.at < COALESCE_MS;
    if (!coalescing && !this.history) {
      this.past.push(this.doc);
      if (this.past.length > HISTORY_LIMIT) this.past.shift();
    }
    this.lastCoalesce = options.coalesce ? { key: options.coalesce, at: now } : null;
    this.coalesced = Boolean(coalescing);
    this.future = [];
    this.doc = next;
    this.revision++;
    if (options.select) this.selection = options.select;
    this.emit();
  }

  /** Replaces the whole document (load, reload, restore a version); clears the history when asked. */
  replace(doc: EditorDiagram, options: { keepHistory?: boolean } = {}): void {
    if (options.keepHistory) this.past.push(this.doc);
    else this.past = [];
    this.future = [];
    this.doc = doc;
    this.revision++;
    this.selection = EMPTY_SELECTION;
    this.coalesced = false;
    this.emit();
  }

  /**
   * A change that came from elsewhere (another person, the server, the live undo manager): no
   * history here, and the selection keeps only what still exists.
   */
  applyRemote(doc: EditorDiagram): void {
    if (doc === this.doc) return;
    this.doc = doc;
    this.revision++;
    const nodes = new Set(doc.nodes.map((n) => n.id));
    const connections = new Set(doc.connections.map((c) => c.id));
    const kept = {
      nodes: this.selection.nodes.filter((id) => nodes.has(id)),
      connections: this.selection.connections.filter((id) => connections.has(id)),
    };
    if (
      kept.nodes.length !== this.selection.nodes.length ||
      kept.connections.length !== this.selection.connections.length
    )
      this.selection = kept;
    this.emit();
  }

  /**
   * The documents after `from` in this store's own history, oldest first, ending with the one shown
   * now: each one user action (null when `from` is no longer in the history).
   */
  stepsSince(from: EditorDiagram): EditorDiagram[] | null {
    const start = this.past.lastIndexOf(from);
    if (start < 0) return from === this.doc ? [] : null;
    return [...this.past.slice(start + 1), this.doc];
  }

  /** The external history changed (something to undo now): the undo and redo buttons look again. */
  historyChanged(): void {
    this.emit();
  }

  get canUndo(): boolean {
    return this.history ? this.history.canUndo() : this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.history ? this.history.canRedo() : this.future.length > 0;
  }

  undo(): void {
    if (this.history) {
      if (!this.readOnly) this.history.undo();
      return;
    }
    const prev = this.past.pop();
    if (!prev) return;
    this.future.push(this.doc);
    this.doc = prev;
    this.revision++;
    this.lastCoalesce = null;
    this.emit();
  }

  redo(): void {
    if (this.history) {
      if (!this.readOnly) this.history.redo();
      return;
    }
    const next = this.future.pop();
    if (!next) return;
    this.past.push(this.doc);
    this.doc = next;
    this.revision++;
    this.lastCoalesce = null;
    this.emit();
  }

  /** Starts or ends a pointer drag of elements (see `dragging`). */
  setDragging(on: boolean): void {
    if (on === this.dragging) return;
    this.dragging = on;
    this.emit();
  }

  select(selection: Selection): void {
    const same =
      selection.nodes.length === this.selection.nodes.length &&
      selection.connections.length === this.selection.connections.length &&
      selection.nodes.every((id, i) => id === this.selection.nodes[i]) &&
      selection.connections.every((id, i) => id === this.selection.connections[i]);
    if (same) return;
    this.selection = selection;
    this.emit();
  }
}

export function useEditorDoc(store: EditorStore): EditorDiagram {
  return useSyncExternalStore(
    store.subscribe,
    () => store.doc,
    () => store.doc,
  );
}

export function useSelection(store: EditorStore): Selection {
  return useSyncExternalStore(
    store.subscribe,
    () => store.selection,
    () => store.selection,
  );
}

/**
 * The document and selection for panels beside the canvas. While elements are dragged these stay as
 * they were when the drag began (the panel of a 5,000-element diagram can take longer than a frame
 * to draw, with a target list of every element); when it ends they catch up.
 */
export function useSettledEditor(store: EditorStore): { doc: EditorDiagram; selection: Selection } {
  const held = useRef<{ doc: EditorDiagram; selection: Selection } | null>(null);
  const read = () => {
    let h = held.current;
    if (!h || (!store.dragging && (h.doc !== store.doc || h.selection !== store.selection)))
      held.current = h = { doc: store.doc, selection: store.selection };
    return h;
  };
  return useSyncExternalStore(store.subscribe, read, read);
}

export function useHistoryState(store: EditorStore): { canUndo: boolean; canRedo: boolean } {
  const canUndo = useSyncExternalStore(
    store.subscribe,
    () => store.canUndo,
    () => false,
  );
  const canRedo = useSyncExternalStore(
    store.subscribe,
    () => store.canRedo,
    () => false,
  );
  return { canUndo, canRedo };
}
