import { useState } from 'react';
import { Dialog } from '../dialog';
import type { SaveState } from './save-controller';
import { relativeDate } from '../../../lib/dates';

/**
 * Merge conflicts: someone saved after we loaded. Confirm keeps (force-saves) our version; cancel
 * offers to reload theirs or to save ours as a copy.
 */
export function ConflictDialog({
  state,
  onKeepMine,
  onReload,
  onSaveCopy,
  onClose,
}: {
  state: SaveState;
  onKeepMine: () => void;
  onReload: () => void;
  onSaveCopy: () => void;
  onClose: () => void;
}) {
  const [step, setStep] = useState<'ask' | 'cancelled'>('ask');
  const open = state.status === 'conflict';
  const close = () => {
    setStep('ask');
    onClose();
  };
  return (
    <Dialog title="Merge conflict" open={open} onClose={close}>
      {step === 'ask' ? (
        <>
          <p>
            Someone else saved this diagram after you opened it
            {state.conflict?.savedBy ? ` (${state.conflict.savedBy.name})` : ''}
            {state.conflict?.savedAt ? ` ${relativeDate(state.conflict.savedAt)}` : ''}. Keep your version and overwrite
            theirs?
          </p>
          <div className="editor-dialog__actions">
            <button type="button" className="editor-button editor-button--ghost" onClick={() => setStep('cancelled')}>
              Cancel
            </button>
            <button
              type="button"
              className="editor-button"
              onClick={() => {
                setStep('ask');
                onKeepMine();
              }}
            >
              Confirm
            </button>
          </div>
        </>
      ) : (
        <>
          <p>
            Your changes are not saved. Reload the saved version (your changes are lost), or save your version as a
            copy.
          </p>
          <div className="editor-dialog__actions">
            <button
              type="button"
              className="editor-button editor-button--ghost"
              onClick={() => {
                setStep('ask');
                onSaveCopy();
              }}
            >
              Save a copy
            </button>
            <button
              type="button"
              className="editor-button"
              onClick={() => {
                setStep('ask');
                onReload();
              }}
            >
              Reload
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
