import { useEffect, useRef, useState, type ReactNode } from 'react';
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
  onRename,
  children,
}: {
  title: string;
  /** Clicking the title renames the diagram (absent: the title is plain text). */
  onRename?: (name: string) => Promise<void>;
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
      <h1 className="editor-header__title">{onRename ? <EditableTitle title={title} onRename={onRename} /> : title}</h1>
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

/** The diagram's name: a click (or Enter) turns it into a field; Enter or leaving it saves, Escape cancels. */
function EditableTitle({ title, onRename }: { title: string; onRename: (name: string) => Promise<void> }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const editing = draft !== null;
  // The field takes the focus it was opened for (the click on the title), with its text selected.
  useEffect(() => {
    if (!editing) return;
    field.current?.focus();
    field.current?.select();
  }, [editing]);
  if (draft === null)
    return (
      <button
        type="button"
        className="editor-header__rename"
        title="Rename"
        aria-label={`Rename ${title}`}
        onClick={() => {
          setError(null);
          setDraft(title);
        }}
      >
        {title}
      </button>
    );
  const commit = () => {
    const name = draft.trim();
    if (!name || name === title) return setDraft(null);
    onRename(name).then(
      () => setDraft(null),
      (e: unknown) => setError(e instanceof Error ? e.message : 'The name could not be saved'),
    );
  };
  return (
    <>
      <input
        className="editor-header__name"
        aria-label="Diagram name"
        ref={field}
        value={draft}
        maxLength={120}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setDraft(null);
          e.stopPropagation();
        }}
      />
      {error ? (
        <span className="editor-header__rename-error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
