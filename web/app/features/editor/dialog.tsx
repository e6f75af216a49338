import { useEffect, useId, useRef, type ReactNode } from 'react';

/** A modal dialog on the native <dialog>: focus moves in, Escape closes, the page behind is inert. */
export function Dialog({ title, open, onClose, children, wide }: { title: string; open: boolean; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className={`editor-dialog${wide ? ' editor-dialog--wide' : ''}`} aria-labelledby={titleId} onClose={onClose} onCancel={(e) => { e.preventDefault(); onClose(); }}>
      {open ? (
        <>
          <header className="editor-dialog__head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="editor-dialog__close" aria-label="Close" onClick={onClose}>×</button>
          </header>
          <div className="editor-dialog__body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
