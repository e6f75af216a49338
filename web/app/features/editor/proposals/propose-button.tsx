import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { ProposalTexts } from '../../../lib/spec';
import { Dialog } from '../dialog';
import { proposalsApi } from './proposals-api';

/** On a copy its owner may propose the copy's changes to the diagram it was copied from (saved first). */
export function ProposeButton({
  fuid,
  sourceName,
  saveFirst,
}: {
  fuid: string;
  sourceName: string;
  saveFirst: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const propose = async () => {
    setBusy(true);
    setError(null);
    try {
      await saveFirst();
      await proposalsApi.propose(fuid, { message });
      setDone(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => (setOpen(true), setDone(false))}>
        Propose changes
      </button>
      <Dialog title="Propose changes" open={open} onClose={() => setOpen(false)}>
        {done ? (
          <p role="status">
            {ProposalTexts.proposed.replace('{name}', sourceName)}. Its owner and editors can now review and merge them;
            you will be notified of their answer.
          </p>
        ) : (
          <>
            <p>
              Sends the changes you made in this copy to <strong>{sourceName}</strong>. Its owner or editors see them
              against the version you copied and decide.
            </p>
            <label className="proposal-form__field">
              <span>Message (optional)</span>
              <textarea value={message} maxLength={2000} rows={3} onChange={(e) => setMessage(e.target.value)} />
            </label>
            {error ? (
              <p className="formula-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void propose()}>
              {busy ? 'Proposing…' : 'Propose'}
            </button>
          </>
        )}
      </Dialog>
    </>
  );
}
