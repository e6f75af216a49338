import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../../test/fakes/stripe.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { startBillingApp, type BillingApp } from '../../../test/support/billing-app.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import type { PrismaService } from '../../core/prisma/prisma.service.js';
import type { SubscriptionsService } from '../plans/subscriptions.service.js';
import { BillingService } from './billing.service.js';

/**
 * Billing against a fake Stripe on loopback: the real `stripe` SDK calls it (STRIPE_API_BASE) and it
 * sends signed webhooks back to the app's /api/billing/webhooks.
 */
describe('billing with Stripe', () => {
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

  const overview = async (client: ApiClient) => {
    const answer = await client.get('/billing');
    expect(answer.status).toBe(200);
    return answer.body.content;
  };
  const workspaceOf = async (user: TestUser) =>
    (await prisma.workspace.findFirstOrThrow({ where: { personalUserId: user.id } })).id;

  /** A user who went through Checkout for a plan; the webhooks are delivered. */
  async function subscribed(planName = 'studio', cycle: 'monthly' | 'yearly' = 'monthly') {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    const started = await client.post('/billing/checkout', { planName, cycle });
    expect(started.status).toBe(201);
    const sessionId = new URL(started.body.content.url as string).pathname.split('/').pop()!;
    await stripe.completeCheckout(sessionId);
    await stripe.settled();
    const workspaceId = await workspaceOf(user);
    const state = await subscriptions.current(workspaceId);
    return {
      user,
      client,
      workspaceId,
      subscriptionId: state.stripeSubscriptionId!,
      customerId: state.stripeCustomerId!,
    };
  }

  it('checkout completes → signed webhooks → the subscription is active on the plan, every event stored once', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    expect((await overview(client)).subscription).toBeNull();

    const started = await client.post('/billing/checkout', { planName: 'studio', cycle: 'yearly' });
    expect(started.status).toBe(201);
    expect(started.body.content.url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const workspaceId = await workspaceOf(user);
    // Nothing is paid yet: still on Public, no subscription shown.
    expect((await subscriptions.current(workspaceId)).plan.name).toBe('community');

    await stripe.completeCheckout(new URL(started.body.content.url as string).pathname.split('/').pop()!);
    await stripe.settled();
    const state = await subscriptions.current(workspaceId);
    expect(state).toMatchObject({ status: 'active', billingCycle: 'yearly', seats: 1 });
    expect(state.plan.name).toBe('studio');
    expect(state.stripeSubscriptionId).toMatch(/^sub_/);
    const shown = await overview(client);
    expect(shown).toMatchObject({
      enabled: true,
      canManage: true,
      subscription: {
        state: 'active',
        planName: 'studio',
        cycle: 'yearly',
        price: { amount: 29000, currency: 'eur' },
        contactUs: false,
      },
    });
    expect(new Date(shown.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);

    const stored = await prisma.stripeEvent.findMany({
      where: { stripeEventId: { in: stripe.deliveries.map((d) => d.event.id as string) } },
    });
    expect(stored.map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(stored.every((e) => e.processedAt !== null)).toBe(true);
    expect(stripe.deliveries.every((d) => d.status === 200)).toBe(true);

    // A second Checkout while subscribed is refused.
    expect((await client.post('/billing/checkout', { planName: 'aaa', cycle: 'monthly' })).body.error.code).toBe(
      'BILLING_ALREADY_SUBSCRIBED',
    );
  });

  it('cancel at period end → cancellation scheduled → undo → active again (also after the webhooks)', async () => {
    const { client, workspaceId, subscriptionId } = await subscribed();
    const cancelled = await client.post('/billing/subscription/cancel', { immediately: false });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.content.subscription.state).toBe('cancel_scheduled');
    expect(cancelled.body.content.subscription.cancelAt).toBe(cancelled.body.content.subscription.currentPeriodEnd);
    expect(stripe.subscription(subscriptionId)?.cancel_at_period_end).toBe(true);
    await stripe.settled();
    expect((await subscriptions.current(workspaceId)).status).toBe('cancel_scheduled');

    const undone = await client.post('/billing/subscription/undo-cancel', {});
    expect(undone.body.content.subscription).toMatchObject({ state: 'active', cancelAt: null });
    await stripe.settled();
    expect((await subscriptions.current(workspaceId)).status).toBe('active');
    expect((await client.post('/billing/subscription/undo-cancel', {})).body.error.code).toBe(
      'BILLING_NO_SUBSCRIPTION',
    );
  });

  it('payment failure → payment pending (no plan or seat change) → a declined retry stays pending → retry succeeds', async () => {
    const { client, workspaceId, subscriptionId, customerId } = await subscribed('indie');
    stripe.setCardDeclines(customerId, true);
    await stripe.failRenewal(subscriptionId);
    const pending = await overview(client);
    expect(pending.subscription).toMatchObject({
      state: 'payment_pending',
      amountDue: { amount: 1200, currency: 'eur' },
    });
    expect((await subscriptions.current(workspaceId)).status).toBe('payment_pending');

    const change = await client.post('/billing/subscription/change', { planName: 'studio', cycle: 'monthly' });
    expect(change.status).toBe(409);
    expect(change.body.error).toMatchObject({
      code: 'BILLING_PAYMENT_PENDING',
      message: 'No payment change while payment is pending.',
    });
    await expect(app.http.app.get(BillingService).changeSeats(workspaceId, 3)).rejects.toMatchObject({
      code: 'BILLING_PAYMENT_PENDING',
    });

    const declined = await client.post('/billing/subscription/retry-payment', {});
    expect(declined.status).toBe(402);
    expect(declined.body.error.code).toBe('BILLING_PAYMENT_FAILED');
    await stripe.settled();
    expect((await overview(client)).subscription.state).toBe('payment_pending');

    // The card is replaced on Stripe's customer portal (allowed while the payment is pending).
    const portal = await client.post('/billing/portal', {});
    expect(portal.status).toBe(201);
    expect(portal.body.content.url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    const saved = await fetch(`${portal.body.content.url as string}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card=4242424242424242',
      redirect: 'manual',
    });
    expect(saved.headers.get('location')).toBe(`${app.config.APP_URL}/settings/billing`);
    expect(stripe.customer(customerId)?._cardDeclines).toBe(false);
    const retried = await client.post('/billing/subscription/retry-payment', {});
    expect(retried.status).toBe(200);
    expect(retried.body.content.subscription).toMatchObject({ state: 'active', amountDue: null });
    await stripe.settled();
    expect((await subscriptions.current(workspaceId)).status).toBe('active');
    expect((await client.post('/billing/subscription/retry-payment', {})).body.error.code).toBe(
      'BILLING_NOTHING_TO_PAY',
    );
  });

  it('replayed and reordered events change nothing twice: an older event than the last applied is kept but ignored', async () => {
    const { workspaceId, subscriptionId, customerId } = await subscribed('indie');
    stripe.setCardDeclines(customerId, true);
    stripe.pause();
    await stripe.failRenewal(subscriptionId); // invoice.payment_failed, subscription.updated (past_due)
    stripe.setCardDeclines(customerId, false);
    const open = stripe.held.find((e) => e.type === 'invoice.payment_failed')!.data.object.id as string;
    expect(await stripe.payInvoice(open)).toBe(true); // invoice.paid, subscription.updated (active)
    stripe.unpause();
    const held = [...stripe.held];
    expect(held.map((e) => e.type)).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
    ]);

    // Newest first: the later "active" wins, the earlier "past_due" and "payment failed" are stale.
    for (const event of [...held].reverse()) expect(await stripe.send(event)).toBe(200);
    const after = await subscriptions.current(workspaceId);
    expect(after.status).toBe('active');
    expect(await prisma.billingAccount.findUnique({ where: { workspaceId } })).toMatchObject({ openInvoiceId: null });
    const outcomes = await prisma.stripeEvent.findMany({
      where: { stripeEventId: { in: held.map((e) => e.id as string) } },
      orderBy: { stripeCreatedAt: 'asc' },
    });
    expect(outcomes.map((e) => e.outcome)).toEqual(['stale', 'stale', 'applied', 'applied']);

    // Replays (same ids, valid signatures): 200, nothing stored twice, nothing changed.
    const rows = await prisma.stripeEvent.count();
    const row = await prisma.subscription.findUniqueOrThrow({ where: { workspaceId } });
    for (const event of held) expect(await stripe.send(event)).toBe(200);
    expect(await prisma.stripeEvent.count()).toBe(rows);
    expect(await prisma.subscription.findUniqueOrThrow({ where: { workspaceId } })).toEqual(row);
  });

  it('applies an event only to the workspace of its own Stripe customer, never through metadata.workspace_id alone', async () => {
    const victim = await subscribed('indie');
    const other = await subscribed('indie');
    const before = await subscriptions.current(victim.workspaceId);
    const canceled = (id: string, customer: string) => ({
      id,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000) + 60,
      data: {
        object: {
          ...stripe.subscription(victim.subscriptionId),
          customer,
          status: 'canceled',
          metadata: { workspace_id: victim.workspaceId },
        },
      },
    });
    // A customer we never stored, and another workspace's customer, both naming the victim's workspace.
    expect(await stripe.send(canceled('evt_stranger_1', 'cus_stranger'))).toBe(200);
    expect(await stripe.send(canceled('evt_stranger_2', other.customerId))).toBe(200);
    const outcomes = await prisma.stripeEvent.findMany({
      where: { stripeEventId: { in: ['evt_stranger_1', 'evt_stranger_2'] } },
      orderBy: { stripeEventId: 'asc' },
    });
    expect(outcomes.map((e) => e.outcome)).toEqual(['unknown_customer', 'unknown_customer']);
    const after = await subscriptions.current(victim.workspaceId);
    expect(after.status).toBe('active');
    expect(after.stripeEventAt).toEqual(before.stripeEventAt);
    expect((await subscriptions.current(other.workspaceId)).status).toBe('active');
  });

  it('refuses unsigned and wrongly signed events with 400: nothing stored, nothing changed', async () => {
    const { workspaceId, subscriptionId } = await subscribed();
    const forged = {
      id: 'evt_forged_1',
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000) + 86_400,
      data: { object: { ...stripe.subscription(subscriptionId), status: 'canceled' } },
    };
    const before = await subscriptions.current(workspaceId);
    expect(await stripe.send(forged, 'none')).toBe(400);
    expect(await stripe.send(forged, 'wrong')).toBe(400);
    const bare = await fetch(`${app.url}/api/billing/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
      body: JSON.stringify(forged),
    });
    expect(bare.status).toBe(400);
    expect((await bare.json()).error.code).toBe('BILLING_WEBHOOK_SIGNATURE');
    expect(await prisma.stripeEvent.findUnique({ where: { stripeEventId: 'evt_forged_1' } })).toBeNull();
    const after = await subscriptions.current(workspaceId);
    expect(after.status).toBe('active');
    expect(after.stripeEventAt).toEqual(before.stripeEventAt);
  });

  it('lists invoices as paid, void, invalid and due, each with its PDF link', async () => {
    const { client, customerId } = await subscribed();
    stripe.addInvoice(customerId, 'void', 2900);
    stripe.addInvoice(customerId, 'uncollectible', 2900);
    const answer = await client.get('/billing/invoices');
    expect(answer.status).toBe(200);
    const invoices = answer.body.content.invoices as {
      status: string;
      amount: number;
      pdfUrl: string;
      number: string;
    }[];
    expect(invoices.map((i) => i.status)).toEqual(['invalid', 'void', 'paid']);
    expect(invoices[2]).toMatchObject({ amount: 2900, number: expect.stringMatching(/^LW-/) });
    for (const invoice of invoices)
      expect(invoice.pdfUrl).toMatch(new RegExp(`^${stripe.url}/invoices/in_\\w+\\.pdf$`));
    expect((await fetch(invoices[0].pdfUrl)).headers.get('content-type')).toBe('application/pdf');
  });

  it('keeps account details and the tax ID on the Stripe customer, with the VIES result and its date', async () => {
    const { client, customerId } = await subscribed();
    const saved = await client.put('/billing/account', {
      companyName: 'Studio Example GmbH',
      invoicingEmail: 'billing@studio.example',
      address: { line1: 'Beispielstr. 1', postalCode: '10115', city: 'Berlin', country: 'de' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.content).toMatchObject({
      companyName: 'Studio Example GmbH',
      invoicingEmail: 'billing@studio.example',
      address: { country: 'DE', city: 'Berlin' },
      balance: { amount: 0 },
    });
    expect(stripe.customer(customerId)).toMatchObject({ name: 'Studio Example GmbH', email: 'billing@studio.example' });
    expect(
      (await client.put('/billing/account', { companyName: '', invoicingEmail: 'not-mail', address: {} })).status,
    ).toBe(400);

    expect((await client.put('/billing/tax-id', { value: '12' })).status).toBe(400);
    const set = await client.put('/billing/tax-id', { value: 'de 123.456.789' });
    expect(set.status).toBe(200);
    expect(set.body.content.taxId).toEqual({
      value: 'DE123456789',
      status: 'pending',
      checkedAt: null,
      verifiedName: null,
    });
    const taxIdId = (await fetchTaxIds(customerId))[0];
    await stripe.verifyTaxId(taxIdId, 'verified');
    const valid = (await client.get('/billing/account')).body.content.taxId;
    expect(valid).toMatchObject({ value: 'DE123456789', status: 'valid', verifiedName: 'Studio Example GmbH' });
    expect(Date.parse(valid.checkedAt as string)).toBeGreaterThan(Date.now() - 60_000);
    await stripe.verifyTaxId(taxIdId, 'unavailable');
    expect((await client.get('/billing/account')).body.content.taxId.status).toBe('unverifiable');
    await stripe.verifyTaxId(taxIdId, 'unverified');
    expect((await client.get('/billing/account')).body.content.taxId.status).toBe('invalid');

    stripe.customer(customerId)!.balance = -1500;
    expect((await client.get('/billing/account')).body.content.balance).toEqual({ amount: -1500, currency: 'eur' });
    expect((await client.delete('/billing/tax-id')).body.content.taxId).toBeNull();
  });

  async function fetchTaxIds(customerId: string): Promise<string[]> {
    const response = await fetch(`${stripe.url}/v1/customers/${customerId}/tax_ids`, {
      headers: { authorization: `Bearer ${stripe.env().STRIPE_SECRET_KEY}` },
    });
    return ((await response.json()) as { data: { id: string }[] }).data.map((t) => t.id);
  }

  it('changes plans: an upgrade at once (prorated invoice), a downgrade or cycle change pending until renewal; a second change is "contact us"', async () => {
    const { client, workspaceId, subscriptionId } = await subscribed('indie');
    const upgraded = await client.post('/billing/subscription/change', { planName: 'studio', cycle: 'monthly' });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.content.subscription).toMatchObject({
      state: 'active',
      planName: 'studio',
      pendingChange: null,
    });
    expect(stripe.subscription(subscriptionId)?.items.data[0].price.lookup_key).toBe('studio_monthly');
    await stripe.settled();
    expect((await subscriptions.current(workspaceId)).plan.name).toBe('studio');

    const toYearly = await client.post('/billing/subscription/change', { planName: 'studio', cycle: 'yearly' });
    expect(toYearly.body.content.subscription).toMatchObject({
      planName: 'studio',
      cycle: 'monthly',
      contactUs: true,
      pendingChange: { planName: 'studio', cycle: 'yearly' },
    });
    await stripe.settled();
    expect(await subscriptions.current(workspaceId)).toMatchObject({
      pendingBillingCycle: 'yearly',
      billingCycle: 'monthly',
    });
    const schedule = stripe.schedule(stripe.subscription(subscriptionId)!.schedule as string)!;
    expect(schedule.phases.map((p: { items: { price: string }[] }) => p.items[0].price)).toEqual([
      expect.stringMatching(/^price_studio_monthly/),
      expect.stringMatching(/^price_studio_yearly/),
    ]);
    const again = await client.post('/billing/subscription/change', { planName: 'indie', cycle: 'monthly' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('BILLING_CONTACT_US');

    const kept = await client.post('/billing/subscription/pending-change/cancel', {});
    expect(kept.body.content.subscription).toMatchObject({ pendingChange: null, contactUs: false });
    expect(stripe.subscription(subscriptionId)!.schedule).toBeNull();
    expect(schedule.status).toBe('released');

    // A downgrade waits for the renewal, when Stripe's schedule switches the price.
    const down = await client.post('/billing/subscription/change', { planName: 'indie', cycle: 'monthly' });
    expect(down.body.content.subscription).toMatchObject({
      planName: 'studio',
      pendingChange: { planName: 'indie', cycle: 'monthly' },
    });
    await stripe.settled();
    expect((await subscriptions.current(workspaceId)).pendingPlan?.name).toBe('indie');
    await stripe.endPeriod(subscriptionId);
    const renewed = await subscriptions.current(workspaceId);
    expect(renewed).toMatchObject({
      status: 'active',
      billingCycle: 'monthly',
      pendingPlan: null,
      pendingBillingCycle: null,
    });
    expect(renewed.plan.name).toBe('indie');
    expect((await overview(client)).subscription).toMatchObject({
      planName: 'indie',
      pendingChange: null,
      price: { amount: 1200 },
    });
    expect(
      (await client.post('/billing/subscription/change', { planName: 'nope', cycle: 'monthly' })).body.error.code,
    ).toBe('BILLING_PLAN_UNKNOWN');
  });

  it('an old plan in another currency cannot be changed automatically', async () => {
    const { client, subscriptionId } = await subscribed('indie');
    const usd = stripe.addPrice('indie_monthly_usd', 1500, 'usd', 'month');
    const subscription = stripe.subscription(subscriptionId)!;
    subscription.currency = 'usd';
    subscription.items.data[0].price = { ...usd, lookup_key: 'indie_monthly' };
    expect((await overview(client)).subscription.contactUs).toBe(true);
    const change = await client.post('/billing/subscription/change', { planName: 'studio', cycle: 'monthly' });
    expect(change.body.error).toMatchObject({
      code: 'BILLING_CONTACT_US',
      message: expect.stringMatching(/contact us/),
    });
  });

  it('changes seats through Stripe (prorated) for the teams module', async () => {
    const { workspaceId, subscriptionId } = await subscribed('studio');
    expect(await app.http.app.get(BillingService).changeSeats(workspaceId, 3)).toEqual({ seats: 3 });
    expect(stripe.subscription(subscriptionId)?.items.data[0].quantity).toBe(3);
    expect((await subscriptions.current(workspaceId)).seats).toBe(3);
    const plain = await createUser(app);
    await expect(app.http.app.get(BillingService).changeSeats(await workspaceOf(plain), 2)).rejects.toMatchObject({
      code: 'BILLING_NO_SUBSCRIPTION',
    });
  });

  it("cancels immediately (back to Public), resumes through a new Checkout, and ignores the old subscription's late events", async () => {
    const { client, workspaceId, subscriptionId } = await subscribed('studio');
    const ended = await client.post('/billing/subscription/cancel', { immediately: true });
    expect(ended.body.content.subscription).toMatchObject({ state: 'canceled', planName: 'studio' });
    await stripe.settled();
    const state = await subscriptions.current(workspaceId);
    expect(state.status).toBe('canceled');
    expect(state.effectivePlan.name).toBe('community');
    const lateDelete = stripe.events
      .filter((e) => e.type === 'customer.subscription.deleted' && e.data.object.id === subscriptionId)
      .pop()!;

    const resumed = await client.post('/billing/subscription/resume', {});
    expect(resumed.status).toBe(201);
    await stripe.completeCheckout(new URL(resumed.body.content.url as string).pathname.split('/').pop()!);
    await stripe.settled();
    const back = await subscriptions.current(workspaceId);
    expect(back).toMatchObject({ status: 'active' });
    expect(back.stripeSubscriptionId).not.toBe(subscriptionId);
    expect(
      await stripe.send({
        ...lateDelete,
        id: `${lateDelete.id as string}_redelivered`,
        created: (lateDelete.created as number) + 1000,
      }),
    ).toBe(200);
    expect((await subscriptions.current(workspaceId)).status).toBe('active');
  });

  it('lets a team member see the state but not change it: contact the owner', async () => {
    const [owner, member] = await Promise.all([createUser(app), createUser(app)]);
    const team = await prisma.workspace.create({
      data: {
        kind: 'team',
        name: 'Studio',
        ownerId: owner.id,
        members: {
          create: [
            { userId: owner.id, role: 'owner' },
            { userId: member.id, role: 'member' },
          ],
        },
      },
    });
    const memberClient = await loginAs(app, member);
    const seen = await memberClient.get(`/billing?workspaceId=${team.id}`);
    expect(seen.body.content).toMatchObject({ enabled: true, canManage: false });
    const refused = await memberClient.post('/billing/checkout', {
      workspaceId: team.id,
      planName: 'studio',
      cycle: 'monthly',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('PLAN_MEMBER_CANNOT_MANAGE');
    const outsider = await loginAs(app, await createUser(app));
    expect((await outsider.get(`/billing?workspaceId=${team.id}`)).status).toBe(404);
  });
});

describe('billing without a Stripe key (self-hosted)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('is off: no payment screens, no checkout, no webhooks', async () => {
    const client = await loginAs(app, await createUser(app));
    expect((await client.get('/billing')).body.content).toEqual({
      enabled: false,
      workspaceId: null,
      canManage: false,
      subscription: null,
    });
    expect((await client.post('/billing/checkout', { planName: 'studio', cycle: 'monthly' })).body.error.code).toBe(
      'PLAN_BILLING_DISABLED',
    );
    expect((await client.get('/billing/invoices')).body.error.code).toBe('PLAN_BILLING_DISABLED');
    const webhook = await fetch(`${app.url}/api/billing/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    });
    expect(webhook.status).toBe(409);
  });
});
