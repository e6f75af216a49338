import { LibraryTexts } from '@loopwright/contracts';
import { useState } from 'react';
import { failureText } from '../../lib/failure-text';
import { preferencesApi } from './preferences-api';

/** The diagram (file) token with a Regenerate button; a failure shows 'diagram token cannot be changed'. */
export function FileToken({ fuid, initial }: { fuid: string; initial: string }) {
  const [token, setToken] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const regenerate = async () => {
    setBusy(true);
    setError(null);
    try {
      setToken(await preferencesApi.regenerateToken(fuid));
    } catch (e) {
      setError(failureText(LibraryTexts.tokenNotChanged, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <code data-testid="file-token">{token}</code>{' '}
      <button type="button" className="button button--ghost" disabled={busy} onClick={() => void regenerate()}>
        Regenerate token
      </button>
      {error ? (
        <span role="alert" className="formula-error">
          {error}
        </span>
      ) : null}
    </>
  );
}
