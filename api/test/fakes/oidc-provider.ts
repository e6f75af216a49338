import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface LoopbackOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who can sign in: the login name typed on the provider's page is the subject. */
  accounts: Map<string, OidcAccount>;
  /** Stops answering (connections refused) until start() again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a loopback port, with its
 * development login and consent pages: any login name and password sign in as the account of that
 * name. One confidential client whose redirect URI is the app's callback.
 */
export async function startOidcProvider(redirectUris: string[]): Promise<LoopbackOidcProvider> {
  const clientId = 'loopwright-test';
  const clientSecret = 'loopwright-test-secret-0123456789';
  const accounts = new Map<string, OidcAccount>();
  let server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: true } },
    // The flow runs over http on loopback: cookies without Secure.
    cookies: { long: { secure: false }, short: { secure: false } },
  });
  provider.on('server_error', () => {});
  const listener = provider.callback();
  server.on('request', listener);

  const listen = async () => {
    server = createServer(listener);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { issuer, clientId, clientSecret, accounts, stop, start: listen, close: stop };
}
