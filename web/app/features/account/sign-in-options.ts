import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';

export interface SignInOptions {
  googleSignIn: boolean;
  recaptchaSiteKey: string | null;
}

let cached: Promise<SignInOptions> | null = null;

/** Which sign-in options this instance offers (GET /api/oauth2/config), asked once per page load. */
export function useSignInOptions(): SignInOptions | null {
  const [options, setOptions] = useState<SignInOptions | null>(null);
  useEffect(() => {
    cached ??= api.auth.clientConfig().catch(() => {
      cached = null;
      return { googleSignIn: false, recaptchaSiteKey: null };
    });
    let live = true;
    void cached.then((value) => live && setOptions(value));
    return () => {
      live = false;
    };
  }, []);
  return options;
}
