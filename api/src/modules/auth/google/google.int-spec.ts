import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/factories/users.js';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../../../../test/fakes/oauth-provider.js';
import { ApiClient } from '../../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.js';

describe('Google sign-in against a loopback OAuth provider', () => {
  let app: TestApp;
  let provider: FakeOAuthProvider;
  beforeAll(async () => {
    provider = await startFakeOAuthProvider();
    app = await startTestApp({ env: { ...provider.env(), PORT: '0' } });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  /** Follows the browser's redirects: our start → provider → our callback. Returns where it ends. */
  async function signIn(
    client: ApiClient,
    returnTo = '/diagrams',
    tamper?: (callbackUrl: URL) => void,
  ): Promise<string> {
    const start = await client.get(`/oauth2/google/start?returnTo=${encodeURIComponent(returnTo)}`);
    expect(start.status).toBe(302);
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    expect(callback.pathname).toBe('/api/oauth2/google/callback');
    tamper?.(callback);
    const finished = await client.get(`${callback.pathname.replace(/^\/api/, '')}${callback.search}`);
    expect(finished.status).toBe(302);
    return finished.headers.get('location')!;
  }

  it('signs up a new user by issuer and subject, then signs the same identity in again', async () => {
    provider.signInAs({
      sub: 'g-new-1',
      email: 'fresh@example.test',
      email_verified: true,
      given_name: 'Fresh',
      family_name: 'Face',
    });
    const client = new ApiClient(app.url);
    expect(await signIn(client)).toBe('/onboarding?returnTo=%2Fdiagrams'); // no community username yet
    const me = (await client.get('/oauth2/userinfo')).body.content.user;
    expect(me).toMatchObject({
      email: 'fresh@example.test',
      fullName: 'Fresh Face',
      googleLinked: true,
      hasPassword: false,
      emailConfirmed: true,
    });

    // The e-mail changed at Google: still the same account, found by subject.
    provider.signInAs({ sub: 'g-new-1', email: 'renamed@example.test', email_verified: true });
    const again = new ApiClient(app.url);
    await signIn(again);
    expect((await again.get('/oauth2/userinfo')).body.content.user.id).toBe(me.id);
  });

  it('links an existing account with the same verified e-mail and returns to the page asked for', async () => {
    const user = await createUser(app);
    provider.signInAs({ sub: 'g-link-1', email: user.email, email_verified: true });
    const client = new ApiClient(app.url);
    expect(await signIn(client, '/community/explore')).toBe('/community/explore');
    expect((await client.get('/oauth2/userinfo')).body.content.user).toMatchObject({
      id: user.id,
      googleLinked: true,
      hasPassword: true,
    });
  });

  it('refuses an unverified e-mail, a wrong state and a foreign return address', async () => {
    provider.signInAs({ sub: 'g-unverified', email: 'unverified@example.test', email_verified: false });
    const client = new ApiClient(app.url);
    expect(await signIn(client)).toBe('/login?error=google');
    expect((await client.get('/oauth2/userinfo')).status).toBe(401);

    provider.signInAs({ sub: 'g-state', email: 'state@example.test', email_verified: true });
    const csrf = new ApiClient(app.url);
    expect(await signIn(csrf, '/', (url) => url.searchParams.set('state', 'forged'))).toBe('/login?error=google');

    provider.signInAs({ sub: 'g-redirect', email: 'redirect@example.test', email_verified: true });
    const open = new ApiClient(app.url);
    const landing = await signIn(open, '//evil.example.com/');
    expect(landing).toBe('/onboarding');
    expect(await signIn(new ApiClient(app.url), '/onboarding?returnTo=%2Fpricing')).toBe(
      '/onboarding?returnTo=%2Fpricing',
    );
    await open.post('/users/me/onboarding', { username: `redirect-${Date.now()}` });
    expect(await signIn(open, 'https://evil.example.com/')).toBe('/');
  });

  it('cannot finish without the flow cookie (someone else’s callback link)', async () => {
    provider.signInAs({ sub: 'g-cookie', email: 'cookie@example.test', email_verified: true });
    const victim = new ApiClient(app.url);
    const start = await victim.get('/oauth2/google/start');
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    const attacker = new ApiClient(app.url);
    const finished = await attacker.get(`${callback.pathname.replace(/^\/api/, '')}${callback.search}`);
    expect(finished.headers.get('location')).toBe('/login?error=google');
  });

  it('keeps each Google flow to its own browser when several run at once', async () => {
    const browsers = [new ApiClient(app.url), new ApiClient(app.url), new ApiClient(app.url)];
    const starts = await Promise.all(browsers.map((b, i) => b.get(`/oauth2/google/start?returnTo=%2Fpage-${i}`)));
    const callbacks: URL[] = [];
    for (const [i, start] of starts.entries()) {
      provider.signInAs({ sub: `g-parallel-${i}`, email: `parallel-${i}@example.test`, email_verified: true });
      callbacks.push(
        new URL((await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!),
      );
    }
    const landings = await Promise.all(
      browsers.map((b, i) => b.get(`${callbacks[i].pathname.replace(/^\/api/, '')}${callbacks[i].search}`)),
    );
    expect(landings.map((l) => l.headers.get('location'))).toEqual(
      [0, 1, 2].map((i) => `/onboarding?returnTo=%2Fpage-${i}`),
    );
  });

  it('fails a callback without a code, or with a flow cookie that was tampered with, instead of starting over', async () => {
    const browser = new ApiClient(app.url);
    const noCode = await browser.get('/oauth2/google/callback?state=abc');
    expect(noCode.status).toBe(302);
    expect(noCode.headers.get('location')).toBe('/login?error=google');

    provider.signInAs({ sub: 'g-tamper', email: 'tamper@example.test', email_verified: true });
    const start = await browser.get('/oauth2/google/start');
    const callback = new URL(
      (await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!,
    );
    const [version, body, signature] = browser.cookie('lw_oauth_flow')!.split('.');
    const flow = JSON.parse(Buffer.from(body, 'base64url').toString());
    browser.setCookie(
      'lw_oauth_flow',
      [version, Buffer.from(JSON.stringify({ ...flow, returnTo: '/elsewhere' })).toString('base64url'), signature].join(
        '.',
      ),
    );
    const finished = await browser.get(`${callback.pathname.replace(/^\/api/, '')}${callback.search}`);
    expect(finished.headers.get('location')).toBe('/login?error=google');
    expect((await browser.get('/oauth2/userinfo')).status).toBe(401);
  });

  it('gives up on a token endpoint that never answers, after 10 seconds, with the failure page', async () => {
    provider.signInAs({ sub: 'g-hang', email: 'hang@example.test', email_verified: true });
    provider.hangNextTokenRequest();
    const started = Date.now();
    expect(await signIn(new ApiClient(app.url))).toBe('/login?error=google');
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
  }, 30_000);
});
