import type { AdminUser } from '@loopwright/contracts';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { adminApi } from './admin-api';

type Outcome = { kind: 'success' | 'error'; text: string };

/** The buttons of one row of the users table; each asks the server, which has the last word. */
export function UserActions({
  user,
  self,
  onDone,
}: {
  user: AdminUser;
  self: boolean;
  onDone: (outcome: Outcome) => void;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<{ message: string }>, confirmText?: string) => {
    if (confirmText && !window.confirm(confirmText)) return;
    setBusy(true);
    try {
      onDone({ kind: 'success', text: (await action()).message });
    } catch (error) {
      onDone({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const who = user.email;
  return (
    <div className="adm-actions" aria-busy={busy}>
      {user.state === 'unconfirmed' ? (
        <>
          <button
            type="button"
            className="button button--ghost acc-button--small"
            disabled={busy}
            onClick={() => run(() => adminApi.confirmUser(user.id))}
            aria-label={`Confirm ${who}`}
          >
            Confirm
          </button>
          <button
            type="button"
            className="button button--ghost acc-button--small"
            disabled={busy}
            onClick={() => run(() => adminApi.resendConfirmation(user.id))}
            aria-label={`Resend confirmation to ${who}`}
          >
            Resend confirmation
          </button>
        </>
      ) : null}
      {self ? <span className="acc-field__hint">This is you</span> : null}
      {!self && user.state !== 'disabled' ? (
        <button
          type="button"
          className="button button--ghost acc-button--small"
          disabled={busy}
          aria-label={`Disable ${who}`}
          onClick={() =>
            run(
              () => adminApi.disableUser(user.id),
              `Disable ${who}? They will be logged out everywhere and cannot log in until you enable the account again.`,
            )
          }
        >
          Disable
        </button>
      ) : null}
      {!self && user.state === 'disabled' ? (
        <button
          type="button"
          className="button button--ghost acc-button--small"
          disabled={busy}
          onClick={() => run(() => adminApi.enableUser(user.id))}
          aria-label={`Enable ${who}`}
        >
          Enable
        </button>
      ) : null}
      {!self ? (
        <button
          type="button"
          className="button acc-button--danger acc-button--small"
          disabled={busy}
          aria-label={`Delete ${who}`}
          onClick={() =>
            run(() => adminApi.deleteUser(user.id), `Delete ${who} and every diagram they own? This cannot be undone.`)
          }
        >
          Delete
        </button>
      ) : null}
    </div>
  );
}
