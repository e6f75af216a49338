import { Inject, Injectable } from '@nestjs/common';
import { CURRENCY, ErrorCode, planCatalog, type BillingCycle, type BillingOverview } from '@loopwright/contracts';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { APP_CONFIG } from '../../core/tokens.js';
import { UsersService } from '../users/users.service.js';
import { BillingAccess, type BillingScope } from './billing-access.js';
import { BillingRepository, type BillingAccountRecord } from './billing.repository.js';
import { snapshotOf, type SubscriptionSnapshot } from './stripe-mapping.js';
import { StripeGateway } from './stripe-gateway.js';
import { SubscriptionStore } from './subscription-store.js';

const perMonth = (price: Stripe.Price) => (price.unit_amount ?? 0) / (price.recurring?.interval === 'year' ? 12 : 1);

/**
 * Stripe subscriptions of workspaces: Checkout, cancel / undo, resume, retry payment, plan and
 * billing-cycle changes, seats. Stripe is the source of truth; its webhooks (BillingWebhooksService)
 * write the state into the plans module. An action also records the subscription Stripe answers
 * with, so the screen is current before the webhook arrives (the same snapshot again changes nothing).
 */
@Injectable()
export class BillingService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly stripe: StripeGateway,
    private readonly access: BillingAccess,
    private readonly repository: BillingRepository,
    private readonly store: SubscriptionStore,
    private readonly users: UsersService,
  ) {}

  get enabled(): boolean {
    return this.stripe.enabled;
  }

  async overview(caller: Caller, workspaceId?: string): Promise<BillingOverview> {
    if (!this.stripe.enabled) {
      const id = workspaceId ?? '00000000-0000-0000-0000-000000000000';
      return { enabled: false, workspaceId: id, canManage: false, subscription: null };
    }
    const scope = await this.access.scope(caller, workspaceId, 'view');
    return this.overviewOf(scope);
  }

  private async overviewOf(scope: BillingScope): Promise<BillingOverview> {
    const [stored, account] = await Promise.all([this.store.current(scope.workspaceId), this.repository.byWorkspace(scope.workspaceId)]);
    const base = { enabled: true, workspaceId: scope.workspaceId, canManage: scope.role === 'owner' };
    if (!stored || !account?.stripeSubscriptionId) return { ...base, subscription: null };
    // Price, currency and a pending change are Stripe's; the state is what the webhooks recorded.
    const live = snapshotOf(await this.stripe.subscription(account.stripeSubscriptionId));
    const due = stored.state === 'payment_pending' && account.openInvoiceId ? await this.openAmount(account.openInvoiceId) : null;
    return {
      ...base,
      subscription: {
        state: stored.state,
        planName: stored.planName,
        cycle: stored.cycle,
        seats: stored.seats,
        currency: live?.currency ?? CURRENCY.toLowerCase(),
        price: live?.unitAmount != null ? { amount: live.unitAmount * stored.seats, currency: live.currency } : null,
        currentPeriodEnd: stored.currentPeriodEnd?.toISOString() ?? null,
        cancelAt: stored.cancelAt?.toISOString() ?? null,
        pendingChange: live?.pendingChange ? { ...live.pendingChange, effectiveAt: stored.currentPeriodEnd?.toISOString() ?? null } : null,
        amountDue: due,
        contactUs: this.needsContact(live),
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

  /** The workspace's Stripe customer, made on first use with the owner's e-mail. */
  async customerOf(scope: BillingScope, caller: Caller): Promise<BillingAccountRecord> {
    const existing = await this.repository.byWorkspace(scope.workspaceId);
    if (existing) return existing;
    const customer = await this.stripe.createCustomer({ email: await this.users.emailOf(caller.userId), workspaceId: scope.workspaceId });
    return this.repository.createAccount(scope.workspaceId, customer.id);
  }

  private async priceFor(planName: string, cycle: BillingCycle): Promise<Stripe.Price> {
    const plan = planCatalog.find((p) => p.name === planName && p.active && p.price[cycle] > 0);
    const price = plan ? await this.stripe.price(planName, cycle) : null;
    if (!price) throw new AppError(ErrorCode.BILLING_PLAN_UNKNOWN);
    return price;
  }

  /** A Stripe Checkout page for a new subscription; the webhook makes it active. */
  async checkout(caller: Caller, input: { workspaceId?: string; planName: string; cycle: BillingCycle }): Promise<{ url: string }> {
    const scope = await this.access.scope(caller, input.workspaceId, 'manage');
    const current = await this.store.current(scope.workspaceId);
    if (current && current.state !== 'expired') throw new AppError(ErrorCode.BILLING_ALREADY_SUBSCRIBED);
    return this.startCheckout(scope, caller, input.planName, input.cycle);
  }

  /** Expired: a new subscription to the same plan and cycle, through Checkout again. */
  async resume(caller: Caller, workspaceId?: string): Promise<{ url: string }> {
    const scope = await this.access.scope(caller, workspaceId, 'manage');
    const current = await this.store.current(scope.workspaceId);
    if (!current || current.state !== 'expired') throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    return this.startCheckout(scope, caller, current.planName, current.cycle);
  }

  private async startCheckout(scope: BillingScope, caller: Caller, planName: string, cycle: BillingCycle) {
    const price = await this.priceFor(planName, cycle);
    const account = await this.customerOf(scope, caller);
    const metadata = { workspace_id: scope.workspaceId };
    const session = await this.stripe.createCheckout({
      mode: 'subscription',
      customer: account.stripeCustomerId,
      client_reference_id: scope.workspaceId,
      line_items: [{ price: price.id, quantity: 1 }],
      metadata,
      subscription_data: { metadata },
      success_url: `${this.config.APP_URL}/settings/billing/checkout/complete?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${this.config.APP_URL}/settings/billing/checkout/${encodeURIComponent(planName)}/${cycle}`,
    });
    if (!session.url) throw new AppError(ErrorCode.BILLING_PROVIDER_UNAVAILABLE);
    return { url: session.url };
  }

  /** The Stripe customer portal, where the owner replaces the card. */
  async portal(caller: Caller, workspaceId?: string): Promise<{ url: string }> {
    const scope = await this.access.scope(caller, workspaceId, 'manage');
    const account = await this.customerOf(scope, caller);
    const session = await this.stripe.portal(account.stripeCustomerId, `${this.config.APP_URL}/settings/billing`);
    return { url: session.url };
  }

  private async subscribed(caller: Caller, workspaceId: string | undefined) {
    const scope = await this.access.scope(caller, workspaceId, 'manage');
    const [current, account] = await Promise.all([this.store.current(scope.workspaceId), this.repository.byWorkspace(scope.workspaceId)]);
    if (!current || !account?.stripeSubscriptionId) throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    return { scope, current, account, subscriptionId: account.stripeSubscriptionId };
  }

  /** Records what Stripe answered (the same path a webhook takes, without moving the event clock). */
  private async record(scope: BillingScope, subscription: Stripe.Subscription): Promise<BillingOverview> {
    const snapshot = snapshotOf(subscription);
    if (snapshot) await this.repository.transaction((tx) => this.store.applyStripe(scope.workspaceId, snapshot, tx));
    return this.overviewOf(scope);
  }

  async cancel(caller: Caller, input: { workspaceId?: string; immediately: boolean }): Promise<BillingOverview> {
    const { scope, current, subscriptionId } = await this.subscribed(caller, input.workspaceId);
    if (current.state === 'expired') throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    const subscription = input.immediately ? await this.stripe.cancelSubscriptionNow(subscriptionId) : await this.stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true });
    return this.record(scope, subscription);
  }

  async undoCancel(caller: Caller, workspaceId?: string): Promise<BillingOverview> {
    const { scope, current, subscriptionId } = await this.subscribed(caller, workspaceId);
    if (current.state !== 'cancellation_scheduled') throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    return this.record(scope, await this.stripe.updateSubscription(subscriptionId, { cancel_at_period_end: false }));
  }

  async retryPayment(caller: Caller, workspaceId?: string): Promise<BillingOverview> {
    const { scope, current, account, subscriptionId } = await this.subscribed(caller, workspaceId);
    if (current.state !== 'payment_pending' || !account.openInvoiceId) throw new AppError(ErrorCode.BILLING_NOTHING_TO_PAY);
    await this.stripe.payInvoice(account.openInvoiceId);
    await this.repository.update(account.id, { openInvoiceId: null });
    return this.record(scope, await this.stripe.subscription(subscriptionId));
  }

  /**
   * A higher price per month on the same cycle is an upgrade, made at once and prorated. A lower
   * one, or another billing cycle, waits for the renewal: it is kept on the Stripe subscription and
   * applied when Stripe announces the next invoice (invoice.upcoming).
   */
  async changePlan(caller: Caller, input: { workspaceId?: string; planName: string; cycle: BillingCycle }): Promise<BillingOverview> {
    const { scope, current, subscriptionId } = await this.subscribed(caller, input.workspaceId);
    if (current.state === 'payment_pending') throw new AppError(ErrorCode.BILLING_PAYMENT_PENDING);
    if (current.state !== 'active') throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    const live = await this.stripe.subscription(subscriptionId);
    const snapshot = snapshotOf(live);
    if (!snapshot || this.needsContact(snapshot)) throw new AppError(ErrorCode.BILLING_CONTACT_US);
    if (snapshot.planName === input.planName && snapshot.cycle === input.cycle) return this.overviewOf(scope);
    const price = await this.priceFor(input.planName, input.cycle);
    const item = live.items.data[0];
    if (input.cycle === snapshot.cycle && perMonth(price) > perMonth(item.price)) {
      const updated = await this.stripe.updateSubscription(subscriptionId, { items: [{ id: item.id, price: price.id, quantity: item.quantity ?? 1 }], proration_behavior: 'always_invoice' });
      return this.record(scope, updated);
    }
    const updated = await this.stripe.updateSubscription(subscriptionId, { metadata: { pending_plan: input.planName, pending_cycle: input.cycle } });
    return this.record(scope, updated);
  }

  async cancelPendingChange(caller: Caller, workspaceId?: string): Promise<BillingOverview> {
    const { scope, subscriptionId } = await this.subscribed(caller, workspaceId);
    return this.record(scope, await this.stripe.updateSubscription(subscriptionId, { metadata: { pending_plan: '', pending_cycle: '' } }));
  }

  /**
   * Seats of a team subscription (for the teams module): the subscription item's quantity, prorated
   * by Stripe on the next invoice. Refused while a payment is pending (app.md §4).
   */
  async changeSeats(workspaceId: string, seats: number): Promise<{ seats: number }> {
    if (!this.stripe.enabled) throw new AppError(ErrorCode.BILLING_DISABLED);
    if (!Number.isInteger(seats) || seats < 1) throw AppError.validation({ fields: [{ field: 'seats', message: 'At least one seat' }] });
    const [current, account] = await Promise.all([this.store.current(workspaceId), this.repository.byWorkspace(workspaceId)]);
    if (!current || !account?.stripeSubscriptionId || current.state === 'expired') throw new AppError(ErrorCode.BILLING_NO_SUBSCRIPTION);
    if (current.state === 'payment_pending') throw new AppError(ErrorCode.BILLING_PAYMENT_PENDING);
    if (current.seats === seats) return { seats };
    const live = await this.stripe.subscription(account.stripeSubscriptionId);
    const updated = await this.stripe.updateSubscription(live.id, { items: [{ id: live.items.data[0].id, quantity: seats }], proration_behavior: 'create_prorations' });
    const snapshot = snapshotOf(updated);
    if (snapshot) await this.repository.transaction((tx) => this.store.applyStripe(workspaceId, snapshot, tx));
    return { seats: snapshot?.seats ?? seats };
  }
}
