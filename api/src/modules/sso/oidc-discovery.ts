import * as oidc from 'openid-client';

/** How long we wait for the provider (discovery, token, userinfo) before calling it down. */
export const PROVIDER_TIMEOUT_SECONDS = 10;

export interface ClientSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string | null;
}

/**
 * The provider's configuration from its discovery document (`/.well-known/openid-configuration`
 * under the issuer). A plain-http issuer (a provider on loopback or an internal network) is allowed
 * because the admin typed it so; https is what the docs recommend.
 */
export function discover(settings: ClientSettings): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuerUrl);
  return oidc.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret ?? undefined,
    settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None(),
    {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    },
  );
}

/** Whether an error means the provider could not be reached or failed (rather than refused us). */
export function isProviderOutage(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500;
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.WWWAuthenticateChallengeError)
    return false;
  if (error instanceof oidc.ClientError) {
    // A page that is not the provider's JSON (a proxy's 502 page, an HTML error) is an outage too.
    return ['OAUTH_RESPONSE_IS_NOT_JSON', 'OAUTH_RESPONSE_IS_NOT_CONFORM'].includes(error.code ?? '');
  }
  const name = (error as Error | undefined)?.name;
  // fetch() failing to connect (TypeError: fetch failed), or our timeout.
  return error instanceof TypeError || name === 'TimeoutError' || name === 'AbortError';
}

/** A short reason for the admin screen, from what the discovery request met. */
export function providerErrorText(error: unknown): string {
  const err = error as Error & { cause?: { code?: string; message?: string }; code?: string; status?: number };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError')
    return `no answer within ${PROVIDER_TIMEOUT_SECONDS} seconds`;
  if (err instanceof TypeError && err.cause)
    return `could not connect (${err.cause.code ?? err.cause.message ?? 'network error'})`;
  if (err instanceof oidc.ResponseBodyError) return `the provider answered HTTP ${err.status}`;
  if (err instanceof oidc.ClientError) return err.message;
  return err?.message ?? 'unknown error';
}
