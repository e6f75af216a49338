import { useId, useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { Modal } from './modal';

/** A dialog of the diagram list (tags manager, confirmations) on the app's one modal primitive. */
export function ListDialog({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  return (
    <Modal onClose={onClose} labelledBy={titleId} className={`list-dialog${wide ? ' list-dialog--wide' : ''}`}>
      <header className="list-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="list-dialog__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="list-dialog__body">{children}</div>
    </Modal>
  );
}

/** "Are you sure?" with the consequence spelled out; the action's failure is shown in the dialog. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  return (
    <ListDialog title={title} onClose={onClose}>
      {children}
      {error ? (
        <p className="diagram-list__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="list-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      </div>
    </ListDialog>
  );
}
