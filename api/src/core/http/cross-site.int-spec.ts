import { RequestTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('login CSRF and cross-site writes', () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createUser(app);
  });
  afterAll(() => app?.close());

  const login = (headers: Record<string, string>, body: string) =>
    fetch(`${app.url}/api/oauth2/login`, { method: 'POST', headers, body, redirect: 'manual' });
  const form = () => `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(user.password)}`;
  const json = () => JSON.stringify({ email: user.email, password: user.password });

  it('refuses a cross-site form post to log in with 403 and sets no cookie', async () => {
    const response = await login(
      {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      form(),
    );
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe(RequestTexts.crossSite);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a form post that names no origin, and JSON without the client id, and a cross-site JSON post', async () => {
    const bare = await login({ 'content-type': 'application/x-www-form-urlencoded' }, form());
    expect(bare.status).toBe(403);
    const noClientId = await login({ 'content-type': 'application/json' }, json());
    expect(noClientId.status).toBe(403);
    const crossSite = await login(
      { 'content-type': 'application/json', 'x-client-id': 'loopwright-web', 'sec-fetch-site': 'cross-site' },
      json(),
    );
    expect(crossSite.status).toBe(403);
    const otherOrigin = await login(
      { 'content-type': 'application/json', 'x-client-id': 'loopwright-web', origin: 'http://127.0.0.1:1' },
      json(),
    );
    expect(otherOrigin.status).toBe(403);
    for (const response of [bare, noClientId, crossSite, otherOrigin])
      expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('takes JSON only, even from our own pages', async () => {
    const response = await login(
      {
        'content-type': 'text/plain',
        'x-client-id': 'loopwright-web',
        origin: app.url,
        'sec-fetch-site': 'same-origin',
      },
      json(),
    );
    expect(response.status).toBe(415);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('logs in from our own pages as the web app does (JSON, X-Client-Id, same origin)', async () => {
    const response = await login(
      {
        'content-type': 'application/json',
        'x-client-id': 'loopwright-web',
        origin: app.url,
        'sec-fetch-site': 'same-origin',
      },
      json(),
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('lw_access='))).toBe(true);
  });

  it('refuses cookie-authenticated writes from another site, keeps them from our pages', async () => {
    const client = await loginAs(app, user);
    const crossSite = await client.request(
      'POST',
      '/diagrams',
      { name: 'Planted' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    const refresh = await client.request('POST', '/oauth2/refresh', {}, { origin: 'https://evil.example' });
    expect(refresh.status).toBe(403);
    const own = await client.request(
      'POST',
      '/diagrams',
      { name: 'Mine' },
      { origin: app.url, 'sec-fetch-site': 'same-origin' },
    );
    expect(own.status).toBe(201);
  });
});
