import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useEditor } from './editor-context';
import { useHistoryState } from './model/editor-store';
import { useValue } from './model/value-store';

export function EditorHeader({
  title,
  outline,
  onToggleOutline,
  onShortcuts,
  onFit,
  phone = false,
  readOnly = false,
  back = { to: '/diagrams', label: 'Back to my diagrams' },
  children,
}: {
  title: string;
  outline: boolean;
  onToggleOutline: () => void;
  onShortcuts: () => void;
  onFit: () => void;
  /** A phone: the Edit switch (the diagram opens view-only there). */
  phone?: boolean;
  /** A view-only diagram: no Edit switch, no undo and redo. */
  readOnly?: boolean;
  /** Where the ← leads (a visitor without an account: the community). */
  back?: { to: string; label: string };
  children?: ReactNode;
}) {
  const { store, tools } = useEditor();
  const { canUndo, canRedo } = useHistoryState(store);
  const snap = useValue(tools, (t) => t.snap);
  const viewOnly = useValue(tools, (t) => t.viewOnly);
  return (
    <header className="editor-header">
      <Link to={back.to} className="editor-header__back" aria-label={back.label}>
        ←
      </Link>
      <h1 className="editor-header__title">{title}</h1>
      {children}
      <div className="editor-header__tools" role="toolbar" aria-label="Edit and view">
        {phone && !readOnly ? (
          <button
            type="button"
            className="editor-button editor-button--ghost"
            aria-pressed={!viewOnly}
            onClick={() => tools.set({ ...tools.get(), viewOnly: !viewOnly, placing: null })}
          >
            Edit
          </button>
        ) : null}
        {readOnly ? null : (
          <>
            <button
              type="button"
              className="icon-button"
              onClick={() => store.undo()}
              disabled={!canUndo}
              title="Undo (Ctrl+Z)"
              aria-label="Undo"
            >
              ↶
            </button>
            <button
              type="button"
              className="icon-button"
              onClick={() => store.redo()}
              disabled={!canRedo}
              title="Redo (Ctrl+Shift+Z)"
              aria-label="Redo"
            >
              ↷
            </button>
          </>
        )}
        <button
          type="button"
          className="icon-button"
          onClick={onFit}
          title="Fit (Shift+1)"
          aria-label="Fit the diagram"
        >
          ⤢
        </button>
        <button
          type="button"
          className="editor-button editor-button--ghost"
          aria-pressed={snap}
          onClick={() => tools.set({ ...tools.get(), snap: !snap })}
        >
          Snap
        </button>
        <button
          type="button"
          className="editor-button editor-button--ghost"
          aria-pressed={outline}
          onClick={onToggleOutline}
        >
          Outline
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={onShortcuts}
          title="Keyboard shortcuts (?)"
          aria-label="Keyboard shortcuts"
        >
          ?
        </button>
      </div>
    </header>
  );
}
