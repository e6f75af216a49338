import { ACADEMIA_PLAN_TYPE, PlanTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { AcademiaService } from './academia.service.js';

const DAY_MS = 86_400_000;
const application = {
  educatorEmail: 'teacher@school.example',
  courseName: 'Game Economy Design 101',
  studentsCount: 32,
  lessonPlan: 'Week 1 sources and pools, week 2 converters…',
  examCurriculum: 'Students balance a crafting economy.',
  motivation: 'Teach systems thinking with simulations.',
  backlinkAcknowledged: true,
};

describe('Academia plan: application, admin approval, backlink deadline', () => {
  let app: TestApp;
  let smtp: SmtpSink;
  let prisma: PrismaService;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({ env: { SMTP_URL: smtp.url, STRIPE_SECRET_KEY: 'sk_test_plans' } });
    prisma = app.http.app.get(PrismaService);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('validates the application; one pending at a time; only admins list and decide', async () => {
    const educator = await loginAs(app, await createUser(app));
    const invalid = await educator.post('/academia/applications', {
      ...application,
      educatorEmail: 'nope',
      backlinkAcknowledged: false,
      studentsCount: 0,
    });
    expect(invalid.status).toBe(400);
    const fields = invalid.body.error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['educatorEmail', 'backlinkAcknowledged', 'studentsCount']));
    expect((await educator.post('/academia/applications', application)).status).toBe(201);
    expect((await educator.post('/academia/applications', application)).body.error.code).toBe(
      'ACADEMIA_ALREADY_APPLIED',
    );
    expect((await educator.get('/admin/academia-applications')).status).toBe(403);
  });

  it('approval gives the Academia plan; a warning 7 days before the deadline; reversion to Public after 30 days without the backlink, once', async () => {
    const user = await createUser(app);
    const educator = await loginAs(app, user);
    const admin = await loginAs(app, await createUser(app, { role: 'admin' }));
    const applied = (await educator.post('/academia/applications', application)).body.content.application;
    const pending = (await admin.get('/admin/academia-applications?status=pending')).body.content.items;
    expect(pending.map((a: { id: string }) => a.id)).toContain(applied.id);

    const approved = await admin.post(`/admin/academia-applications/${applied.id}/decision`, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.content.application.status).toBe('approved');
    const due = new Date(approved.body.content.application.backlinkDueAt).getTime();
    expect(Math.round((due - Date.now()) / DAY_MS)).toBe(30);
    expect((await educator.get('/subscription')).body.content.subscription.plan).toMatchObject({
      type: ACADEMIA_PLAN_TYPE,
      displayName: 'Academia',
    });
    expect(
      (await admin.post(`/admin/academia-applications/${applied.id}/decision`, { decision: 'approve' })).status,
    ).toBe(409);

    const academia = app.http.app.get(AcademiaService);
    expect(await academia.runBacklinkDeadlines(new Date(Date.now() + 20 * DAY_MS))).toMatchObject({
      warned: 0,
      reverted: 0,
    });
    expect((await academia.runBacklinkDeadlines(new Date(Date.now() + 24 * DAY_MS))).warned).toBeGreaterThanOrEqual(1);
    expect((await academia.runBacklinkDeadlines(new Date(Date.now() + 25 * DAY_MS))).warned).toBe(0);
    await app.http.app.get(QueueService).drain();
    await smtp.waitFor((m) => m.to.includes(user.email) && /backlink is due soon/.test(m.subject));

    const later = new Date(Date.now() + 31 * DAY_MS);
    const [a, b] = await Promise.all([academia.runBacklinkDeadlines(later), academia.runBacklinkDeadlines(later)]);
    expect(a.reverted + b.reverted).toBe(1);
    expect((await academia.runBacklinkDeadlines(later)).reverted).toBe(0);
    expect((await prisma.academiaApplication.findUniqueOrThrow({ where: { id: applied.id } })).status).toBe('reverted');
    expect((await educator.get('/subscription')).body.content.subscription.plan.type).toBe(0);
    await app.http.app.get(QueueService).drain();
    await smtp.waitFor((m) => m.to.includes(user.email) && /back on the Public plan/.test(m.subject));
    const notices = await prisma.notification.findMany({ where: { userId: user.id }, orderBy: { createdAt: 'asc' } });
    expect(notices.map((n) => n.message)).toEqual([PlanTexts.academiaApprovedNotice, PlanTexts.academiaRevertedNotice]);
    expect(
      smtp.messages.filter((m) => m.to.includes(user.email) && /back on the Public plan/.test(m.subject)),
    ).toHaveLength(1);
  });

  it('a confirmed backlink keeps the plan; a rejected application changes nothing', async () => {
    const admin = await loginAs(app, await createUser(app, { role: 'admin' }));
    const kept = await loginAs(app, await createUser(app));
    const id = (await kept.post('/academia/applications', application)).body.content.application.id;
    await admin.post(`/admin/academia-applications/${id}/decision`, { decision: 'approve' });
    expect(
      (await kept.put('/academia/applications/mine/backlink', { backlinkUrl: 'https://school.example/course' })).body
        .content.application.backlinkUrl,
    ).toBe('https://school.example/course');
    expect(
      (await admin.post(`/admin/academia-applications/${id}/decision`, { decision: 'confirm-backlink' })).body.content
        .application.backlinkConfirmedAt,
    ).toBeTruthy();
    await app.http.app.get(AcademiaService).runBacklinkDeadlines(new Date(Date.now() + 40 * DAY_MS));
    expect((await kept.get('/subscription')).body.content.subscription.plan.type).toBe(ACADEMIA_PLAN_TYPE);

    const refused = await loginAs(app, await createUser(app));
    const other = (await refused.post('/academia/applications', application)).body.content.application.id;
    expect(
      (await admin.post(`/admin/academia-applications/${other}/decision`, { decision: 'reject' })).body.content
        .application.status,
    ).toBe('rejected');
    expect((await refused.get('/subscription')).body.content.subscription.plan.type).toBe(0);
    expect((await refused.get('/academia/applications/mine')).body.content.application.status).toBe('rejected');
  });
});
