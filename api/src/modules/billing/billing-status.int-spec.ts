import { PlanTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../../test/fakes/stripe.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import { eventually } from '../../../test/support/eventually.js';
import { startBillingApp, type BillingApp } from '../../../test/support/billing-app.js';
import type { TestApp } from '../../../test/support/test-app.js';
import type { PrismaService } from '../../core/prisma/prisma.service.js';
import { QueueService } from '../../core/queue/queue.service.js';
import type { SubscriptionsService } from '../plans/subscriptions.service.js';

/** One truthful billing status, and the owner told (in the app and by e-mail) when a paid plan ends or changes. */
describe('billing status after a downgrade, a cancel and the end', () => {
  let app: TestApp;
  let stripe: FakeStripe;
  let prisma: PrismaService;
  let subscriptions: SubscriptionsService;

  let billing: BillingApp | undefined;

  beforeAll(async () => {
    billing = await startBillingApp();
    ({ app, stripe, prisma, subscriptions } = billing);
  });
  afterAll(() => billing?.close());

  async function subscribed(planName: string) {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    const started = await client.post('/billing/checkout', { planName, cycle: 'monthly' });
    await stripe.completeCheckout(new URL(started.body.content.url as string).pathname.split('/').pop()!);
    await stripe.settled();
    const workspaceId = (await prisma.workspace.findFirstOrThrow({ where: { personalUserId: user.id } })).id;
    return { user, client, subscriptionId: (await subscriptions.current(workspaceId)).stripeSubscriptionId! };
  }
  const noticesOf = async (user: TestUser, count: number) => {
    await app.http.app.get(QueueService).drain();
    return eventually(async () => {
      const rows = await prisma.notification.findMany({ where: { userId: user.id }, orderBy: { createdAt: 'asc' } });
      return rows.length >= count ? rows : undefined;
    });
  };
  const mailsOf = (user: TestUser) =>
    prisma.mailLog.findMany({ where: { to: user.email, template: 'plan-changed' }, orderBy: { createdAt: 'asc' } });

  it('a downgrade then a cancel shows one state; after the end no "contact us" is left; the owner is told the plan ended', async () => {
    const { user, client, subscriptionId } = await subscribed('studio');
    const downgraded = await client.post('/billing/subscription/change', { planName: 'indie', cycle: 'monthly' });
    expect(downgraded.status).toBe(200);
    expect(downgraded.body.content.subscription.pendingChange).toMatchObject({ planName: 'indie', cycle: 'monthly' });

    const cancelled = (await client.post('/billing/subscription/cancel', { immediately: false })).body.content
      .subscription;
    expect(cancelled).toMatchObject({ state: 'cancel_scheduled', pendingChange: null, contactUs: false });
    // Stripe agrees: no schedule, no pending marks.
    expect(stripe.subscription(subscriptionId)).toMatchObject({ schedule: null, cancel_at_period_end: true });
    expect(stripe.subscription(subscriptionId)!.metadata.pending_plan).toBeUndefined();
    await stripe.settled();
    const afterWebhooks = (await client.get('/subscription')).body.content.subscription;
    expect(afterWebhooks).toMatchObject({ status: 'cancel_scheduled', pendingPlan: null });

    await stripe.endPeriod(subscriptionId);
    await stripe.settled();
    const ended = (await client.get('/billing')).body.content.subscription;
    expect(ended).toMatchObject({ state: 'canceled', pendingChange: null, contactUs: false });

    const notices = await noticesOf(user, 1);
    expect(notices.map((n) => n.message)).toEqual([PlanTexts.planEndedNotice.replace('{plan}', 'Professional')]);
    const mails = await mailsOf(user);
    expect(mails).toHaveLength(1);
    expect(mails[0].props).toMatchObject({ kind: 'ended', previousPlanName: 'Professional' });
  });

  it('an upgrade tells the owner the plan changed', async () => {
    const { user, client } = await subscribed('indie');
    expect((await client.post('/billing/subscription/change', { planName: 'studio', cycle: 'monthly' })).status).toBe(
      200,
    );
    await stripe.settled();
    const notices = await noticesOf(user, 1);
    expect(notices.map((n) => n.message)).toEqual([
      PlanTexts.planChangedNotice.replace('{previous}', 'Essential').replace('{plan}', 'Professional'),
    ]);
    expect((await mailsOf(user)).map((m) => m.props)).toEqual([
      { kind: 'changed', planName: 'Professional', previousPlanName: 'Essential' },
    ]);
  });
});
