import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { editedAgo } from '../../lib/dates';
import { ListDialog } from '../../ui/list-dialog';
import { driveApi, type DriveFile } from './drive-api';
import { connectDrive } from './use-drive';

/** "Import from Google Drive" on the diagram list: my Loopwright files on Drive; picking one creates a diagram. */
export function DriveImportDialog({
  connected,
  refresh,
  onClose,
}: {
  connected: boolean;
  refresh: () => Promise<boolean>;
  onClose: () => void;
}) {
  const [files, setFiles] = useState<DriveFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (!connected) return;
    let live = true;
    driveApi.files().then(
      (f) => live && setFiles(f),
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [connected]);
  const connect = async () => {
    setError(null);
    try {
      await connectDrive();
      if (!(await refresh())) setError('Google Drive was not connected');
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const pick = async (file: DriveFile) => {
    setBusy(file.id);
    setError(null);
    try {
      const diagram = await driveApi.import(file.id);
      void navigate(`/diagrams/${diagram.fuid}`);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(null);
    }
  };
  return (
    <ListDialog title="Import from Google Drive" onClose={onClose}>
      {error ? (
        <p className="diagram-list__error" role="alert">
          {error}
        </p>
      ) : null}
      {!connected ? (
        <div className="drive-dialog">
          <p>Loopwright asks Google only for the files it creates or you open with it.</p>
          <button type="button" className="button button--primary" onClick={() => void connect()}>
            Connect Google Drive
          </button>
        </div>
      ) : files === null ? (
        error ? null : (
          <p role="status">Loading…</p>
        )
      ) : files.length === 0 ? (
        <p className="diagram-list__empty">
          No Loopwright diagrams on your Google Drive yet. Save one from the editor’s File menu.
        </p>
      ) : (
        <ul className="drive-files" aria-label="Diagrams on Google Drive">
          {files.map((f) => (
            <li key={f.id}>
              <span className="drive-files__name">{f.name}</span>
              {f.modifiedTime ? <span className="drive-files__when">{editedAgo(f.modifiedTime)}</span> : null}
              <button
                type="button"
                className="button button--ghost"
                disabled={busy !== null}
                onClick={() => void pick(f)}
              >
                {busy === f.id ? 'Importing…' : 'Import'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </ListDialog>
  );
}
