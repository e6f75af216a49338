import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../../test/fakes/stripe.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { startBillingApp, type BillingApp } from '../../../test/support/billing-app.js';
import type { TestApp } from '../../../test/support/test-app.js';
import type { PrismaService } from '../../core/prisma/prisma.service.js';
import type { SubscriptionsService } from '../plans/subscriptions.service.js';

/** Money is shown before it moves: seat prices from Stripe's invoice preview, and a trial that survives subscribing. */
describe('seat prices and subscribing during a trial', () => {
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

  const sessionOf = (url: string) => new URL(url).pathname.split('/').pop()!;
  const personalOf = async (userId: string) =>
    (await prisma.workspace.findFirstOrThrow({ where: { personalUserId: userId } })).id;
  const createTeam = async (client: ApiClient) => {
    const created = await client.post('/teams', { name: 'Seat studio' });
    expect(created.status).toBe(201);
    return created.body.content.team as { id: string };
  };

  it('a subscribed owner sees the new price and the prorated amount before changing seats; the preview changes nothing', async () => {
    const owner = await createUser(app);
    const client = await loginAs(app, owner);
    const started = await client.post('/billing/checkout', { planName: 'studio', cycle: 'monthly' });
    await stripe.completeCheckout(sessionOf(started.body.content.url as string));
    await stripe.settled();
    const team = await createTeam(client);

    const answer = await client.get(`/teams/${team.id}/seats/preview?seats=3`);
    expect(answer.status).toBe(200);
    const preview = answer.body.content.preview;
    expect(preview).toMatchObject({
      seats: 3,
      current: 1,
      billing: 'charged',
      cycle: 'monthly',
      seatPrice: { amount: 2900, currency: 'eur' },
      newPrice: { amount: 8700, currency: 'eur' },
      trialEndsAt: null,
    });
    // Two more seats for (almost) the whole month just started.
    expect(preview.prorated.amount).toBeGreaterThan(5700);
    expect(preview.prorated.amount).toBeLessThanOrEqual(5800);
    expect(stripe.requests).toContain('POST /v1/invoices/create_preview');
    const subscriptionId = (await subscriptions.current(await personalOf(owner.id))).stripeSubscriptionId!;
    expect(stripe.subscription(subscriptionId)!.items.data[0].quantity).toBe(1);

    // Members see nothing of it.
    const member = await loginAs(app, await createUser(app));
    expect((await member.get(`/teams/${team.id}/seats/preview?seats=3`)).status).toBe(404);

    expect((await client.put(`/teams/${team.id}/seats`, { seats: 3 })).status).toBe(200);
    expect(stripe.subscription(subscriptionId)!.items.data[0].quantity).toBe(3);
  });

  it('a trialing owner adds seats free up to the plan, is told the price; checkout buys those seats and keeps trial_end', async () => {
    const owner = await createUser(app);
    const client = await loginAs(app, owner);
    expect((await client.post('/start-trial/studio/monthly')).status).toBe(200);
    const workspaceId = await personalOf(owner.id);
    const trialEndsAt = (await subscriptions.current(workspaceId)).trialEndsAt!;
    const team = await createTeam(client);

    const preview = (await client.get(`/teams/${team.id}/seats/preview?seats=3`)).body.content.preview;
    expect(preview).toMatchObject({
      billing: 'trial',
      seatPrice: { amount: 2900, currency: 'eur' },
      newPrice: { amount: 8700, currency: 'eur' },
      prorated: null,
      trialEndsAt: trialEndsAt.toISOString(),
      maxSeats: 10,
    });
    // The rule: free during the trial, but never past the plan's editors.
    const over = await client.put(`/teams/${team.id}/seats`, { seats: 11 });
    expect(over.status).toBe(402);
    expect(over.body.error).toMatchObject({ code: 'PLAN_LIMIT_REACHED', details: { limit: 'editors', allowed: 10 } });
    expect((await client.put(`/teams/${team.id}/seats`, { seats: 3 })).body.content.team.seats).toEqual({
      used: 1,
      total: 3,
    });

    const started = await client.post('/billing/checkout', { planName: 'studio', cycle: 'monthly' });
    expect(started.status).toBe(201);
    await stripe.completeCheckout(sessionOf(started.body.content.url as string));
    await stripe.settled();
    const state = await subscriptions.current(workspaceId);
    const subscription = stripe.subscription(state.stripeSubscriptionId!)!;
    expect(subscription.trial_end).toBe(Math.floor(trialEndsAt.getTime() / 1000));
    expect(subscription.status).toBe('trialing');
    expect(subscription.items.data[0].quantity).toBe(3);
    expect(state.seats).toBe(3);
    // Nothing charged until the trial ends.
    const invoices = (await client.get('/billing/invoices')).body.content.invoices as { amount: number }[];
    expect(invoices.map((i) => i.amount)).toEqual([0]);
  });

  // Last in this file: it stops the fake Stripe.
  it('with Stripe unreachable, the preview and the change say so, and a reduction keeps the seats bought', async () => {
    const owner = await createUser(app);
    const client = await loginAs(app, owner);
    const started = await client.post('/billing/checkout', { planName: 'studio', cycle: 'monthly' });
    await stripe.completeCheckout(sessionOf(started.body.content.url as string));
    await stripe.settled();
    const team = await createTeam(client);
    expect((await client.put(`/teams/${team.id}/seats`, { seats: 3 })).status).toBe(200);
    await stripe.settled();
    await stripe.close();

    const preview = await client.get(`/teams/${team.id}/seats/preview?seats=2`);
    expect(preview.status).toBe(503);
    expect(preview.body.error.code).toBe('BILLING_PROVIDER_UNAVAILABLE');
    const change = await client.put(`/teams/${team.id}/seats`, { seats: 2 });
    expect(change.status).toBe(503);
    expect(change.body.error.code).toBe('BILLING_PROVIDER_UNAVAILABLE');
    // The reduction was recorded under the team's lock before Stripe was asked; Stripe's refusal put it back.
    expect((await client.get('/teams/mine')).body.content.team.seats.total).toBe(3);
  });
});
