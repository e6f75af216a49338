import { PlanType, PlanTexts, TRIAL_DAYS } from '@loopwright/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { startWorkers, type RunningWorkers } from '../../core/queue/workers.js';
import { expireTrialsJob } from './plans.jobs.js';
import { SubscriptionsService } from './subscriptions.service.js';

const DAY_MS = 86_400_000;

describe('plan catalogue, trial and trial expiry (billing on)', () => {
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

  it('seeds every plan type of the spec with its number and name; the pricing endpoints read the table', async () => {
    const rows = await prisma.plan.findMany({ orderBy: { type: 'asc' } });
    expect(rows.map((r) => r.type)).toEqual([0, 1, 2, 3, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21, 22, 30]);
    const byType = Object.fromEntries(rows.map((r) => [r.type, r]));
    expect(byType[PlanType.ESSENTIAL]).toMatchObject({
      name: 'indie',
      displayName: 'Essential',
      maxComponents: 3000,
      maxRunSteps: 1000,
    });
    expect(byType[PlanType.PROFESSIONAL]).toMatchObject({
      name: 'studio',
      displayName: 'Professional',
      maxComponents: 10000,
    });
    expect(byType[PlanType.POWER]).toMatchObject({
      name: 'aaa',
      displayName: 'Power',
      maxComponents: null,
      maxRunSteps: null,
    });
    expect(byType[PlanType.COMMUNITY].displayName).toBe('Public');
    expect(byType[PlanType.VAULT].displayName).toBe('Vault');
    expect(byType[PlanType.STARTER3].displayName).toBe('Starter');
    expect(byType[PlanType.PRO3].displayName).toBe('Pro');
    expect(byType[30].displayName).toBe('Academia');
    expect([byType[10].group, byType[14].group, byType[18].group]).toEqual(['special', 'special', 'special']);

    const visitor = new ApiClient(app.url);
    const config = await visitor.get('/get-prod-config');
    expect(config.status).toBe(200);
    expect(config.body.content.map((p: { name: string }) => p.name)).toEqual(['community', 'indie', 'studio', 'aaa']);
    expect(config.body.content[2]).toMatchObject({
      id: 2,
      trial: true,
      currency: 'EUR',
      price: { monthly: 29, yearly: 290 },
    });

    // An edit in the table shows on the pricing endpoints at once.
    await prisma.plan.update({ where: { type: PlanType.STARTER3 }, data: { active: true, priceMonthlyCents: 950 } });
    const features = await visitor.get('/get-plan-features');
    expect(features.body.content.map((p: { displayName: string }) => p.displayName)).toContain('Starter');
    expect(
      (await visitor.get('/get-prod-config')).body.content.find((p: { id: number }) => p.id === 21).price.monthly,
    ).toBe(9.5);
    await prisma.plan.update({ where: { type: PlanType.STARTER3 }, data: { active: false } });
  });

  it('lets the instance admin edit a plan and nobody else', async () => {
    const admin = await loginAs(app, await createUser(app, { role: 'admin' }));
    const user = await loginAs(app, await createUser(app));
    const list = await admin.get('/admin/plans');
    expect(list.status).toBe(200);
    const essential = list.body.content.plans.find((p: { type: number }) => p.type === 1);
    const body = { ...essential, tagline: 'Edited by the admin', limits: { ...essential.limits, tags: 77 } };
    for (const key of ['id', 'type', 'name', 'group', 'currency']) delete body[key];
    expect((await user.put('/admin/plans/1', body)).status).toBe(403);
    const saved = await admin.put('/admin/plans/1', body);
    expect(saved.status).toBe(200);
    expect(saved.body.content.plan).toMatchObject({
      tagline: 'Edited by the admin',
      limits: { tags: 77, components: 3000 },
    });
    expect((await prisma.plan.findUniqueOrThrow({ where: { type: 1 } })).maxTags).toBe(77);
    const features = await new ApiClient(app.url).get('/get-plan-features');
    expect(features.body.content.find((p: { name: string }) => p.name === 'indie').tagline).toBe('Edited by the admin');
  });

  it('starts a 14-day trial without a card, once per account', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    expect((await client.get('/subscription')).body.content.subscription).toMatchObject({
      plan: { type: 0, displayName: 'Public' },
      status: 'active',
      trialUsed: false,
      billingEnabled: true,
    });

    const before = Date.now();
    const started = await client.post('/start-trial/studio/yearly', {});
    expect(started.status).toBe(200);
    const subscription = started.body.content.subscription;
    expect(subscription).toMatchObject({
      plan: { type: 2, displayName: 'Professional' },
      status: 'trialing',
      billingCycle: 'yearly',
      trialUsed: true,
    });
    const ends = new Date(subscription.trialEndsAt).getTime();
    expect(ends - before).toBeGreaterThanOrEqual(TRIAL_DAYS * DAY_MS - 1000);
    expect(ends - before).toBeLessThan(TRIAL_DAYS * DAY_MS + 60_000);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).subscriptionPlan).toBe(2);

    const again = await client.post('/start-trial/indie/monthly', {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('PLAN_TRIAL_USED');
  });

  it('refuses unknown plans and plans without a trial, and two trials started at once', async () => {
    const client = await loginAs(app, await createUser(app));
    expect((await client.post('/start-trial/nothing/monthly', {})).body.error.code).toBe('PLAN_TRIAL_NOT_AVAILABLE');
    expect((await client.post('/start-trial/community/monthly', {})).body.error.code).toBe('PLAN_TRIAL_NOT_AVAILABLE');
    expect((await client.post('/start-trial/studio/weekly', {})).status).toBe(400);
    const results = await Promise.all([
      client.post('/start-trial/studio/monthly', {}),
      client.post('/start-trial/aaa/monthly', {}),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('downgrades expired trials to Public once, with an in-app notice and an e-mail, however often the job runs', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    await client.post('/start-trial/indie/monthly', {});
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { personalUserId: user.id } });
    const service = app.http.app.get(SubscriptionsService);

    // Not yet due: nothing happens.
    await service.expireTrials(new Date());
    expect((await client.get('/subscription')).body.content.subscription.status).toBe('trialing');

    await prisma.subscription.update({
      where: { workspaceId: workspace.id },
      data: { trialEndsAt: new Date(Date.now() - 1000) },
    });
    const runs = await Promise.all([service.expireTrials(), service.expireTrials()]);
    expect(await service.expireTrials()).toBe(0);
    expect(runs.filter((n) => n > 0)).toHaveLength(1);
    const after = (await client.get('/subscription')).body.content.subscription;
    expect(after).toMatchObject({ plan: { type: 0, displayName: 'Public' }, status: 'active', trialUsed: true });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).subscriptionPlan).toBe(0);

    await app.http.app.get(QueueService).drain();
    const notices = await eventually(async () => {
      const rows = await prisma.notification.findMany({ where: { userId: user.id } });
      return rows.length ? rows : undefined;
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'warning',
      message: PlanTexts.trialEndedNotice.replace('{plan}', 'Essential'),
    });
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && /trial has ended/.test(m.subject));
    expect(mail.subject).toBe('Your Essential trial has ended');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.filter((m) => m.to.includes(user.email) && /trial has ended/.test(m.subject))).toHaveLength(1);
    expect(
      await prisma.domainEvent.count({
        where: { type: 'SubscriptionChanged', payload: { path: ['reason'], equals: 'trial_expired' } },
      }),
    ).toBeGreaterThanOrEqual(1);

    // The trial cannot be started again after it ended.
    expect((await client.post('/start-trial/studio/monthly', {})).body.error.code).toBe('PLAN_TRIAL_USED');
  });

  it('shows usage against each limit', async () => {
    const client = await loginAs(app, await createUser(app));
    await client.post('/tags', { name: 'Economy' });
    const usage = await client.get('/subscription/usage');
    expect(usage.status).toBe(200);
    const items = Object.fromEntries(usage.body.content.items.map((i: { limit: string }) => [i.limit, i]));
    expect(items.tags).toMatchObject({ used: 1, allowed: 10 });
    expect(items.components).toMatchObject({ used: 0, allowed: 500 });
    // Runs per balance study is a limit per study, not a count over the workspace: nothing is "used".
    expect(items.studyRuns).toMatchObject({ used: null, allowed: 20_000, label: 'Runs per balance study' });
    expect(Object.keys(items)).toHaveLength(10);
  });
});

