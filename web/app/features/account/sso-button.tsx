import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { OrDivider } from './google-button';

export interface SsoOptions {
  enabled: boolean;
  label: string | null;
  passwordLoginDomains: string[];
}

let cached: Promise<SsoOptions> | null = null;

/** Whether this instance offers single sign-on (GET /api/sso/config), asked once per page load. */
export function useSsoOptions(): SsoOptions | null {
  const [options, setOptions] = useState<SsoOptions | null>(null);
  useEffect(() => {
    cached ??= api.sso.ssoConfig().catch(() => {
      cached = null;
      return { enabled: false, label: null, passwordLoginDomains: [] };
    });
    let live = true;
    void cached.then((value) => live && setOptions(value));
    return () => {
      live = false;
    };
  }, []);
  return options;
}

/** "Log in with {label}": a plain link, so the browser leaves for the identity provider and comes back. */
export function SsoSignIn({ returnTo }: { returnTo: string }) {
  const options = useSsoOptions();
  if (!options?.enabled || !options.label) return null;
  return (
    <>
      <a
        className="button button--primary acc-button--block acc-sso-button"
        href={api.sso.ssoStart.url({ query: { returnTo } })}
        rel="nofollow"
      >
        Log in with {options.label}
      </a>
      {options.passwordLoginDomains.length ? (
        <p className="acc-field__hint">
          Addresses at {options.passwordLoginDomains.join(', ')} sign in with {options.label} only.
        </p>
      ) : null}
      <OrDivider />
    </>
  );
}
