import { useState } from 'react';
import { errorMessage, UserMessageError } from '../../../lib/api-client';
import { Dialog } from '../dialog';
import { driveApi } from '../../drive/drive-api';
import { connectDrive } from '../../drive/use-drive';

/** "Save to Google Drive" from the editor's File menu: saves, connects Drive if needed, uploads our JSON file. */
export function DriveExportDialog({
  fuid,
  open,
  onClose,
  saveNow,
  connected,
  refresh,
}: {
  fuid: string;
  open: boolean;
  onClose: () => void;
  saveNow: () => Promise<void>;
  connected: boolean;
  refresh: () => Promise<boolean>;
}) {
  const [folderId, setFolderId] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };
  const save = async () => {
    setBusy(true);
    setResult(null);
    try {
      if (!connected) {
        await connectDrive();
        if (!(await refresh())) throw new UserMessageError('Google Drive was not connected');
      }
      await saveNow();
      const file = await driveApi.export(fuid, folderId.trim() || undefined);
      setResult({ ok: true, text: `Saved to Google Drive as “${file.name}”.` });
    } catch (e) {
      setResult({ ok: false, text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title="Save to Google Drive" open={open} onClose={close}>
      <form
        className="drive-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="drive-dialog__field">
          <span>Folder ID (optional; empty saves to My Drive)</span>
          <input
            className="acc-input"
            value={folderId}
            onChange={(e) => setFolderId(e.target.value)}
            placeholder="e.g. 1AbC…"
          />
        </label>
        {result ? (
          <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'drive-dialog__ok' : 'drive-dialog__error'}>
            {result.text}
          </p>
        ) : null}
        <div className="drive-dialog__actions">
          <button type="submit" className="editor-button" disabled={busy}>
            {busy ? 'Saving…' : connected ? 'Save to Drive' : 'Connect Google Drive and save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