describe('self-hosted: no Stripe key, billing off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('gives every workspace the plan the admin chose (default: no limits) and offers no trial', async () => {
    const client = await loginAs(app, await createUser(app));
    const subscription = (await client.get('/subscription')).body.content.subscription;
    expect(subscription).toMatchObject({
      billingEnabled: false,
      plan: { type: PlanType.ENTERPRISE, limits: { components: null, tags: null } },
    });
    expect((await client.post('/start-trial/studio/monthly', {})).body.error.code).toBe('PLAN_BILLING_DISABLED');
    expect((await new ApiClient(app.url).get('/plans')).body.content.billingEnabled).toBe(false);
    expect(
      (await new ApiClient(app.url).get('/get-prod-config')).body.content.every((p: { trial: boolean }) => !p.trial),
    ).toBe(true);

    const admin = await loginAs(app, await createUser(app, { role: 'admin' }));
    expect((await admin.get('/admin/plans')).body.content).toMatchObject({
      billingEnabled: false,
      selfHostedPlanType: PlanType.ENTERPRISE,
    });
    expect((await admin.put('/admin/plans-self-hosted', { planType: 1 })).status).toBe(200);
    expect((await client.get('/subscription')).body.content.subscription.plan).toMatchObject({
      type: 1,
      limits: { components: 3000 },
    });
    expect((await admin.put('/admin/plans-self-hosted', { planType: 99 })).body.error.code).toBe('PLAN_NOT_FOUND');
  });
});

