import { AuthTexts } from '@loopwright/contracts';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { accountApi } from './account-api';

/** Sends a new confirmation link; the state says what to show (busy, the server's answer, an error). */
export function useResendConfirmation() {
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: string | null }>({
    busy: false,
    message: null,
    error: null,
  });
  const send = async (email: string) => {
    setState({ busy: true, message: null, error: null });
    try {
      const answer = await accountApi.resendConfirmation(email.trim());
      setState({ busy: false, message: answer.message || AuthTexts.confirmationResent, error: null });
    } catch (error) {
      // A refusal says why (too many attempts…); a failure to send, or no answer at all, is the spec's
      // "Error when sending the confirmation link."
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setState({ busy: false, message: null, error: refused ? errorMessage(error) : AuthTexts.confirmationSendError });
    }
  };
  const reset = () => setState({ busy: false, message: null, error: null });
  return { ...state, send, reset };
}
