import { useEffect, useRef } from 'react';
import type { EditorStore } from '../model/editor-store';
import { copyFragment, pasteFragment, removeElements } from '../model/ops';
import type { Point } from '../model/types';

export interface MenuAt {
  /** Where in the canvas box (px) and in the diagram the menu was asked for. */
  x: number;
  y: number;
  flow: Point;
  /** On an element or connection (now selected), or on the empty canvas. */
  onSelection: boolean;
}

export interface MenuActions {
  addPool: (at: Point) => void;
  fit: () => void;
}

/** The canvas's context menu: right-click, or a long press on a touch screen. */
export function ContextMenu({
  at,
  store,
  actions,
  onClose,
}: {
  at: MenuAt;
  store: EditorStore;
  actions: MenuActions;
  onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node)) onClose();
    };
    const keys = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
      e.preventDefault();
      const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
      const i = items.indexOf(document.activeElement as HTMLElement);
      items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
    };
    window.addEventListener('pointerdown', away, true);
    window.addEventListener('keydown', keys);
    return () => {
      window.removeEventListener('pointerdown', away, true);
      window.removeEventListener('keydown', keys);
    };
  }, [onClose]);
  const run = (action: () => void) => () => {
    action();
    onClose();
  };
  const sel = store.selection;
  const items: Array<[string, () => void]> = at.onSelection
    ? [
        [
          'Duplicate',
          () => {
            const { doc, selection } = pasteFragment(store.doc, copyFragment(store.doc, sel), { x: 32, y: 32 });
            store.edit(() => doc, { select: selection });
          },
        ],
        ['Delete', () => store.edit((d) => removeElements(d, sel), { select: { nodes: [], connections: [] } })],
      ]
    : [
        ['Add a pool here', () => actions.addPool(at.flow)],
        [
          'Select everything',
          () =>
            store.select({
              nodes: store.doc.nodes.map((n) => n.id),
              connections: store.doc.connections.map((c) => c.id),
            }),
        ],
        ['Fit the diagram', actions.fit],
      ];
  return (
    <div ref={menu} className="canvas-menu" role="menu" aria-label="Canvas actions" style={{ left: at.x, top: at.y }}>
      {items.map(([label, action]) => (
        <button key={label} type="button" role="menuitem" className="canvas-menu__item" onClick={run(action)}>
          {label}
        </button>
      ))}
    </div>
  );
}
