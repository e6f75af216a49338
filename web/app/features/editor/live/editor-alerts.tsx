import type { DiagramAccess } from '@loopwright/contracts';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DiagramTexts } from '../../../lib/spec';
import { Modal } from '../../../ui/modal';
import type { GoneReason } from './use-diagram-live';
import { saveThenReload } from './save-and-refresh';
import { useNewRelease, useOffline } from './use-editor-alerts';

export const EditorTexts = {
  offline: 'You are offline: the server cannot be reached.',
  offlineHint: 'Keep working: your changes stay in this browser and are saved when the connection is back.',
  newRelease: 'A new version of Loopwright is available. Save your changes and refresh to use it.',
  deleted: 'This diagram was deleted',
  noAccess: 'You no longer have access to this diagram',
  corrupted: 'This diagram is corrupted and cannot be opened.',
} as const;

/** Server unreachable: an alert that stays while offline and goes by itself when the connection is back. */
export function OfflineAlert() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div className="editor-alert editor-alert--offline" role="alert" data-testid="offline-alert">
      <strong>{EditorTexts.offline}</strong> <span>{EditorTexts.offlineHint}</span>
    </div>
  );
}

/** A new release was deployed: save, then reload the page on the new code. */
export function ReleaseBanner({ save }: { save: (() => Promise<unknown>) | null }) {
  const changed = useNewRelease();
  const [busy, setBusy] = useState(false);
  if (!changed) return null;
  const saveAndRefresh = async () => {
    setBusy(true);
    await saveThenReload(save, () => window.location.reload());
  };
  return (
    <div className="editor-alert editor-alert--release" role="status" data-testid="release-banner">
      <span>{EditorTexts.newRelease}</span>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void saveAndRefresh()}>
        {save ? 'Save and refresh' : 'Refresh'}
      </button>
    </div>
  );
}

/**
 * The open diagram went away (deleted, made private, unshared): viewers get the spec's "deleted or
 * no longer public"; the owner and editors learn which. Nothing more can be saved, so it cannot be dismissed.
 */
export function GoneDialog({ reason, access }: { reason: GoneReason; access: DiagramAccess }) {
  const title =
    access === 'viewer'
      ? DiagramTexts.publicUnavailable
      : reason === 'deleted'
        ? EditorTexts.deleted
        : EditorTexts.noAccess;
  return (
    <Blocking title={title}>
      <p>
        {access === 'owner' && reason === 'deleted'
          ? 'It is in your Trash: restore it from there to keep working on it.'
          : 'What you see is no longer available from the server, and changes can no longer be saved.'}
      </p>
      <div className="editor-dialog__actions">
        {access === 'owner' && reason === 'deleted' ? (
          <Link className="editor-button editor-button--ghost" to="/diagrams?list=trash">
            Open the Trash
          </Link>
        ) : null}
        <Link className="editor-button" to="/diagrams">
          Back to my diagrams
        </Link>
      </div>
    </Blocking>
  );
}

/** The document (or this browser's draft of it) cannot be read: offer the last version the server saved. */
export function CorruptedDialog({
  problem,
  canRecover,
  onRecover,
}: {
  problem: string;
  canRecover: boolean;
  onRecover: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recover = async () => {
    setBusy(true);
    setError(null);
    try {
      await onRecover();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <Blocking title="Corrupted diagram">
      <p>
        {EditorTexts.corrupted} <span className="props__hint">({problem})</span>
      </p>
      <p>
        {canRecover
          ? 'You can recover the last saved version of it.'
          : 'Ask its owner to recover the last saved version.'}
      </p>
      {error ? (
        <p className="formula-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="editor-dialog__actions">
        <Link className="editor-button editor-button--ghost" to="/diagrams">
          Back to my diagrams
        </Link>
        {canRecover ? (
          <button type="button" className="editor-button" disabled={busy} onClick={() => void recover()}>
            Recover the last saved version
          </button>
        ) : null}
      </div>
    </Blocking>
  );
}

/** A dialog with no way to dismiss it but its own actions (the editor behind it cannot go on). */
function Blocking({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Modal onClose={() => undefined} labelledBy={titleId} className="editor-dialog">
      <header className="editor-dialog__head">
        <h2 id={titleId}>{title}</h2>
      </header>
      <div className="editor-dialog__body" role="alert">
        {children}
      </div>
    </Modal>
  );
}
