import { Inject, Injectable } from '@nestjs/common';
import {
  billingStates,
  CURRENCY,
  ErrorCode,
  trialKeptAtCheckout,
  type BillingCycle,
  type BillingOverview,
  type BillingState,
} from '@loopwright/contracts';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { APP_CONFIG } from '../../core/tokens.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import type { SubscriptionState } from '../plans/subscription-state.js';
import { SubscriptionsService } from '../plans/subscriptions.service.js';
import { isRunning } from '../plans/subscription-status.js';
import { UsersService } from '../users/users.service.js';
import { BillingAccess, type BillingScope } from './billing-access.js';
import { BillingPlans } from './billing-plans.js';
import { BillingRepository } from './billing.repository.js';
import { snapshotOf, type SubscriptionSnapshot } from './stripe-mapping.js';
import { StripeGateway } from './stripe-gateway.js';
import { SubscriptionSync } from './subscription-sync.js';

const perMonth = (price: Stripe.Price) => (price.unit_amount ?? 0) / (price.recurring?.interval === 'year' ? 12 : 1);
/** The states a Stripe subscription can be in (every one but a trial, which Stripe never sees). */
const BILLED: ReadonlySet<string> = new Set<BillingState>(billingStates);
/** The workspace has a Stripe subscription that is still running (a new Checkout is refused). */
const runningAtStripe = (state: SubscriptionState): state is SubscriptionState & { stripeSubscriptionId: string } =>
  !!state.stripeSubscriptionId && isRunning(state.status);
const isoOf = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Stripe subscriptions of workspaces: Checkout, cancel / undo, resume, retry payment, plan and
 * billing-cycle changes, seats. Stripe is the source of truth; its webhooks (BillingWebhooksService)
 * write the state into the plans module's subscription. An action also records the subscription
 * Stripe answers with, so the screen is current before the webhook arrives (the webhook then
 * finds the same values and changes nothing).
 */
