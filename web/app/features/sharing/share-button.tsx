import { useState } from 'react';
import { ShareDialog, type ShareTarget } from './share-dialog';

/** The Share button of the editor's header: opens the Share dialog with the diagram as it is now. */
export function ShareButton({
  target,
  onChange,
}: {
  target: () => ShareTarget;
  onChange?: (changes: Partial<ShareTarget>) => void;
}) {
  const [open, setOpen] = useState<ShareTarget | null>(null);
  return (
    <>
      <button type="button" className="editor-button" onClick={() => setOpen(target())}>
        Share
      </button>
      {open ? <ShareDialog diagram={open} onClose={() => setOpen(null)} onChange={onChange} /> : null}
    </>
  );
}
