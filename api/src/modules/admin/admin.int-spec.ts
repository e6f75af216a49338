import { AuthTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { InstanceService } from '../instance/instance.service.js';

describe('self-hosted administration', () => {
  let app: TestApp;
  let instanceId: string;
  let smtp: SmtpSink;
  let admin: ApiClient;
  const settingsFor = (sink: SmtpSink, extra: object = {}) => ({
    instanceId,
    sender: 'studio@example.test',
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    ...extra,
  });

  beforeAll(async () => {
    smtp = await startSmtpSink({ username: 'mailer', password: 's3cret-pass' });
    app = await startTestApp();
    instanceId = (await app.http.app.get(InstanceService).ensureInstanceId()).id;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('creates the first administrator only for someone who knows the instance ID, and only once', async () => {
    const client = new ApiClient(app.url);
    expect((await client.get('/admin/setup')).body.content.needsAdmin).toBe(true);
    const wrong = await client.post('/admin/setup', {
      instanceId: 'guess',
      email: 'boss@example.test',
      password: 'admin-pass',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(AuthTexts.instanceIdWrong);

    const created = await client.post('/admin/setup', {
      instanceId,
      email: 'boss@example.test',
      password: 'admin-pass',
    });
    expect(created.status).toBe(201);
    expect(created.body.content.user.role).toBe('admin');
    const second = await client.post('/admin/setup', {
      instanceId,
      email: 'other@example.test',
      password: 'admin-pass',
    });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(AuthTexts.adminExists);

    admin = await loginAs(app, {
      id: created.body.content.user.id,
      email: 'boss@example.test',
      password: 'admin-pass',
      username: null,
    });
  });

  it('keeps admin pages from other users', async () => {
    const user = await loginAs(app, await createUser(app));
    expect((await user.get('/admin/mail-settings')).status).toBe(403);
    expect((await new ApiClient(app.url).get('/admin/mail-log')).status).toBe(401);
  });

  it('refuses a host that is not an IP address or domain', async () => {
    const response = await admin.put('/admin/mail-settings', settingsFor(smtp, { host: 'not a host!' }));
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields).toContainEqual({ field: 'host', message: AuthTexts.mailHostInvalid });
  });

  it('verifies the connection before saving and reports the server’s own error', async () => {
    const refused = await admin.put(
      '/admin/mail-settings',
      settingsFor(smtp, { username: 'mailer', password: 'wrong' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/Could not connect to the mail server: .*Invalid username or password/);
    expect((await admin.get('/admin/mail-settings')).body.content.source).toBe('none');
  });

  it('asks for the instance ID once per sign-in session: remembered on the session, asked again after signing in anew', async () => {
    // Each sign-in is a new session (loginAs reads only the e-mail and password).
    const signIn = () => loginAs(app, { id: '', email: 'boss@example.test', password: 'admin-pass', username: null });
    const fresh = await signIn();
    expect((await fresh.get('/admin/mail-settings')).body.content.instanceIdProven).toBe(false);
    const { instanceId: _omitted, ...withoutId } = settingsFor(smtp, { username: 'mailer', password: 's3cret-pass' });
    const unproven = await fresh.post('/admin/mail-settings/test', { ...withoutId, to: 'once@example.test' });
    expect(unproven.status).toBe(400);
    expect(unproven.body.error.details.fields).toContainEqual({
      field: 'instanceId',
      message: AuthTexts.fieldRequired,
    });
    const wrong = await fresh.post('/admin/mail-settings/test', {
      ...withoutId,
      instanceId: 'guess',
      to: 'once@example.test',
    });
    expect(wrong.body.error.details.fields).toContainEqual({ field: 'instanceId', message: AuthTexts.instanceIdWrong });
    expect((await fresh.get('/admin/mail-settings')).body.content.instanceIdProven).toBe(false);

    const proving = await fresh.post('/admin/mail-settings/test', {
      ...withoutId,
      instanceId,
      to: 'once@example.test',
    });
    expect(proving.status).toBe(200);
    expect((await fresh.get('/admin/mail-settings')).body.content.instanceIdProven).toBe(true);
    // Same session, no ID: accepted (the server remembers it, whatever tab or restart).
    const again = await fresh.post('/admin/mail-settings/test', { ...withoutId, to: 'twice@example.test' });
    expect(again.status).toBe(200);
    await smtp.waitFor((m) => m.to.includes('twice@example.test'));
    // A wrong ID sent is still refused, even in a proven session.
    const wrongLater = await fresh.post('/admin/mail-settings/test', {
      ...withoutId,
      instanceId: 'guess',
      to: 'x@example.test',
    });
    expect(wrongLater.status).toBe(400);

    // Another sign-in session of the same administrator is asked again; giving it once is enough.
    const other = await signIn();
    expect((await other.get('/admin/mail-settings')).body.content.instanceIdProven).toBe(false);
    expect((await other.post('/admin/mail-settings/test', { ...withoutId, to: 'y@example.test' })).status).toBe(400);
    expect((await other.post('/admin/instance-id', { instanceId: 'guess' })).status).toBe(400);
    const proven = await other.post('/admin/instance-id', { instanceId });
    expect(proven.body.content).toEqual({ instanceIdProven: true });
    expect((await other.post('/admin/mail-settings/test', { ...withoutId, to: 'y@example.test' })).status).toBe(200);
  });

  it('sends a test e-mail on unsaved values', async () => {
    const sent = await admin.post('/admin/mail-settings/test', {
      ...settingsFor(smtp, { username: 'mailer', password: 's3cret-pass' }),
      to: 'me@example.test',
    });
    expect(sent.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('me@example.test'));
    expect(mail.subject).toBe('Loopwright test e-mail');
    const failing = await admin.post('/admin/mail-settings/test', {
      ...settingsFor(smtp, { port: 1 }),
      to: 'me@example.test',
    });
    expect(failing.status).toBe(400);
    expect(failing.body.error.message).toMatch(/^The mail server answered: .*ECONNREFUSED/);
  });

  it('saves with the password encrypted and never returned; blank keeps it; sends use it without a restart', async () => {
    const saved = await admin.put(
      '/admin/mail-settings',
      settingsFor(smtp, { username: 'mailer', password: 's3cret-pass' }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.content).toMatchObject({
      source: 'database',
      settings: { host: '127.0.0.1', username: 'mailer', hasPassword: true },
    });
    expect(JSON.stringify(saved.body)).not.toContain('s3cret-pass');
    const row = await app.http.app.get(PrismaService).mailSettings.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.passwordEncrypted).not.toContain('s3cret-pass');

    const blank = await admin.put(
      '/admin/mail-settings',
      settingsFor(smtp, { username: 'mailer', password: '', sender: 'hello@example.test' }),
    );
    expect(blank.status).toBe(200); // verified with the stored password

    const user = await createUser(app);
    await new ApiClient(app.url).post('/oauth2/password/recover', { email: user.email });
    await app.http.app.get(QueueService).drain();
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.from).toBe('hello@example.test');

    const log = await admin.get('/admin/mail-log?status=sent');
    expect(log.body.content.entries.map((e: { to: string }) => e.to)).toContain(user.email);
  });

  it('falls back to the environment, then to keeping mail in the log', async () => {
    const removed = await admin.delete('/admin/mail-settings');
    expect(removed.body.content.source).toBe('none');
    const user = await createUser(app);
    await new ApiClient(app.url).post('/oauth2/password/recover', { email: user.email });
    await app.http.app.get(QueueService).drain();
    const row = await app.http.app.get(PrismaService).mailLog.findFirstOrThrow({ where: { to: user.email } });
    expect(row.status).toBe('stored');

    const withEnv = await startTestApp({ databaseUrl: app.databaseUrl, env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      const view = await (
        await loginAs(withEnv, { id: '', email: 'boss@example.test', password: 'admin-pass', username: null })
      ).get('/admin/mail-settings');
      expect(view.body.content).toMatchObject({
        source: 'environment',
        environment: { host: '127.0.0.1', port: 2525 },
      });
    } finally {
      await withEnv.close();
    }
  });
});
