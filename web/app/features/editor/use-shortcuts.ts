import { useEffect } from 'react';
import type { EditorServices } from './editor-context';
import { copyFragment, pasteFragment, removeElements, type Fragment } from './model/ops';
import { PALETTE } from './panels/palette';
import { placeNode } from './canvas/diagram-canvas';
import type { RunController } from './runs/run-controller';

export interface ShortcutTargets {
  services: EditorServices;
  runs: RunController;
  centre: () => { x: number; y: number };
  fit: () => void;
  zoom: (by: number) => void;
  toggleOutline: () => void;
  showShortcuts: () => void;
  saveNow: () => void;
}

let clipboard: Fragment | null = null;
let pasteCount = 0;

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** The editor's keyboard shortcuts (see SHORTCUTS); none of them fire while typing in a field. */
export function useShortcuts(t: ShortcutTargets): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { store, tools } = t.services;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 's') {
        e.preventDefault();
        t.saveNow();
        return;
      }
      if (e.key === 'Escape' && typing(e.target) && (e.target as HTMLElement).closest('.side-panel, .outline')) {
        // Escape leaves a panel field, so the next keys are shortcuts again.
        (e.target as HTMLElement).blur();
        return;
      }
      if (typing(e.target) || (e.target as HTMLElement | null)?.closest?.('dialog, [role="dialog"]')) return;
      const sel = store.selection;
      const hasSel = sel.nodes.length + sel.connections.length > 0;
      const handled = (() => {
        if (mod && key === 'z' && !e.shiftKey) return (store.undo(), true);
        if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) return (store.redo(), true);
        if (mod && key === 'a')
          return (
            store.select({
              nodes: store.doc.nodes.map((n) => n.id),
              connections: store.doc.connections.map((c) => c.id),
            }),
            true
          );
        if (mod && (key === 'c' || key === 'x') && hasSel) {
          clipboard = copyFragment(store.doc, sel);
          pasteCount = 0;
          try {
            void navigator.clipboard?.writeText(JSON.stringify({ loopwright: clipboard }));
          } catch {
            /* not allowed: the in-app clipboard still works */
          }
          if (key === 'x') store.edit((d) => removeElements(d, sel), { select: { nodes: [], connections: [] } });
          return true;
        }
        if (mod && key === 'v' && clipboard) {
          pasteCount++;
          const { doc, selection } = pasteFragment(store.doc, clipboard, { x: 32 * pasteCount, y: 32 * pasteCount });
          store.edit(() => doc, { select: selection });
          return true;
        }
        if (mod && key === 'd' && hasSel) {
          const { doc, selection } = pasteFragment(store.doc, copyFragment(store.doc, sel), { x: 32, y: 32 });
          store.edit(() => doc, { select: selection });
          return true;
        }
        if (mod && key === 'g') return (tools.set({ ...tools.get(), snap: !tools.get().snap }), true);
        if (mod && key === 'enter') return (void t.runs.quickRun(), true);
        if (mod || e.altKey) return false;
        if ((key === 'delete' || key === 'backspace') && hasSel) {
          store.edit((d) => removeElements(d, sel), { select: { nodes: [], connections: [] } });
          return true;
        }
        if (key === 'escape') {
          tools.set({ ...tools.get(), placing: null });
          store.select({ nodes: [], connections: [] });
          return true;
        }
        if (e.key === 'F5') return (void t.runs.quickRun(), true);
        if (e.key === '?') return (t.showShortcuts(), true);
        if (e.key === '!' || (e.shiftKey && e.code === 'Digit1')) return (t.fit(), true);
        if (e.key === '+' || e.key === '=') return (t.zoom(1.2), true);
        if (e.key === '-') return (t.zoom(1 / 1.2), true);
        if (key === ' ' && t.runs.ui.get().kind === 'quick') {
          const ui = t.runs.ui.get();
          ui.status === 'running' ? t.runs.pause() : t.runs.play();
          return true;
        }
        if (key === '.') return (void t.runs.step(), true);
        if (key === 'o' && !e.shiftKey) return (t.toggleOutline(), true);
        if (key === 'q') return (tools.set({ ...tools.get(), connection: 'resource' }), true);
        if (key === 'w') return (tools.set({ ...tools.get(), connection: 'state' }), true);
        const item = PALETTE.find((p) => p.key.toLowerCase() === key);
        if (item && !e.shiftKey) return (placeNode(store, item.type, t.centre()), true);
        return false;
      })();
      if (handled) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [t]);
}