@Injectable()
export class BillingService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly stripe: StripeGateway,
    private readonly access: BillingAccess,
    private readonly repository: BillingRepository,
    private readonly subscriptions: SubscriptionsService,
    private readonly sync: SubscriptionSync,
    private readonly plans: BillingPlans,
    private readonly events: DomainEventsService,
    private readonly users: UsersService,
  ) {}

  get enabled(): boolean {
    return this.stripe.enabled;
  }

  async overview(caller: Caller, workspaceId?: string): Promise<BillingOverview> {
    if (!this.stripe.enabled)
      return { enabled: false, workspaceId: workspaceId ?? null, canManage: false, subscription: null };
    const scope = await this.access.scope(caller, workspaceId, 'view');
    return this.overviewOf(scope);
  }

  private async overviewOf(scope: BillingScope): Promise<BillingOverview> {
    const state = await this.subscriptions.current(scope.workspaceId);
    const base = { enabled: true, workspaceId: scope.workspaceId, canManage: scope.role === 'owner' };
    if (!state.stripeSubscriptionId || !BILLED.has(state.status)) return { ...base, subscription: null };
    // Price, currency and the plan of an ended subscription are Stripe's; the state is what the webhooks recorded.
    const live = snapshotOf(await this.stripe.subscription(state.stripeSubscriptionId));
    const account = await this.repository.account(scope.workspaceId);
    const due =
      state.status === 'payment_pending' && account?.openInvoiceId
        ? await this.openAmount(account.openInvoiceId)
        : null;
    const lapsed = state.status === 'canceled' || state.status === 'expired';
    const planName = lapsed && live ? ((await this.plans.planOf(live))?.name ?? state.plan.name) : state.plan.name;
    return {
      ...base,
      subscription: {
        state: state.status as BillingState,
        planName,
        cycle: lapsed && live ? live.cycle : state.billingCycle,
        seats: state.seats,
        currency: live?.currency ?? CURRENCY.toLowerCase(),
        price: live?.unitAmount != null ? { amount: live.unitAmount * state.seats, currency: live.currency } : null,
        currentPeriodEnd: isoOf(state.currentPeriodEnd),
        cancelAt: isoOf(state.cancelAt),
        // One state at a time: a pending change only while the subscription runs on (not cancelled, not ended).
        pendingChange:
          state.status === 'active' && state.pendingPlan && state.pendingBillingCycle
            ? {
                planName: state.pendingPlan.name,
                cycle: state.pendingBillingCycle,
                effectiveAt: isoOf(state.pendingChangeAt),
              }
            : null,
        amountDue: due,
        contactUs: !lapsed && this.needsContact(live),
      },
    };
  }

  private async openAmount(invoiceId: string) {
    const invoice = await this.stripe.invoice(invoiceId);
    return invoice.status === 'open' ? { amount: invoice.amount_remaining, currency: invoice.currency } : null;
  }

  /** Old-plan currency or a change already pending: not automatic (app.md §8), "contact us". */
  private needsContact(live: SubscriptionSnapshot | null): boolean {
    return !!live && (live.currency.toUpperCase() !== CURRENCY || live.pendingChange !== null);
  }

  /** The workspace's Stripe customer id, made on first use with the owner's e-mail. */
  async customerOf(scope: BillingScope, caller: Caller): Promise<string> {
    const state = await this.subscriptions.current(scope.workspaceId);
    if (state.stripeCustomerId) return state.stripeCustomerId;
    const customer = await this.stripe.createCustomer({
      email: await this.users.emailOf(caller.userId),
      workspaceId: scope.workspaceId,
    });
    await this.subscriptions.applyChange(scope.workspaceId, { stripeCustomerId: customer.id }, { reason: 'stripe' });
    return customer.id;
  }

  /** A Stripe Checkout page for a new subscription (also from a trial); the webhook makes it active. */
  async checkout(
    caller: Caller,
    input: { workspaceId?: string; planName: string; cycle: BillingCycle },
  ): Promise<{ url: string }> {
    const scope = await this.access.scope(caller, input.workspaceId, 'manage');
    const state = await this.subscriptions.current(scope.workspaceId);
    if (runningAtStripe(state)) throw new AppError(ErrorCode.BILLING_ALREADY_SUBSCRIBED);
    return this.startCheckout(scope, caller, input.planName, input.cycle);
  }

  /** Expired or ended: a new subscription to the same plan and cycle, through Checkout again. */
  async resume(caller: Caller, workspaceId?: string): Promise<{ url: string }> {
    const scope = await this.access.scope(caller, workspaceId, 'manage');
    const state = await this.subscriptions.current(scope.workspaceId);
    if (!state.stripeSubscriptionId || isRunning(state.status)) throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    const live = snapshotOf(await this.stripe.subscription(state.stripeSubscriptionId));
    const plan = live ? await this.plans.planOf(live) : null;
    if (!live || !plan) throw new AppError(ErrorCode.BILLING_PLAN_UNKNOWN);
    return this.startCheckout(scope, caller, plan.name, live.cycle);
  }

  private async startCheckout(scope: BillingScope, caller: Caller, planName: string, cycle: BillingCycle) {
    const { price } = await this.plans.price(planName, cycle);
    const state = await this.subscriptions.current(scope.workspaceId);
    const customer = await this.customerOf(scope, caller);
    const metadata = { workspace_id: scope.workspaceId };
    const trialEnd = trialKeptAtCheckout(state.status, state.trialEndsAt);
    const session = await this.stripe.createCheckout({
      mode: 'subscription',
      customer,
      client_reference_id: scope.workspaceId,
      // The seats taken during the trial are the seats bought.
      line_items: [{ price: price.id, quantity: Math.max(1, state.seats) }],
      metadata,
      subscription_data: { metadata, ...(trialEnd ? { trial_end: Math.floor(trialEnd.getTime() / 1000) } : {}) },
      success_url: `${this.config.APP_URL}/settings/billing/checkout/complete?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${this.config.APP_URL}/settings/billing/checkout/${encodeURIComponent(planName)}/${cycle}`,
    });
    if (!session.url) throw new AppError(ErrorCode.BILLING_PROVIDER_UNAVAILABLE);
    return { url: session.url };
  }

  /** The Stripe customer portal, where the owner replaces the card (also while a payment is pending). */
  async portal(caller: Caller, workspaceId?: string): Promise<{ url: string }> {
    const scope = await this.access.scope(caller, workspaceId, 'manage');
    const customer = await this.customerOf(scope, caller);
    const session = await this.stripe.portal(customer, `${this.config.APP_URL}/settings/billing`);
    return { url: session.url };
  }

  private async subscribed(caller: Caller, workspaceId: string | undefined) {
    const scope = await this.access.scope(caller, workspaceId, 'manage');
    const state = await this.subscriptions.current(scope.workspaceId);
    if (!runningAtStripe(state)) throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    return { scope, state, subscriptionId: state.stripeSubscriptionId };
  }

  /** Records what Stripe answered (the webhook's path, without moving the event clock). */
  private async record(workspaceId: string, subscription: Stripe.Subscription): Promise<void> {
    const snapshot = snapshotOf(subscription);
    if (snapshot) await this.events.transaction((tx, emit) => this.sync.apply(workspaceId, snapshot, { tx, emit }));
  }

  async cancel(caller: Caller, input: { workspaceId?: string; immediately: boolean }): Promise<BillingOverview> {
    const { scope, subscriptionId } = await this.subscribed(caller, input.workspaceId);
    // A cancellation replaces a pending plan or cycle change: the subscription ends, it does not change first.
    await this.dropPendingChange(subscriptionId);
    const subscription = input.immediately
      ? await this.stripe.cancelSubscriptionNow(subscriptionId)
      : await this.stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    await this.record(scope.workspaceId, subscription);
    return this.overviewOf(scope);
  }

  async undoCancel(caller: Caller, workspaceId?: string): Promise<BillingOverview> {
    const { scope, state, subscriptionId } = await this.subscribed(caller, workspaceId);
    if (state.status !== 'cancel_scheduled') throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    await this.record(
      scope.workspaceId,
      await this.stripe.updateSubscription(subscriptionId, { cancel_at_period_end: false }),
    );
    return this.overviewOf(scope);
  }

  async retryPayment(caller: Caller, workspaceId?: string): Promise<BillingOverview> {
    const { scope, state, subscriptionId } = await this.subscribed(caller, workspaceId);
    const account = await this.repository.account(scope.workspaceId);
    if (state.status !== 'payment_pending' || !account?.openInvoiceId)
      throw new AppError(ErrorCode.BILLING_NOTHING_TO_PAY);
    await this.stripe.payInvoice(account.openInvoiceId);
    await this.repository.updateAccount(scope.workspaceId, { openInvoiceId: null });
    await this.record(scope.workspaceId, await this.stripe.subscription(subscriptionId));
    return this.overviewOf(scope);
  }

  /**
   * A higher price per month on the same cycle is an upgrade, made at once and prorated. A lower
   * one, or another billing cycle, waits for the renewal (a Stripe subscription schedule) and is
   * shown as the pending plan or billing-cycle change until then.
   */
  async changePlan(
    caller: Caller,
    input: { workspaceId?: string; planName: string; cycle: BillingCycle },
  ): Promise<BillingOverview> {
    const { scope, state, subscriptionId } = await this.subscribed(caller, input.workspaceId);
    if (state.status === 'payment_pending') throw new AppError(ErrorCode.BILLING_PAYMENT_PENDING);
    if (state.status !== 'active') throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    const live = await this.stripe.subscription(subscriptionId);
    const snapshot = snapshotOf(live);
    if (!snapshot || this.needsContact(snapshot)) throw new AppError(ErrorCode.BILLING_CONTACT_US);
    const current = await this.plans.planOf(snapshot);
    if (current?.name === input.planName && snapshot.cycle === input.cycle) return this.overviewOf(scope);
    const { price } = await this.plans.price(input.planName, input.cycle);
    const item = live.items.data[0];
    const quantity = item.quantity ?? 1;
    if (input.cycle === snapshot.cycle && perMonth(price) > perMonth(item.price)) {
      await this.record(
        scope.workspaceId,
        await this.stripe.updateSubscription(subscriptionId, {
          items: [{ id: item.id, price: price.id, quantity }],
          proration_behavior: 'always_invoice',
        }),
      );
      return this.overviewOf(scope);
    }
    // At the renewal: a subscription schedule whose second phase has the new price (and clears the
    // pending marks); the marks on the subscription say what is pending until then.
    const schedule = await this.stripe.scheduleFromSubscription(subscriptionId);
    const now = schedule.phases[0];
    await this.stripe.updateSchedule(schedule.id, {
      end_behavior: 'release',
      phases: [
        { items: [{ price: item.price.id, quantity }], start_date: now.start_date, end_date: now.end_date },
        {
          items: [{ price: price.id, quantity }],
          duration: { interval: price.recurring?.interval === 'year' ? 'year' : 'month', interval_count: 1 },
          proration_behavior: 'none',
          metadata: { pending_plan: '', pending_cycle: '' },
        },
      ],
    });
    await this.record(
      scope.workspaceId,
      await this.stripe.updateSubscription(subscriptionId, {
        metadata: { pending_plan: input.planName, pending_cycle: input.cycle },
      }),
    );
    return this.overviewOf(scope);
  }

  /** Keeps the current plan: the schedule is released and the pending marks cleared. */
  async cancelPendingChange(caller: Caller, workspaceId?: string): Promise<BillingOverview> {
    const { scope, subscriptionId } = await this.subscribed(caller, workspaceId);
    await this.dropPendingChange(subscriptionId);
    await this.record(scope.workspaceId, await this.stripe.subscription(subscriptionId));
    return this.overviewOf(scope);
  }

  private async dropPendingChange(subscriptionId: string): Promise<void> {
    const live = await this.stripe.subscription(subscriptionId);
    const schedule = typeof live.schedule === 'string' ? live.schedule : live.schedule?.id;
    if (schedule) await this.stripe.releaseSchedule(schedule);
    if (schedule || live.metadata?.pending_plan || live.metadata?.pending_cycle)
      await this.stripe.updateSubscription(subscriptionId, { metadata: { pending_plan: '', pending_cycle: '' } });
  }

  /**
   * What changing a Stripe subscription to `seats` costs, from Stripe's preview of the next invoice:
   * one seat's price, the new price per cycle and the prorated amount for the rest of the period.
   */
  async previewSeats(
    workspaceId: string,
    seats: number,
  ): Promise<{ current: number; cycle: BillingCycle; unit: number; currency: string; prorated: number }> {
    const state = await this.subscriptions.current(workspaceId);
    if (!runningAtStripe(state)) throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    const live = await this.stripe.subscription(state.stripeSubscriptionId);
    const item = live.items.data[0];
    const current = item.quantity ?? 1;
    const preview =
      current === seats
        ? null
        : await this.stripe.previewInvoice({
            customer: typeof live.customer === 'string' ? live.customer : live.customer.id,
            subscription: live.id,
            subscription_details: {
              items: [{ id: item.id, quantity: seats }],
              proration_behavior: 'create_prorations',
            },
          });
    const prorated = (preview?.lines.data ?? [])
      .filter(
        (line) => line.parent?.subscription_item_details?.proration || line.parent?.invoice_item_details?.proration,
      )
      .reduce((sum, line) => sum + line.amount, 0);
    return {
      current,
      cycle: item.price.recurring?.interval === 'year' ? 'yearly' : 'monthly',
      unit: item.price.unit_amount ?? 0,
      currency: live.currency,
      prorated,
    };
  }

  /** One seat of a plan per cycle, from Stripe's price (a trial's seats are billed at this price once it ends). */
  async seatPrice(planName: string, cycle: BillingCycle): Promise<{ amount: number; currency: string }> {
    const { price } = await this.plans.price(planName, cycle);
    return { amount: price.unit_amount ?? 0, currency: price.currency };
  }

  /**
   * Seats of a team subscription (for the teams module): the Stripe subscription item's quantity,
   * prorated by Stripe on the next invoice. Refused while a payment is pending (app.md §4) with
   * BILLING_PAYMENT_PENDING; BILLING_NO_SUBSCRIPTION without a paid subscription; PLAN_BILLING_DISABLED
   * when billing is off. The caller checks that the caller is the owner.
   */
  async changeSeats(workspaceId: string, seats: number): Promise<{ seats: number }> {
    if (!this.stripe.enabled) throw new AppError(ErrorCode.PLAN_BILLING_DISABLED);
    if (!Number.isInteger(seats) || seats < 1)
      throw AppError.validation({ fields: [{ field: 'seats', message: 'At least one seat' }] });
    const state: SubscriptionState = await this.subscriptions.current(workspaceId);
    if (!runningAtStripe(state)) throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    if (state.status === 'payment_pending') throw new AppError(ErrorCode.BILLING_PAYMENT_PENDING);
    // Compared with Stripe's quantity, not ours: a reduction is recorded here first (under the team's lock).
    const live = await this.stripe.subscription(state.stripeSubscriptionId);
    if (live.items.data[0]?.quantity === seats) return { seats };
    const updated = await this.stripe.updateSubscription(live.id, {
      items: [{ id: live.items.data[0].id, quantity: seats }],
      proration_behavior: 'create_prorations',
    });
    await this.record(workspaceId, updated);
    return { seats: updated.items.data[0]?.quantity ?? seats };
  }
}
