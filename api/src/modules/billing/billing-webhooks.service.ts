import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { LOGGER } from '../../core/tokens.js';
import { BillingRepository } from './billing.repository.js';
import { invoiceSubscriptionId, snapshotOf } from './stripe-mapping.js';
import { StripeGateway } from './stripe-gateway.js';
import { SubscriptionStore } from './subscription-store.js';

type Outcome = 'applied' | 'stale' | 'ignored' | 'unknown_customer';
const customerId = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Stripe webhooks: verified on the raw body, stored once by event id (stripe_events), then applied
 * in one transaction with the customer's billing row locked. A replayed event (same id) changes
 * nothing; an event older than the last one applied to that subscription or invoice state (Stripe's
 * `created`) is kept but changes nothing either, so out-of-order delivery cannot roll a state back.
 */
@Injectable()
export class BillingWebhooksService {
  constructor(
    private readonly stripe: StripeGateway,
    private readonly repository: BillingRepository,
    private readonly store: SubscriptionStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Throws BILLING_WEBHOOK_SIGNATURE (400) before anything is stored when the signature is missing or wrong. */
  async receive(raw: Buffer, signature: string | undefined): Promise<void> {
    const event = this.stripe.constructEvent(raw, signature);
    const fresh = await this.repository.storeEvent({ id: event.id, type: event.type, created: event.created, payload: event });
    if (!fresh) return;
    const outcome = await this.repository.transaction(async (tx) => {
      if (!(await this.repository.claimEvent(event.id, tx))) return null;
      const result = await this.apply(event, tx);
      await this.repository.markProcessed(event.id, result, tx);
      return result;
    });
    if (outcome) this.logger.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
  }

  private apply(event: Stripe.Event, tx: TransactionClient): Promise<Outcome> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        return this.subscriptionChanged(event.data.object, at, tx);
      case 'checkout.session.completed':
        return this.checkoutCompleted(event.data.object, tx);
      case 'invoice.payment_failed':
      case 'invoice.paid':
        return this.invoiceChanged(event.data.object, event.type === 'invoice.paid', at, tx);
      case 'customer.tax_id.created':
      case 'customer.tax_id.updated':
        return this.taxIdChanged(event.data.object, at, tx);
      default:
        return Promise.resolve('ignored');
    }
  }

  private async subscriptionChanged(subscription: Stripe.Subscription, at: Date, tx: TransactionClient): Promise<Outcome> {
    const account = await this.repository.lockByCustomer(customerId(subscription.customer)!, tx);
    if (!account) return 'unknown_customer';
    if (account.subscriptionEventAt && at < account.subscriptionEventAt) return 'stale';
    // An event about an earlier subscription of this workspace (one that expired before a resume).
    if (account.stripeSubscriptionId && account.stripeSubscriptionId !== subscription.id && subscription.status === 'canceled') return 'stale';
    const snapshot = snapshotOf(subscription);
    if (!snapshot) return 'ignored';
    await this.repository.update(account.id, { stripeSubscriptionId: subscription.id, subscriptionEventAt: at }, tx);
    await this.store.applyStripe(account.workspaceId, snapshot, tx);
    return 'applied';
  }

  /** Links the subscription to the workspace; its state comes with the subscription events. */
  private async checkoutCompleted(session: Stripe.Checkout.Session, tx: TransactionClient): Promise<Outcome> {
    const subscriptionId = customerId(session.subscription);
    const account = await this.repository.lockByCustomer(customerId(session.customer)!, tx);
    if (!account) return 'unknown_customer';
    if (!subscriptionId || account.stripeSubscriptionId === subscriptionId) return 'ignored';
    if (account.stripeSubscriptionId) return 'ignored';
    await this.repository.update(account.id, { stripeSubscriptionId: subscriptionId }, tx);
    return 'applied';
  }

  /** Remembers the open invoice of a failed payment ("Retry payment"); a paid invoice clears it. */
  private async invoiceChanged(invoice: Stripe.Invoice, paid: boolean, at: Date, tx: TransactionClient): Promise<Outcome> {
    const account = await this.repository.lockByCustomer(customerId(invoice.customer)!, tx);
    if (!account) return 'unknown_customer';
    if (account.invoiceEventAt && at < account.invoiceEventAt) return 'stale';
    if (!paid && invoiceSubscriptionId(invoice) !== account.stripeSubscriptionId && account.stripeSubscriptionId) return 'ignored';
    const openInvoiceId = paid ? (account.openInvoiceId === invoice.id ? null : account.openInvoiceId) : invoice.status === 'open' ? invoice.id : account.openInvoiceId;
    await this.repository.update(account.id, { openInvoiceId, invoiceEventAt: at }, tx);
    return 'applied';
  }

  /** The date shown next to the VIES result: when Stripe reported it. */
  private async taxIdChanged(taxId: Stripe.TaxId, at: Date, tx: TransactionClient): Promise<Outcome> {
    const account = await this.repository.lockByCustomer(customerId(taxId.customer)!, tx);
    if (!account) return 'unknown_customer';
    if (!taxId.verification || taxId.verification.status === 'pending') return 'ignored';
    if (account.taxIdCheckedAt && at < account.taxIdCheckedAt) return 'stale';
    await this.repository.update(account.id, { taxIdCheckedAt: at }, tx);
    return 'applied';
  }
}
