import { AuthTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/users.js';
import { linkFrom, startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { RESET_PASSWORD_TTL_MS } from './auth-limits.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';

/** Logins throttled by account and source: strangers slow themselves down, never the owner's device or reset link. */
describe('login throttling by account and source', () => {
  let app: TestApp;
  let smtp: SmtpSink;
  // Behind a trusted proxy, each client gets its own address (X-Forwarded-For).
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({ env: { TRUST_PROXY: 'true', SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const login = (client: ApiClient, ip: string, email: string, password: string) =>
    client.request('POST', '/oauth2/login', { email, password }, { 'x-forwarded-for': ip });
  /** One wrong password from each of `count` stranger addresses. */
  const strangersFail = async (user: TestUser, count: number, net: number) => {
    for (let i = 0; i < count; i++)
      expect((await login(new ApiClient(app.url), `203.0.${net}.${i + 1}`, user.email, `guess-${i}`)).status).toBe(401);
  };

  it("a stranger's failures make that stranger wait longer each time, and never lock out the owner's usual device", async () => {
    const user = await createUser(app);
    const owner = new ApiClient(app.url);
    expect((await login(owner, '192.0.2.10', user.email, user.password)).status).toBe(200);

    const stranger = new ApiClient(app.url);
    for (let i = 0; i < 3; i++)
      expect((await login(stranger, '198.51.100.7', user.email, `bad-${i}`)).status).toBe(401);
    const first = await login(stranger, '198.51.100.7', user.email, 'bad-3');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await login(stranger, '198.51.100.7', user.email, 'bad-4')).status).toBe(401);
    const second = await login(stranger, '198.51.100.7', user.email, 'bad-5');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBe(2);

    // Failures from many addresses (4 + 6 = 10 in all): unknown devices are refused (with what to do), the owner's device is not.
    await strangersFail(user, 6, 1);
    const newcomer = await login(new ApiClient(app.url), '192.0.2.99', user.email, user.password);
    expect(newcomer.status).toBe(429);
    expect(newcomer.body.error).toMatchObject({ code: 'AUTH_ACCOUNT_LOCKED', message: AuthTexts.accountLocked });
    expect(Number(newcomer.headers.get('retry-after'))).toBeGreaterThan(0);
    const usual = await login(owner, '192.0.2.10', user.email, user.password);
    expect(usual.status).toBe(200);
    // Even from another address (a phone on another network): the device is what is known.
    expect((await login(owner, '100.64.0.5', user.email, user.password)).status).toBe(200);
  });

  it('the reset link lifts the lock and makes its browser a known device', async () => {
    const user = await createUser(app);
    await strangersFail(user, 10, 2);
    const browser = new ApiClient(app.url);
    expect((await login(browser, '192.0.2.50', user.email, user.password)).body.error.code).toBe('AUTH_ACCOUNT_LOCKED');

    const token = await app.http.app.get(AuthTokensRepository).issue(user.id, 'reset_password', RESET_PASSWORD_TTL_MS);
    const reset = await browser.request(
      'POST',
      '/oauth2/password/reset',
      { token, password: 'river-lantern-77', confirmPassword: 'river-lantern-77' },
      { 'x-forwarded-for': '192.0.2.50' },
    );
    expect(reset.status).toBe(200);
    // Strangers keep failing; the browser that used the link logs in.
    await strangersFail(user, 10, 3);
    expect((await login(new ApiClient(app.url), '192.0.2.51', user.email, 'river-lantern-77')).status).toBe(429);
    expect((await login(browser, '192.0.2.50', user.email, 'river-lantern-77')).status).toBe(200);
  });

  it('the lock mails the owner one unlock link, which lifts the lock and makes its browser a known device', async () => {
    const user = await createUser(app);
    await strangersFail(user, 10, 4);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /locked after failed logins/.test(m.subject));
    const { token } = linkFrom(mail, '/unlock-account');

    const browser = new ApiClient(app.url);
    expect((await login(browser, '192.0.2.60', user.email, user.password)).body.error.code).toBe('AUTH_ACCOUNT_LOCKED');
    const unlocked = await browser.request('POST', '/oauth2/unlock', { token }, { 'x-forwarded-for': '192.0.2.60' });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.content.message).toBe(AuthTexts.accountUnlocked);
    const again = await new ApiClient(app.url).post('/oauth2/unlock', { token });
    expect(again.body.error).toMatchObject({ code: 'AUTH_TOKEN_INVALID', message: AuthTexts.unlockLinkInvalid });

    // Strangers lock the account again; the browser that used the link still logs in.
    await strangersFail(user, 10, 6);
    expect((await login(new ApiClient(app.url), '192.0.2.61', user.email, user.password)).status).toBe(429);
    expect((await login(browser, '192.0.2.60', user.email, user.password)).status).toBe(200);
    // One mail per lock.
    await smtp.waitFor((m) => m !== mail && m.to.includes(user.email) && /locked/.test(m.subject));
    expect(smtp.messages.filter((m) => m.to.includes(user.email) && /locked/.test(m.subject))).toHaveLength(2);
  });

  it('the unlock link of an account disabled since neither enables it nor signs anyone in', async () => {
    const user = await createUser(app);
    await strangersFail(user, 10, 7);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /locked after failed logins/.test(m.subject));
    const { token } = linkFrom(mail, '/unlock-account');
    const prisma = app.http.app.get(PrismaService);
    const disabledAt = new Date();
    await prisma.user.update({ where: { id: user.id }, data: { disabledAt } });

    const browser = new ApiClient(app.url);
    const unlocked = await browser.request('POST', '/oauth2/unlock', { token }, { 'x-forwarded-for': '192.0.2.70' });
    expect(unlocked.status).toBe(403);
    expect(unlocked.body.error).toMatchObject({ code: 'AUTH_ACCOUNT_DISABLED', message: AuthTexts.accountDisabled });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).disabledAt).toEqual(disabledAt);
    expect((await browser.get('/oauth2/userinfo')).status).toBe(401);
    // Not a known device, and the lock holds: strangers' failures still lock the account out.
    expect((await login(browser, '192.0.2.70', user.email, user.password)).body.error.code).toBe('AUTH_ACCOUNT_LOCKED');
  });
});
