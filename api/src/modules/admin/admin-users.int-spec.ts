import { AuthTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { QueueService } from '../../core/queue/queue.service.js';

describe('admin users screen and mail kept without a mail server', () => {
  let app: TestApp;
  let adminUser: TestUser;
  let admin: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    adminUser = await createUser(app, { role: 'admin', username: null });
    admin = await loginAs(app, adminUser);
  });
  afterAll(() => app?.close());

  async function register(email: string) {
    const response = await new ApiClient(app.url).post('/oauth2/register', {
      email,
      password: 'secret-1',
      confirmPassword: 'secret-1',
      acceptTerms: true,
    });
    expect(response.status).toBe(201);
    await app.http.app.get(QueueService).drain();
  }

  it('keeps the confirmation e-mail with its body and link in the mail log, for admins only', async () => {
    await register('newcomer@example.test');
    const log = await admin.get('/admin/mail-log?search=newcomer@example');
    expect(log.body.content.entries).toHaveLength(1);
    const [entry] = log.body.content.entries;
    expect(entry).toMatchObject({ to: 'newcomer@example.test', status: 'stored' });

    const message = await admin.get(`/admin/mail-log/${entry.id}`);
    expect(message.status).toBe(200);
    expect(message.body.content.text).toContain('/confirm-email?token=');
    expect(message.body.content.html).toContain('<a ');
    const link = message.body.content.links.find((l: string) => l.includes('/confirm-email?token='));
    expect(link).toBeTruthy();

    // The link works: the newcomer is confirmed and can log in.
    const token = new URL(link).searchParams.get('token');
    expect((await new ApiClient(app.url).post('/oauth2/confirm-email', { token })).status).toBeLessThan(300);
    expect(
      (await new ApiClient(app.url).post('/oauth2/login', { email: 'newcomer@example.test', password: 'secret-1' }))
        .status,
    ).toBe(200);

    const user = await loginAs(app, await createUser(app));
    expect((await user.get(`/admin/mail-log/${entry.id}`)).status).toBe(403);
    expect((await new ApiClient(app.url).get(`/admin/mail-log/${entry.id}`)).status).toBe(401);
  });

  it('prints kept mail on the console in development only', async () => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const development = await startTestApp({ databaseUrl: app.databaseUrl, env: { NODE_ENV: 'development' } });
    try {
      await new ApiClient(development.url).post('/oauth2/register', {
        email: 'console@example.test',
        password: 'secret-1',
        confirmPassword: 'secret-1',
        acceptTerms: true,
      });
      await development.http.app.get(QueueService).drain();
      expect(printed.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(
        /Mail to console@example\.test[\s\S]*\/confirm-email\?token=/,
      );
      printed.mockClear();
      await register('quiet@example.test'); // NODE_ENV=test, like production: nothing printed
      expect(printed.mock.calls.map((c) => String(c[0])).join('\n')).not.toContain('quiet@example.test');
    } finally {
      printed.mockRestore();
      await development.close();
    }
  });

  it('lists users with search, state, plan and last login', async () => {
    await register('waiting@example.test');
    const everyone = await admin.get('/admin/users');
    expect(everyone.status).toBe(200);
    const me = everyone.body.content.entries.find((u: { email: string }) => u.email === adminUser.email);
    // Billing is off here (self-hosted): every workspace has the plan the administrator chose (Enterprise by default).
    expect(me).toMatchObject({ role: 'admin', state: 'confirmed', plan: { type: 14, name: 'Enterprise' } });
    expect((await admin.put('/admin/plans-self-hosted', { planType: 2 })).status).toBe(200);
    const after = (await admin.get('/admin/users')).body.content.entries;
    expect(after.map((u: { plan: { name: string } }) => u.plan.name)).toEqual(after.map(() => 'Professional'));
    await admin.put('/admin/plans-self-hosted', { planType: 14 });
    expect(Date.parse(me.lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);

    const found = await admin.get('/admin/users?search=WAITING');
    expect(found.body.content.entries.map((u: { email: string }) => u.email)).toEqual(['waiting@example.test']);
    expect(found.body.content.entries[0]).toMatchObject({ state: 'unconfirmed', lastLoginAt: null });
    const unconfirmed = await admin.get('/admin/users?state=unconfirmed');
    expect(unconfirmed.body.content.entries.every((u: { state: string }) => u.state === 'unconfirmed')).toBe(true);
  });

  it('confirms an account and resends a confirmation e-mail', async () => {
    await register('resend@example.test');
    const [target] = (await admin.get('/admin/users?search=resend@example.test')).body.content.entries;
    const resent = await admin.post(`/admin/users/${target.id}/resend-confirmation`);
    expect(resent.status).toBe(200);
    await app.http.app.get(QueueService).drain();
    const mails = (await admin.get('/admin/mail-log?search=resend@example.test')).body.content.entries;
    expect(mails).toHaveLength(2);

    const confirmed = await admin.post(`/admin/users/${target.id}/confirm`);
    expect(confirmed.body.content.user.state).toBe('confirmed');
    expect(
      (await new ApiClient(app.url).post('/oauth2/login', { email: 'resend@example.test', password: 'secret-1' }))
        .status,
    ).toBe(200);
    expect((await admin.post(`/admin/users/${target.id}/resend-confirmation`)).status).toBe(409);
  });

  it('disables an account: no login, sessions and API keys end; enabling lets them back', async () => {
    const target = await createUser(app);
    const session = await loginAs(app, target);
    expect((await session.get('/oauth2/userinfo')).status).toBe(200);

    const disabled = await admin.post(`/admin/users/${target.id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body.content.user.state).toBe('disabled');
    expect((await session.get('/oauth2/userinfo')).status).toBe(401);
    const refused = await new ApiClient(app.url).post('/oauth2/login', {
      email: target.email,
      password: target.password,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(AuthTexts.accountDisabled);
    // A wrong password still gets the usual answer: the state is told only to the account's owner.
    expect(
      (await new ApiClient(app.url).post('/oauth2/login', { email: target.email, password: 'wrong-pass' })).body.error
        .message,
    ).toBe(AuthTexts.wrongCredentials);

    expect((await admin.post(`/admin/users/${target.id}/enable`)).body.content.user.state).toBe('confirmed');
    expect(
      (await new ApiClient(app.url).post('/oauth2/login', { email: target.email, password: target.password })).status,
    ).toBe(200);
  });

  it('deletes accounts, but never the admin themselves', async () => {
    const target = await createUser(app);
    expect((await admin.delete(`/admin/users/${target.id}`)).status).toBe(200);
    expect(await app.http.app.get(PrismaService).user.findUnique({ where: { id: target.id } })).toBeNull();
    expect((await admin.delete(`/admin/users/${target.id}`)).status).toBe(404);

    const self = await admin.delete(`/admin/users/${adminUser.id}`);
    expect(self.status).toBe(409);
    expect(self.body.error.message).toBe(AuthTexts.adminCannotDeleteSelf);
    expect((await admin.post(`/admin/users/${adminUser.id}/disable`)).body.error.message).toBe(
      AuthTexts.adminCannotDisableSelf,
    );

    // Another administrator may be removed: this one stays.
    const second = await createUser(app, { role: 'admin' });
    expect((await admin.delete(`/admin/users/${second.id}`)).status).toBe(200);
  });

  it('answers 403 to users who are not admins, and 401 to visitors', async () => {
    const user = await loginAs(app, await createUser(app));
    const target = await createUser(app);
    for (const [method, path] of [
      ['GET', '/admin/users'],
      ['POST', `/admin/users/${target.id}/confirm`],
      ['POST', `/admin/users/${target.id}/resend-confirmation`],
      ['POST', `/admin/users/${target.id}/disable`],
      ['POST', `/admin/users/${target.id}/enable`],
      ['DELETE', `/admin/users/${target.id}`],
    ] as const) {
      expect((await user.request(method, path)).status, `${method} ${path}`).toBe(403);
      expect((await new ApiClient(app.url).request(method, path)).status, `${method} ${path}`).toBe(401);
    }
    expect(await app.http.app.get(PrismaService).user.findUnique({ where: { id: target.id } })).not.toBeNull();
  });
});
