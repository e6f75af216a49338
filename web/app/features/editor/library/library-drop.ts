import type { EditorStore } from '../model/editor-store';
import { pasteFragment, type Fragment } from '../model/ops';
import type { Point } from '../model/types';

/** Drag data of a library item: its fragment as JSON. */
export const LIBRARY_MIME = 'application/x-loopwright-library';

/** Puts a library item's elements into the diagram with fresh ids, its top-left corner at `at`; selects them (one undo step). */
export function insertFragment(store: EditorStore, fragment: Fragment, at: Point): void {
  if (!fragment.nodes.length) return;
  const left = Math.min(...fragment.nodes.map((n) => n.x));
  const top = Math.min(...fragment.nodes.map((n) => n.y));
  const { doc, selection } = pasteFragment(store.doc, fragment, {
    x: Math.round(at.x - left),
    y: Math.round(at.y - top),
  });
  store.edit(() => doc, { select: selection });
}

/** The canvas's drop handler for library items; false when the drag is something else. */
export function dropLibraryItem(store: EditorStore, e: React.DragEvent, at: Point): boolean {
  const raw = e.dataTransfer.getData(LIBRARY_MIME);
  if (!raw) return false;
  e.preventDefault();
  insertFragment(store, JSON.parse(raw) as Fragment, at);
  return true;
}
