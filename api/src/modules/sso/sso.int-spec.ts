import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordLoginOffText } from '@loopwright/contracts';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import { startOidcProvider, type LoopbackOidcProvider } from '../../../test/fakes/oidc-provider.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { QueueService } from '../../core/queue/queue.service.js';

const APP_URL = 'http://localhost:3999';
const CALLBACK = `${APP_URL}/api/sso/callback`;

/** The provider's side of a browser: its own cookies, its development login and consent pages. */
async function throughProvider(authorizeUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizeUrl;
  let form: { prompt: string } | null = null;
  for (let hop = 0; hop < 12; hop++) {
    const response: Response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams({ ...form, login, password: 'anything' }).toString() : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(CALLBACK)) return next;
      url = next.href;
      form = null;
      continue;
    }
    const page: string = await response.text();
    const prompt: string | undefined = /name="prompt" value="(login|consent)"/.exec(page)?.[1];
    if (!prompt) throw new Error(`unexpected provider page (${response.status}): ${page.slice(0, 300)}`);
    form = { prompt };
  }
  throw new Error('the provider never sent the browser back');
}

describe('single sign-on against a real OpenID Connect provider on loopback', () => {
  let app: TestApp;
  let provider: LoopbackOidcProvider;
  let admin: ApiClient;
  let adminUser: TestUser;

  const settings = (overrides: Record<string, unknown> = {}) => ({
    enabled: true,
    issuerUrl: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    allowedDomains: ['studio.test'],
    buttonLabel: 'Studio SSO',
    createAccounts: true,
    passwordLoginDisabled: false,
    ...overrides,
  });

  /** Login page → provider (login and consent) → our callback. Returns where the app sends the browser. */
  async function signIn(client: ApiClient, login: string, returnTo = '/diagrams'): Promise<string> {
    const start = await client.get(`/sso/start?returnTo=${encodeURIComponent(returnTo)}`);
    expect([302, 303]).toContain(start.status);
    const location = start.headers.get('location')!;
    if (location.startsWith('/login')) return location;
    const callback = await throughProvider(location, login);
    const finished = await client.get(`${callback.pathname.replace(/^\/api/, '')}${callback.search}`);
    expect(finished.status).toBe(302);
    return finished.headers.get('location')!;
  }

  beforeAll(async () => {
    provider = await startOidcProvider([CALLBACK]);
    app = await startTestApp({ env: { APP_URL } });
    adminUser = await createUser(app, { role: 'admin' });
    admin = await loginAs(app, adminUser);
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });
  beforeEach(async () => {
    expect((await admin.put('/admin/sso', settings())).status).toBe(200);
  });

  it('saves the settings after discovery, never shows the secret, and offers the button', async () => {
    const view = (await admin.get('/admin/sso')).body.content;
    expect(view.settings).toMatchObject({
      issuerUrl: provider.issuer,
      clientId: provider.clientId,
      hasClientSecret: true,
      allowedDomains: ['studio.test'],
      buttonLabel: 'Studio SSO',
    });
    expect(JSON.stringify(view)).not.toContain(provider.clientSecret);
    expect(view.callbackUrl).toBe(CALLBACK);

    // Blank keeps the stored secret.
    const { clientSecret: _secret, ...withoutSecret } = settings({ buttonLabel: 'Acme login' });
    expect((await admin.put('/admin/sso', withoutSecret)).body.content.settings.hasClientSecret).toBe(true);
    expect((await new ApiClient(app.url).get('/sso/config')).body.content).toEqual({
      enabled: true,
      label: 'Acme login',
      passwordLoginDomains: [],
    });

    // An issuer that is not there is refused before anything is saved.
    const refused = await admin.put(
      '/admin/sso',
      settings({ issuerUrl: 'http://127.0.0.1:9/nothing', buttonLabel: 'X' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('SSO_SETTINGS_UNVERIFIED');
    expect((await admin.get('/admin/sso')).body.content.settings.buttonLabel).toBe('Acme login');

    // Only admins.
    const user = await loginAs(app, await createUser(app));
    expect((await user.get('/admin/sso')).status).toBe(403);
    expect((await user.put('/admin/sso', settings())).status).toBe(403);
  });

  it('creates an account on first sign-in when allowed, then signs the same identity in again', async () => {
    provider.accounts.set('new-1', {
      email: 'ada@studio.test',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    const browser = new ApiClient(app.url);
    expect(await signIn(browser, 'new-1')).toBe('/onboarding?returnTo=%2Fdiagrams');
    const me = (await browser.get('/oauth2/userinfo')).body.content.user;
    expect(me).toMatchObject({ email: 'ada@studio.test', fullName: 'Ada Lovelace', emailConfirmed: true });
    expect((await browser.get('/sessions')).body.content.sessions).toEqual([
      expect.objectContaining({ method: 'sso' }),
    ]);

    // The address changed at the provider: still the same account, found by issuer and subject.
    provider.accounts.set('new-1', { email: 'ada.l@studio.test', email_verified: true });
    const again = new ApiClient(app.url);
    await signIn(again, 'new-1');
    expect((await again.get('/oauth2/userinfo')).body.content.user.id).toBe(me.id);
  });

  it('links an existing account with the same verified e-mail, and refuses an unverified one', async () => {
    const existing = await createUser(app, { email: 'grace@studio.test' });
    provider.accounts.set('grace', { email: 'grace@studio.test', email_verified: false });
    expect(await signIn(new ApiClient(app.url), 'grace')).toBe('/login?sso=unverified');

    provider.accounts.set('grace', { email: 'Grace@studio.test', email_verified: true });
    const browser = new ApiClient(app.url);
    expect(await signIn(browser, 'grace', '/community/explore')).toBe('/community/explore');
    expect((await browser.get('/oauth2/userinfo')).body.content.user).toMatchObject({
      id: existing.id,
      hasPassword: true,
    });
  });

  it('refuses an address outside the allowed domains, and unknown addresses when accounts are not created', async () => {
    provider.accounts.set('outsider', { email: 'eve@elsewhere.test', email_verified: true });
    const browser = new ApiClient(app.url);
    expect(await signIn(browser, 'outsider')).toBe('/login?sso=domain');
    expect((await browser.get('/oauth2/userinfo')).status).toBe(401);

    await admin.put('/admin/sso', settings({ createAccounts: false }));
    provider.accounts.set('stranger', { email: 'stranger@studio.test', email_verified: true });
    expect(await signIn(new ApiClient(app.url), 'stranger')).toBe('/login?sso=no-account');
  });

  it('sends the browser back to the login page with a clear reason when the provider is down', async () => {
    const existing = await createUser(app, { email: `down-${Date.now()}@studio.test` });
    provider.accounts.set('down', { email: existing.email, email_verified: true });
    expect(await signIn(new ApiClient(app.url), 'down')).toBe('/diagrams'); // the app knows the provider now
    await provider.stop();
    try {
      // Down before the click: the start cannot find the provider.
      expect(await signIn(new ApiClient(app.url), 'down')).toBe('/login?sso=provider');
    } finally {
      await provider.start();
    }

    // Down between the provider's pages and the callback: the token request fails.
    const browser = new ApiClient(app.url);
    const start = await browser.get('/sso/start');
    const callback = await throughProvider(start.headers.get('location')!, 'down');
    await provider.stop();
    try {
      const finished = await browser.get(`${callback.pathname.replace(/^\/api/, '')}${callback.search}`);
      expect(finished.status).toBe(302);
      expect(finished.headers.get('location')).toBe('/login?sso=provider');
      expect((await browser.get('/oauth2/userinfo')).status).toBe(401);
    } finally {
      await provider.start();
    }
  });

  it('fails a forged state, a callback without the flow cookie and a stray callback', async () => {
    provider.accounts.set('csrf', { email: 'csrf@studio.test', email_verified: true });
    const victim = new ApiClient(app.url);
    const start = await victim.get('/sso/start');
    const callback = await throughProvider(start.headers.get('location')!, 'csrf');

    const attacker = new ApiClient(app.url);
    const stolen = await attacker.get(`${callback.pathname.replace(/^\/api/, '')}${callback.search}`);
    expect(stolen.headers.get('location')).toBe('/login?sso=failed');

    callback.searchParams.set('state', 'forged');
    const forged = await victim.get(`${callback.pathname.replace(/^\/api/, '')}${callback.search}`);
    expect(forged.headers.get('location')).toBe('/login?sso=failed');
    expect((await victim.get('/oauth2/userinfo')).status).toBe(401);

    expect((await new ApiClient(app.url).get('/sso/callback?state=x')).headers.get('location')).toBe(
      '/login?sso=failed',
    );
  });

  it('turns password login, registration and password reset off for the allowed domains (administrators keep their login)', async () => {
    const member = await createUser(app, { email: `pw-${Date.now()}@studio.test` });
    const outsider = await createUser(app, { email: `pw-${Date.now()}@elsewhere.test` });
    // A reset link mailed before the switch (kept in the mail log: this instance has no mail server).
    expect((await new ApiClient(app.url).post('/oauth2/password/recover', { email: member.email })).status).toBe(200);
    await app.http.app.get(QueueService).drain();
    const [mail] = (await admin.get(`/admin/mail-log?search=${encodeURIComponent(member.email)}`)).body.content.entries;
    const links: string[] = (await admin.get(`/admin/mail-log/${mail.id}`)).body.content.links;
    const staleReset = new URL(links.find((link) => link.includes('/reset-password?token='))!).searchParams.get(
      'token',
    );
    await admin.put('/admin/sso', settings({ passwordLoginDisabled: true }));
    expect((await new ApiClient(app.url).get('/sso/config')).body.content.passwordLoginDomains).toEqual([
      'studio.test',
    ]);
    const offText = passwordLoginOffText('studio.test', 'Studio SSO');
    expect(offText).toContain('“Log in with Studio SSO”');
    const refused = (response: { status: number; body: { error?: unknown } }) => {
      expect(response.status).toBe(403);
      expect(response.body.error).toMatchObject({ code: 'AUTH_SSO_REQUIRED', message: offText });
    };
    const anonymous = new ApiClient(app.url);

    // Log in: the right password, a wrong one (not "wrong password") and an address without an account.
    refused(await anonymous.post('/oauth2/login', { email: member.email, password: member.password }));
    refused(await anonymous.post('/oauth2/login', { email: member.email, password: 'not-the-password' }));
    refused(await anonymous.post('/oauth2/login', { email: 'nobody@Studio.test', password: 'whatever-1' }));
    expect((await anonymous.get('/oauth2/userinfo')).status).toBe(401);

    // Register: no account is made.
    const newcomer = `new-${Date.now()}@studio.test`;
    refused(
      await anonymous.post('/oauth2/register', {
        email: newcomer,
        password: 'secret-1',
        confirmPassword: 'secret-1',
        acceptTerms: true,
      }),
    );
    expect(await app.http.app.get(PrismaService).user.count({ where: { email: newcomer } })).toBe(0);

    // Password reset: no link is sent, and a link sent before the switch sets no password.
    refused(await anonymous.post('/oauth2/password/recover', { email: member.email }));
    refused(
      await anonymous.post('/oauth2/password/reset', {
        token: staleReset,
        password: 'after-reset',
        confirmPassword: 'after-reset',
      }),
    );

    // Other domains and administrators of the domain keep their passwords.
    await expect(loginAs(app, outsider)).resolves.toBeInstanceOf(ApiClient);
    expect((await anonymous.post('/oauth2/password/recover', { email: outsider.email })).status).toBe(200);
    const studioAdmin = await createUser(app, { email: `admin-${Date.now()}@studio.test`, role: 'admin' });
    await expect(loginAs(app, studioAdmin)).resolves.toBeInstanceOf(ApiClient);

    // Switched back on: the member's password works again, and the old reset link was not used up.
    await admin.put('/admin/sso', settings({ passwordLoginDisabled: false }));
    await expect(loginAs(app, member)).resolves.toBeInstanceOf(ApiClient);
    expect(
      (
        await anonymous.post('/oauth2/password/reset', {
          token: staleReset,
          password: 'after-reset',
          confirmPassword: 'after-reset',
        })
      ).status,
    ).toBe(200);
  });

  it('offers nothing once an admin removes the settings', async () => {
    expect((await admin.delete('/admin/sso')).body.content.settings).toBeNull();
    expect((await new ApiClient(app.url).get('/sso/config')).body.content).toMatchObject({ enabled: false });
    expect((await new ApiClient(app.url).get('/sso/start')).headers.get('location')).toBe('/login?sso=failed');
  });
});
