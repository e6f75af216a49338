import { AuthTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { linkFrom, startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { MailService } from '../mail/mail.service.js';

describe('registration and e-mail confirmation', () => {
  let app: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({ env: { SMTP_URL: smtp.url, APP_URL: 'http://loopwright.test' } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('mails a confirmation link that confirms the account; login is refused until then', async () => {
    const client = new ApiClient(app.url);
    const email = `new-${Date.now()}@example.test`;
    const registered = await client.post('/oauth2/register', {
      email: email.toUpperCase(),
      password: 'secret-1',
      confirmPassword: 'secret-1',
      acceptTerms: true,
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({
      success: true,
      content: { segmentData: { email, method: 'email' }, confirmation: 'email' },
    });

    const early = await client.post('/oauth2/login', { email, password: 'secret-1' });
    expect(early.status).toBe(403);
    expect(early.body.error.message).toBe(AuthTexts.emailNotConfirmed);

    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/Confirm your e-mail address/);
    const link = linkFrom(mail, '/confirm-email');
    expect(link.url.startsWith('http://loopwright.test/confirm-email?token=')).toBe(true);
    expect(link.token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits

    expect((await client.post('/oauth2/confirm-email', { token: link.token })).status).toBe(200);
    const again = await client.post('/oauth2/confirm-email', { token: link.token });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('AUTH_TOKEN_INVALID');

    const login = await client.post('/oauth2/login', { email, password: 'secret-1' });
    expect(login.status).toBe(200);
    expect(login.body.content.user).toMatchObject({ email, username: null, onboarded: false, emailConfirmed: true });
    const stored = await app.http.app.get(PrismaService).authToken.findFirst({ where: { user: { email } } });
    expect(stored?.tokenHash).not.toBe(link.token);
  });

  it('says the same for an address that already has an account, and tells its owner instead', async () => {
    const owner = await createUser(app);
    const client = new ApiClient(app.url);
    const response = await client.post('/oauth2/register', {
      email: owner.email,
      password: 'another-1',
      confirmPassword: 'another-1',
    });
    expect(response.status).toBe(201);
    expect(response.body.content.segmentData.email).toBe(owner.email);
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email));
    expect(mail.subject).toBe('Someone tried to register with your address');
    const login = await client.post('/oauth2/login', { email: owner.email, password: owner.password });
    expect(login.status).toBe(200); // the old password still works
  });

  it('checks the form with the spec’s texts, every field at once', async () => {
    const response = await new ApiClient(app.url).post('/oauth2/register', {
      email: 'not-an-email',
      password: '123',
      confirmPassword: '1234',
    });
    expect(response.status).toBe(400);
    const messages = response.body.error.details.fields.map((f: { message: string }) => f.message);
    expect(messages).toEqual(expect.arrayContaining([AuthTexts.emailInvalid, AuthTexts.passwordTooShort]));
    const mismatch = await new ApiClient(app.url).post('/oauth2/register', {
      email: 'x@example.test',
      password: 'long-enough-1',
      confirmPassword: 'long-enough-2',
    });
    expect(mismatch.body.error.details.fields).toEqual([
      { field: 'confirmPassword', message: AuthTexts.passwordsMismatch },
    ]);
  });

  it('refuses passwords shorter than 8 characters and the commonly used or leaked ones (NIST SP 800-63B)', async () => {
    const register = (password: string) =>
      new ApiClient(app.url).post('/oauth2/register', {
        email: `nist-${password.length}-${Date.now()}@example.test`,
        password,
        confirmPassword: password,
      });
    for (const [password, message] of [
      ['123456', AuthTexts.passwordTooShort],
      ['abc123', AuthTexts.passwordTooShort],
      ['seven77', AuthTexts.passwordTooShort],
      ['password', AuthTexts.passwordTooCommon],
      ['12345678', AuthTexts.passwordTooCommon],
      ['Password1', AuthTexts.passwordTooCommon],
      ['iloveyou', AuthTexts.passwordTooCommon],
    ]) {
      const refused = await register(password);
      expect(refused.status, password).toBe(400);
      expect(refused.body.error.details.fields, password).toEqual([{ field: 'password', message }]);
    }
    expect((await register('tidal-orchard-42')).status).toBe(201);
  });

  it('answers an expired confirmation link with the spec’s text, and resends a fresh one', async () => {
    const user = await createUser(app, { confirmed: false });
    const client = new ApiClient(app.url);
    expect((await client.post('/oauth2/resend-confirmation', { email: user.email })).body.content.message).toBe(
      AuthTexts.confirmationResent,
    );
    expect(
      (await client.post('/oauth2/resend-confirmation', { email: 'nobody@example.test' })).body.content.message,
    ).toBe(AuthTexts.confirmationResent);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    const { token } = linkFrom(mail, '/confirm-email');
    await app.http.app
      .get(PrismaService)
      .authToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await client.post('/oauth2/confirm-email', { token });
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toBe(AuthTexts.verificationTokenExpired);
    expect(smtp.messages.filter((m) => m.to.includes('nobody@example.test'))).toEqual([]);
  });

  it('keeps a failed message in the log with the server’s reason, and loses nothing', async () => {
    smtp.rejectWith(550, 'Mailbox unavailable for tests');
    try {
      const email = `rejected-${Date.now()}@example.test`;
      await new ApiClient(app.url).post('/oauth2/register', {
        email,
        password: 'secret-1',
        confirmPassword: 'secret-1',
      });
      await app.http.app.get(QueueService).drain();
      const row = await app.http.app.get(PrismaService).mailLog.findFirstOrThrow({ where: { to: email } });
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/550.*Mailbox unavailable for tests/);
      expect(row.attempts).toBe(1); // a permanent error is not retried
      expect(row.template).toBe('confirm-email');
    } finally {
      smtp.rejectWith(null);
    }
  });
});

describe('mail while the queue is down', () => {
  it('commits the outbox row with the registration; the relay sends it once a queue answers', async () => {
    const smtp = await startSmtpSink();
    const down = await startTestApp({ env: { SMTP_URL: smtp.url, REDIS_URL: 'redis://127.0.0.1:1' } });
    const email = `outbox-${Date.now()}@example.test`;
    try {
      const response = await new ApiClient(down.url).post('/oauth2/register', {
        email,
        password: 'secret-1',
        confirmPassword: 'secret-1',
      });
      expect(response.status).toBe(201);
      const row = await down.http.app.get(PrismaService).mailLog.findFirstOrThrow({ where: { to: email } });
      expect(row).toMatchObject({ status: 'queued', enqueuedAt: null });
    } finally {
      await down.http.close();
    }

    // Another app on the same database, with a working queue, relays the stranded message.
    const healthy = await startTestApp({ databaseUrl: down.databaseUrl, env: { SMTP_URL: smtp.url } });
    try {
      expect(await healthy.http.app.get(MailService).relayStranded(0)).toBe(1);
      await healthy.http.app.get(QueueService).drain();
      await smtp.waitFor((m) => m.to.includes(email));
    } finally {
      await healthy.close();
      await down.close().catch(() => undefined);
      await smtp.close();
    }
  });

  it('without a mail server, says an administrator confirms the account', async () => {
    const bare = await startTestApp();
    try {
      const registered = await new ApiClient(bare.url).post('/oauth2/register', {
        email: `nomail-${Date.now()}@example.test`,
        password: 'secret-1',
        confirmPassword: 'secret-1',
        acceptTerms: true,
      });
      expect(registered.status).toBe(201);
      expect(registered.body.content.confirmation).toBe('administrator');
    } finally {
      await bare.close();
    }
  });
});
