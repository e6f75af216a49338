import { useId, type ReactNode } from 'react';
import { Modal } from '../../ui/modal';

/** An editor dialog with a title bar, on the app's one modal primitive (focus trap, Escape, overlay click). */
export function Dialog({
  title,
  open,
  onClose,
  children,
  wide,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  if (!open) return null;
  return (
    <Modal onClose={onClose} labelledBy={titleId} className={`editor-dialog${wide ? ' editor-dialog--wide' : ''}`}>
      <header className="editor-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="editor-dialog__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="editor-dialog__body">{children}</div>
    </Modal>
  );
}
