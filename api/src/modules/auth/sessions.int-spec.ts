import { ACCESS_COOKIE, AuthTexts, REFRESH_COOKIE } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';

describe('login, sessions and API keys', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('answers a wrong password and an unknown e-mail identically, and both cost a password check', async () => {
    const user = await createUser(app);
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await new ApiClient(app.url).post('/oauth2/login', { email, password: 'wrong-password' });
      return { response, ms: performance.now() - started };
    };
    await timed(user.email); // warm up argon2
    const wrong = await timed(user.email);
    const unknown = await timed(`nobody-${Date.now()}@example.test`);
    // The fastest of a few alternating tries of each (one per account, below the throttle's free
    // failures): a busy machine can stretch any single one.
    let wrongMs = wrong.ms;
    let unknownMs = unknown.ms;
    for (let i = 0; i < 3; i++) {
      const other = await createUser(app);
      wrongMs = Math.min(wrongMs, (await timed(other.email)).ms);
      unknownMs = Math.min(unknownMs, (await timed(`nobody-${i}-${Date.now()}@example.test`)).ms);
    }
    expect(wrong.response.status).toBe(401);
    expect(unknown.response.status).toBe(401);
    const strip = (body: any) => ({ ...body, error: { ...body.error, requestId: undefined } });
    expect(strip(unknown.response.body)).toEqual(strip(wrong.response.body));
    expect(wrong.response.body.error.message).toBe(AuthTexts.wrongCredentials);
    expect(unknownMs).toBeGreaterThan(wrongMs * 0.3);
  });

  it('sets HttpOnly cookies and serves userinfo; without X-Client-Id cookie writes are refused', async () => {
    const user = await createUser(app);
    const client = new ApiClient(app.url);
    const login = await client.post('/oauth2/login', { email: user.email, password: user.password });
    const cookies = login.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(new RegExp(`${ACCESS_COOKIE}=[^;]+; Path=/; Expires=[^;]+; HttpOnly; SameSite=Lax`));
    expect(cookies).toMatch(
      new RegExp(`${REFRESH_COOKIE}=[^;]+; Path=/api/oauth2; Expires=[^;]+; HttpOnly; SameSite=Lax`),
    );
    expect(cookies).toMatch(/lw_session=1; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax/);
    const me = await client.get('/oauth2/userinfo');
    expect(me.status).toBe(200);
    expect(me.body.content.user).toMatchObject({
      id: user.id,
      email: user.email,
      username: user.username,
      name: user.username,
      hasPassword: true,
    });

    const forged = new ApiClient(app.url, { clientId: null });
    forged.setCookie(ACCESS_COOKIE, client.cookie(ACCESS_COOKIE)!);
    const write = await forged.patch('/users/me/profile', { firstName: 'Mallory' });
    expect(write.status).toBe(403);
    expect((await forged.get('/oauth2/userinfo')).status).toBe(200); // reads need no header
  });

  it('rotates the refresh token; replaying a used one ends the whole session', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    const firstRefresh = client.cookie(REFRESH_COOKIE)!;
    const rotated = await client.post('/oauth2/refresh');
    expect(rotated.status).toBe(200);
    const secondRefresh = client.cookie(REFRESH_COOKIE)!;
    expect(secondRefresh).not.toBe(firstRefresh);
    expect((await client.get('/oauth2/userinfo')).status).toBe(200);

    // A thief replays the first token after the grace period for racing tabs.
    await app.http.app
      .get(PrismaService)
      .refreshToken.updateMany({ where: { usedAt: { not: null } }, data: { usedAt: new Date(Date.now() - 60_000) } });
    const thief = new ApiClient(app.url);
    thief.setCookie(REFRESH_COOKIE, firstRefresh);
    expect((await thief.post('/oauth2/refresh')).status).toBe(401);

    // The legitimate client's newer tokens are dead too: the family was revoked.
    expect((await client.get('/oauth2/userinfo')).status).toBe(401);
    expect((await client.post('/oauth2/refresh')).status).toBe(401);
  });

  it('logout revokes the session at once', async () => {
    const client = await loginAs(app, await createUser(app));
    const stolenAccess = client.cookie(ACCESS_COOKIE)!;
    expect((await client.post('/oauth2/logout')).status).toBe(200);
    expect(client.cookie(ACCESS_COOKIE)).toBeUndefined();
    expect(client.cookie('lw_session')).toBeUndefined();
    const replay = new ApiClient(app.url);
    replay.setCookie(ACCESS_COOKIE, stolenAccess);
    expect((await replay.get('/oauth2/userinfo')).status).toBe(401);
  });

  it('changing the password logs out the other sessions but keeps this one', async () => {
    const user = await createUser(app);
    const laptop = await loginAs(app, user);
    const phone = await loginAs(app, user);
    const sessions = await laptop.get('/sessions');
    expect(sessions.body.content.sessions).toHaveLength(2);
    expect(sessions.body.content.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const wrongOld = await laptop.post('/oauth2/password/change', {
      oldPassword: 'nope',
      password: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    expect(wrongOld.status).toBe(400);
    const changed = await laptop.post('/oauth2/password/change', {
      oldPassword: user.password,
      password: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    expect(changed.status).toBe(200);
    expect((await laptop.get('/oauth2/userinfo')).status).toBe(200);
    expect((await phone.get('/oauth2/userinfo')).status).toBe(401);
    expect(
      (await new ApiClient(app.url).post('/oauth2/login', { email: user.email, password: 'brand-new-1' })).status,
    ).toBe(200);
  });

  it('lets a user log out another of their sessions, but not someone else’s', async () => {
    const user = await createUser(app);
    const a = await loginAs(app, user);
    const b = await loginAs(app, user);
    const other = await loginAs(app, await createUser(app));
    const bSession = (await b.get('/sessions')).body.content.sessions.find((s: { current: boolean }) => s.current).id;
    expect((await other.delete(`/sessions/${bSession}`)).status).toBe(404);
    expect((await a.delete(`/sessions/${bSession}`)).status).toBe(200);
    expect((await b.get('/oauth2/userinfo')).status).toBe(401);
  });

  it('makes a source wait after 3 failed logins on an address with 429 and Retry-After, known or unknown alike', async () => {
    const user = await createUser(app);
    for (const email of [user.email, 'nobody-here@example.test']) {
      const client = new ApiClient(app.url);
      for (let i = 0; i < 3; i++)
        expect((await client.post('/oauth2/login', { email, password: `bad-${i}` })).status).toBe(401);
      const waiting = await client.post('/oauth2/login', { email, password: user.password });
      expect(waiting.status).toBe(429);
      expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(waiting.body.error.code).toBe('RATE_LIMITED');
    }
  });

  it('authenticates any call with the user API key, shown once, and stops the moment it is revoked', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    expect((await client.get('/users/me/api-key')).body.content.key).toBeNull();
    const created = await client.post('/users/me/api-key');
    expect(created.status).toBe(201);
    const { key, summary } = created.body.content;
    expect(key).toMatch(/^lw_[A-Za-z0-9]{12}_/);
    expect(key.startsWith(summary.prefix)).toBe(true);
    expect(JSON.stringify((await client.get('/users/me/api-key')).body)).not.toContain(key);

    const api = new ApiClient(app.url, { bearer: key, clientId: null });
    const me = await api.get('/oauth2/userinfo');
    expect(me.status).toBe(200);
    expect(me.body.content.user.id).toBe(user.id);
    expect((await api.patch('/users/me/profile', { jobTitle: 'Economy designer' })).status).toBe(200); // API keys need no client id

    const regenerated = (await client.post('/users/me/api-key')).body.content.key;
    expect((await api.get('/oauth2/userinfo')).status).toBe(401);
    const api2 = new ApiClient(app.url, { bearer: regenerated });
    expect((await api2.get('/oauth2/userinfo')).status).toBe(200);
    expect((await client.delete('/users/me/api-key')).status).toBe(200);
    expect((await api2.get('/oauth2/userinfo')).status).toBe(401);
    expect((await new ApiClient(app.url, { bearer: 'lw_not_a_key' }).get('/oauth2/userinfo')).status).toBe(401);
  });
});
