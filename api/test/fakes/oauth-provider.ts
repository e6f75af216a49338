import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface FakeOAuthProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the next authorization. */
  signInAs(identity: FakeIdentity): void;
  /** The next token request gets no answer at all (a provider that hangs). */
  hangNextTokenRequest(): void;
  /** The scope an access token was granted (space-separated, as asked at /authorize), or null. */
  scopeOf(accessToken: string): string | null;
  /** Scopes asked at every /authorize so far, in order. */
  authorizedScopes: string[];
  env(): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real OAuth 2 provider on loopback: /authorize approves at once and redirects back with a code,
 * /token checks the client secret, the redirect URI and the PKCE verifier, /userinfo answers the
 * identity for the access token.
 */
export async function startFakeOAuthProvider(): Promise<FakeOAuthProvider> {
  const clientId = 'loopwright-test-client';
  const clientSecret = randomBytes(16).toString('hex');
  let identity: FakeIdentity = { sub: 'google-1', email: 'someone@example.test', email_verified: true };
  const codes = new Map<string, { challenge: string; redirectUri: string; identity: FakeIdentity; scope: string }>();
  const accessTokens = new Map<string, FakeIdentity>();
  const scopes = new Map<string, string>();
  const refreshTokens = new Map<string, { identity: FakeIdentity; scope: string }>();
  const authorizedScopes: string[] = [];
  let hangNext = false;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/authorize') {
      const params = url.searchParams;
      if (
        params.get('client_id') !== clientId ||
        params.get('code_challenge_method') !== 'S256' ||
        !params.get('code_challenge')
      )
        return send(400, { error: 'invalid_request' });
      const code = randomBytes(12).toString('hex');
      authorizedScopes.push(params.get('scope') ?? '');
      codes.set(code, {
        challenge: params.get('code_challenge')!,
        redirectUri: params.get('redirect_uri')!,
        identity,
        scope: params.get('scope') ?? '',
      });
      const back = new URL(params.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      if (hangNext) {
        hangNext = false;
        return;
      }
      let raw = '';
      for await (const chunk of request) raw += chunk;
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') === 'refresh_token') {
        const held = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!held || form.get('client_secret') !== clientSecret) return send(400, { error: 'invalid_grant' });
        const token = randomBytes(16).toString('hex');
        accessTokens.set(token, held.identity);
        scopes.set(token, held.scope);
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifierOk =
        grant &&
        createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url') === grant.challenge;
      if (
        !grant ||
        !verifierOk ||
        form.get('client_secret') !== clientSecret ||
        form.get('redirect_uri') !== grant.redirectUri
      )
        return send(400, { error: 'invalid_grant' });
      const token = randomBytes(16).toString('hex');
      accessTokens.set(token, grant.identity);
      scopes.set(token, grant.scope);
      // Offline access (Drive) also gets a refresh token.
      const refresh = grant.scope.includes('drive') ? randomBytes(16).toString('hex') : undefined;
      if (refresh) refreshTokens.set(refresh, { identity: grant.identity, scope: grant.scope });
      return send(200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        ...(refresh ? { refresh_token: refresh } : {}),
      });
    }
    if (url.pathname === '/userinfo') {
      const who = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      return who ? send(200, who) : send(401, { error: 'invalid_token' });
    }
    send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    signInAs(next) {
      identity = next;
    },
    hangNextTokenRequest() {
      hangNext = true;
    },
    scopeOf: (token) => scopes.get(token) ?? null,
    authorizedScopes,
    env: () => ({
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_ISSUER: url,
      GOOGLE_AUTHORIZE_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