describe.skipIf(!inject('redisUrl'))('the trial expiry as a BullMQ repeatable job (REDIS_URL)', () => {
  let app: TestApp;
  let workers: RunningWorkers | undefined;
  beforeAll(async () => {
    app = await startTestApp({ redis: true, env: { STRIPE_SECRET_KEY: 'sk_test_plans' } });
  });
  afterAll(async () => {
    await workers?.close(0);
    await app?.close();
  });

  it('is scheduled once however many processes register it, and a worker runs it', async () => {
    const prisma = app.http.app.get(PrismaService);
    const queue = app.http.app.get(QueueService);
    const user = await createUser(app);
    const client = await loginAs(app, user);
    await client.post('/start-trial/aaa/monthly', {});
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { personalUserId: user.id } });
    await prisma.subscription.update({
      where: { workspaceId: workspace.id },
      data: { trialEndsAt: new Date(Date.now() - 1000) },
    });

    const stops = [await queue.repeat(expireTrialsJob, {}, 300), await queue.repeat(expireTrialsJob, {}, 300)];
    expect(await queue.queue('maintenance').getJobSchedulersCount()).toBe(1);
    expect(await queue.queue('maintenance').getJobScheduler(expireTrialsJob.name)).toMatchObject({ every: 300 });
    workers = startWorkers(
      app.http.app.get(JobRegistry),
      { redisUrl: inject('redisUrl')!, prefix: app.config.REDIS_PREFIX },
      pino({ level: 'silent' }),
    );
    await eventually(
      async () => ((await client.get('/subscription')).body.content.subscription.plan.type === 0 ? true : undefined),
      15_000,
    );
    stops.forEach((stop) => stop());
    expect(
      await prisma.domainEvent.count({
        where: { type: 'SubscriptionChanged', payload: { path: ['workspaceId'], equals: workspace.id } },
      }),
    ).toBe(2);
  });
});
