import { DiagramTexts } from '@loopwright/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError, errorMessage } from '../../lib/api-client';
import { useLoginDialog } from '../account/login-dialog';
import { useSession } from '../account/session';

/** The login dialog's source action: "To make a copy of this diagram, please create a free public account". */
export const COPY_SOURCE_ACTION = 'make a copy of this diagram';
/** Coming back with this query (after logging in from the dialog) makes the copy at once. */
export const COPY_AFTER_LOGIN = 'copy';

/**
 * Make a Copy / Duplicate: a new private diagram of the caller's from one they can view, then open
 * it. A visitor first gets the login dialog, which brings them back here to finish the copy.
 */
export function useMakeCopy(fuid: string): { copy: () => Promise<void>; busy: boolean; error: string | null } {
  const { user } = useSession();
  const { openLoginDialog } = useLoginDialog();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const copy = useCallback(async () => {
    if (!user) {
      openLoginDialog(COPY_SOURCE_ACTION, { returnTo: `/diagrams/${fuid}?${COPY_AFTER_LOGIN}=1` });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const made = await api.diagram.copy({ params: { fuid }, body: {} }).then((r) => r.diagram);
      void navigate(`/diagrams/${made.fuid}`);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 404 ? DiagramTexts.copyUnavailable : errorMessage(e));
    } finally {
      setBusy(false);
    }
  }, [user, fuid, openLoginDialog, navigate]);
  return { copy, busy, error };
}
