import { AuthTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { linkFrom, startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { QueueService } from '../../core/queue/queue.service.js';

describe('password recovery', () => {
  let app: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('answers the same for known and unknown addresses and mails only the owner', async () => {
    const user = await createUser(app);
    const unknown = `ghost-${Date.now()}@example.test`;
    const known = await new ApiClient(app.url).post('/oauth2/password/recover', { email: user.email });
    const ghost = await new ApiClient(app.url).post('/oauth2/password/recover', { email: unknown });
    expect(known.status).toBe(ghost.status);
    expect(known.body).toEqual(ghost.body);
    expect(known.body.content.message).toBe(AuthTexts.recoverySent);
    await app.http.app.get(QueueService).drain();
    await smtp.waitFor((m) => m.to.includes(user.email));
    expect(smtp.messages.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('delivers a working reset link that logs out every session and works once', async () => {
    const user = await createUser(app);
    const session = await loginAs(app, user);
    await new ApiClient(app.url).post('/oauth2/password/recover', { email: user.email });
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /Reset your/.test(m.subject));
    const { token } = linkFrom(mail, '/reset-password');
    const reset = await new ApiClient(app.url).post('/oauth2/password/reset', {
      token,
      password: 'after-reset',
      confirmPassword: 'after-reset',
    });
    expect(reset.status).toBe(200);
    expect((await session.get('/oauth2/userinfo')).status).toBe(401);
    expect(
      (await new ApiClient(app.url).post('/oauth2/login', { email: user.email, password: 'after-reset' })).status,
    ).toBe(200);
    expect(
      (await new ApiClient(app.url).post('/oauth2/login', { email: user.email, password: user.password })).status,
    ).toBe(401);
    const replay = await new ApiClient(app.url).post('/oauth2/password/reset', {
      token,
      password: 'again-again',
      confirmPassword: 'again-again',
    });
    expect(replay.body.error.code).toBe('AUTH_TOKEN_INVALID');
    await smtp.waitFor((m) => m.to.includes(user.email) && /password was changed/.test(m.subject));
  });

  it('refuses an expired link with the spec’s text', async () => {
    const user = await createUser(app);
    await new ApiClient(app.url).post('/oauth2/password/recover', { email: user.email });
    const { token } = linkFrom(await smtp.waitFor((m) => m.to.includes(user.email)), '/reset-password');
    await app.http.app
      .get(PrismaService)
      .authToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const expired = await new ApiClient(app.url).post('/oauth2/password/reset', {
      token,
      password: 'too-late-1',
      confirmPassword: 'too-late-1',
    });
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toBe(AuthTexts.resetTokenExpired);
  });

  it('limits recovery requests per address', async () => {
    const user = await createUser(app);
    const client = new ApiClient(app.url);
    for (let i = 0; i < 3; i++)
      expect((await client.post('/oauth2/password/recover', { email: user.email })).status).toBe(200);
    const limited = await client.post('/oauth2/password/recover', { email: user.email });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});
