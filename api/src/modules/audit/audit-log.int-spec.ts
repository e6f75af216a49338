import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startOidcProvider, type LoopbackOidcProvider } from '../../../test/fakes/oidc-provider.js';
import { startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { InstanceService } from '../instance/instance.service.js';
import { AuditLogService } from './audit-log.service.js';

interface Entry {
  actor: { id: string | null; email: string | null };
  action: string;
  target: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  createdAt: string;
}

describe('the admin audit log', () => {
  let app: TestApp;
  let smtp: SmtpSink;
  let provider: LoopbackOidcProvider;
  let admin: ApiClient;
  let adminEmail: string;
  let instanceId: string;

  /** The newest entry of this action. */
  async function latest(action: string): Promise<Entry> {
    const page = await admin.get(`/admin/audit-log?action=${action}`);
    expect(page.status).toBe(200);
    expect(page.body.content.entries.length).toBeGreaterThan(0);
    return page.body.content.entries[0];
  }

  beforeAll(async () => {
    smtp = await startSmtpSink({ username: 'mailer', password: 's3cret-pass' });
    provider = await startOidcProvider(['http://localhost:3999/api/sso/callback']);
    app = await startTestApp({ env: { APP_URL: 'http://localhost:3999', AUDIT_LOG_DAYS: '30' } });
    instanceId = (await app.http.app.get(InstanceService).ensureInstanceId()).id;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await provider?.close();
  });

  it('records the first administrator (the instance)', async () => {
    adminEmail = `boss-${Date.now()}@example.test`;
    const created = await new ApiClient(app.url).post('/admin/setup', {
      instanceId,
      email: adminEmail,
      password: 'admin-pass-1',
    });
    expect(created.status).toBe(201);
    admin = await loginAs(app, {
      id: created.body.content.user.id,
      email: adminEmail,
      password: 'admin-pass-1',
      username: null,
    });
    expect(await latest('instance.admin-created')).toMatchObject({
      actor: { id: created.body.content.user.id, email: adminEmail },
      target: adminEmail,
      changes: { role: { before: null, after: 'admin' } },
    });
  });

  it('records mail settings with before and after, never the password', async () => {
    const body = {
      instanceId,
      sender: 'studio@example.test',
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      username: 'mailer',
      password: 's3cret-pass',
    };
    expect((await admin.put('/admin/mail-settings', body)).status).toBe(200);
    expect(
      (await admin.put('/admin/mail-settings', { ...body, password: undefined, sender: 'team@example.test' })).status,
    ).toBe(200);
    const changed = await latest('mail.settings-saved');
    expect(changed).toMatchObject({
      actor: { email: adminEmail },
      target: `127.0.0.1:${smtp.port}`,
      changes: { sender: { before: 'studio@example.test', after: 'team@example.test' } },
    });
    expect(changed.changes).not.toHaveProperty('password');
    const first = (await admin.get('/admin/audit-log?action=mail.settings-saved')).body.content.entries[1] as Entry;
    expect(first.changes.password).toEqual({ before: null, after: 'changed (hidden)' });
    expect(JSON.stringify((await admin.get('/admin/audit-log')).body)).not.toContain('s3cret-pass');

    expect((await admin.delete('/admin/mail-settings')).status).toBe(200);
    expect(await latest('mail.settings-removed')).toMatchObject({
      changes: { host: { before: '127.0.0.1', after: null } },
    });
  });

  it('records single sign-on settings, never the client secret', async () => {
    const body = {
      enabled: true,
      issuerUrl: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      allowedDomains: ['studio.test'],
      buttonLabel: 'Studio SSO',
      createAccounts: false,
      passwordLoginDisabled: false,
    };
    expect((await admin.put('/admin/sso', body)).status).toBe(200);
    expect((await admin.put('/admin/sso', { ...body, clientSecret: undefined, createAccounts: true })).status).toBe(
      200,
    );
    expect(await latest('sso.settings-saved')).toMatchObject({
      target: provider.issuer,
      changes: { createAccounts: { before: false, after: true } },
    });
    expect(JSON.stringify((await admin.get('/admin/audit-log?action=sso')).body)).not.toContain(provider.clientSecret);
    expect((await admin.delete('/admin/sso')).status).toBe(200);
    expect((await latest('sso.settings-removed')).target).toBe(provider.issuer);
  });

  it('records plan edits and the self-hosted plan', async () => {
    const essential = (await admin.get('/admin/plans')).body.content.plans.find((p: { type: number }) => p.type === 1);
    const body = { ...essential, tagline: 'Audited tagline' };
    for (const key of ['id', 'type', 'name', 'group', 'currency']) delete body[key];
    expect((await admin.put('/admin/plans/1', body)).status).toBe(200);
    expect(await latest('plan.updated')).toMatchObject({
      target: essential.displayName,
      changes: { tagline: { before: essential.tagline, after: 'Audited tagline' } },
    });
    expect((await admin.put('/admin/plans-self-hosted', { planType: 1 })).status).toBe(200);
    expect(await latest('plan.self-hosted-changed')).toMatchObject({ changes: { planType: { after: 1 } } });
  });

  it('records confirming, disabling, enabling and deleting users', async () => {
    const user = await createUser(app, { confirmed: false });
    expect((await admin.post(`/admin/users/${user.id}/confirm`)).status).toBe(200);
    expect(await latest('user.confirmed')).toMatchObject({
      target: user.email,
      changes: { state: { before: 'unconfirmed', after: 'confirmed' } },
    });
    expect((await admin.post(`/admin/users/${user.id}/disable`)).status).toBe(200);
    expect((await latest('user.disabled')).changes.state).toEqual({ before: 'confirmed', after: 'disabled' });
    expect((await admin.post(`/admin/users/${user.id}/enable`)).status).toBe(200);
    expect((await latest('user.enabled')).changes.state).toEqual({ before: 'disabled', after: 'confirmed' });
    expect((await admin.delete(`/admin/users/${user.id}`)).status).toBe(200);
    expect(await latest('user.deleted')).toMatchObject({ target: user.email });

    // The area filter: every user.* entry, newest first.
    const area = (await admin.get('/admin/audit-log?action=user')).body.content.entries as Entry[];
    expect(area.map((e) => e.action)).toEqual(['user.deleted', 'user.enabled', 'user.disabled', 'user.confirmed']);
  });

  it('records spotlights added and removed', async () => {
    const designer = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(designer, { name: 'Spotlit' });
    expect((await designer.put(`/diagrams/${diagram.fuid}/privacy`, { community: true })).status).toBe(200);
    expect((await admin.post('/community/spotlights', { fuid: diagram.fuid })).status).toBe(201);
    expect((await latest('spotlight.added')).target).toBe(`diagram ${diagram.fuid}`);
    expect((await admin.request('DELETE', `/community/spotlights/diagram/${diagram.fuid}`)).status).toBe(200);
    expect((await latest('spotlight.removed')).target).toBe(`diagram ${diagram.fuid}`);
  });

  it('filters by actor and date, pages, and is for administrators only', async () => {
    const all = (await admin.get('/admin/audit-log')).body.content;
    expect(all).toMatchObject({ page: 1, pageSize: 50, keptDays: 30 });
    expect(all.total).toBeGreaterThanOrEqual(15);
    expect((await admin.get(`/admin/audit-log?actor=${adminEmail.slice(0, 8)}`)).body.content.total).toBe(all.total);
    expect((await admin.get('/admin/audit-log?actor=nobody-at-all')).body.content.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.get(`/admin/audit-log?from=${today}&to=${today}`)).body.content.total).toBe(all.total);
    expect((await admin.get('/admin/audit-log?to=2020-01-01')).body.content.total).toBe(0);
    expect((await admin.get('/admin/audit-log?from=yesterday')).status).toBe(400);
    const second = (await admin.get('/admin/audit-log?page=2')).body.content;
    expect(second).toMatchObject({ page: 2, total: all.total, entries: [] });

    // The same with the administrator's API key, as the docs show it.
    const key = (await admin.post('/users/me/api-key')).body.content.key as string;
    const withKey = await new ApiClient(app.url, { bearer: key, clientId: null }).get('/admin/audit-log?action=user');
    expect(withKey.status).toBe(200);
    expect(withKey.body.content.total).toBe(4);

    const user = await loginAs(app, await createUser(app));
    expect((await user.get('/admin/audit-log')).status).toBe(403);
    expect((await new ApiClient(app.url).get('/admin/audit-log')).status).toBe(401);
  });

  it('forgets entries older than AUDIT_LOG_DAYS when the maintenance job runs', async () => {
    const prisma = app.http.app.get(PrismaService);
    const old = await prisma.auditLogEntry.create({
      data: { action: 'user.enabled', target: 'old@example.test', createdAt: new Date(Date.now() - 31 * 86_400_000) },
    });
    const recent = await prisma.auditLogEntry.create({
      data: {
        action: 'user.enabled',
        target: 'recent@example.test',
        createdAt: new Date(Date.now() - 29 * 86_400_000),
      },
    });
    expect(await app.http.app.get(AuditLogService).prune()).toBe(1);
    expect(await prisma.auditLogEntry.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await prisma.auditLogEntry.findUnique({ where: { id: recent.id } })).not.toBeNull();
  });
});
