import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { LOGGER } from '../../core/tokens.js';
import { DomainEventsService, type Emit } from '../events/domain-events.service.js';
import { SubscriptionsService } from '../plans/subscriptions.service.js';
import { BillingRepository } from './billing.repository.js';
import { invoiceSubscriptionId, snapshotOf } from './stripe-mapping.js';
import { StripeGateway } from './stripe-gateway.js';
import { SubscriptionSync } from './subscription-sync.js';

type Outcome = 'applied' | 'unchanged' | 'stale' | 'ignored' | 'unknown_customer';
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Stripe webhooks: verified on the raw body, stored once by event id (stripe_events), then applied
 * in one transaction. A replayed event (same id) changes nothing; an event older than the last one
 * applied (Stripe's `created`: the subscription's stripe_event_at, the billing row's
 * invoice_event_at) is recorded but changes nothing, so out-of-order delivery cannot roll a state back.
 */
@Injectable()
export class BillingWebhooksService {
  constructor(
    private readonly stripe: StripeGateway,
    private readonly repository: BillingRepository,
    private readonly subscriptions: SubscriptionsService,
    private readonly sync: SubscriptionSync,
    private readonly events: DomainEventsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Throws BILLING_WEBHOOK_SIGNATURE (400) before anything is stored when the signature is missing or wrong. */
  async receive(raw: Buffer, signature: string | undefined): Promise<void> {
    const event = this.stripe.constructEvent(raw, signature);
    const fresh = await this.repository.storeEvent({
      id: event.id,
      type: event.type,
      created: event.created,
      payload: event,
    });
    if (!fresh) return;
    const outcome = await this.events.transaction(async (tx, emit) => {
      if (!(await this.repository.claimEvent(event.id, tx))) return null;
      const result = await this.apply(event, tx, emit);
      await this.repository.markProcessed(event.id, result, tx);
      return result;
    });
    if (outcome) this.logger.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
  }

  /**
   * The workspace a Stripe object belongs to: the one whose customer id we stored when it first
   * paid (billing makes the customer before Checkout). Metadata alone never names a workspace: an
   * event for an unknown customer, or whose workspace_id names another workspace, is not applied.
   */
  private async workspaceOf(customer: string | null, metadata?: Record<string, string> | null): Promise<string | null> {
    const found = customer ? await this.subscriptions.findByStripeCustomer(customer) : null;
    if (!found) return null;
    if (metadata?.workspace_id && metadata.workspace_id !== found.workspaceId) return null;
    return found.workspaceId;
  }

  private apply(event: Stripe.Event, tx: TransactionClient, emit: Emit): Promise<Outcome> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        return this.subscriptionChanged(event.data.object, at, tx, emit);
      case 'invoice.payment_failed':
      case 'invoice.paid':
        return this.invoiceChanged(event.data.object, event.type === 'invoice.paid', at, tx);
      case 'customer.tax_id.created':
      case 'customer.tax_id.updated':
        return this.taxIdChanged(event.data.object, at, tx);
      default:
        // checkout.session.completed needs nothing more: the subscription events carry the state.
        return Promise.resolve('ignored');
    }
  }

  private async subscriptionChanged(
    subscription: Stripe.Subscription,
    at: Date,
    tx: TransactionClient,
    emit: Emit,
  ): Promise<Outcome> {
    const workspaceId = await this.workspaceOf(idOf(subscription.customer), subscription.metadata);
    if (!workspaceId) return 'unknown_customer';
    const current = await this.subscriptions.current(workspaceId, tx);
    // The end of an earlier subscription of this workspace (one that ended before a new checkout).
    if (
      current.stripeSubscriptionId &&
      current.stripeSubscriptionId !== subscription.id &&
      subscription.status === 'canceled'
    )
      return 'stale';
    if (current.stripeEventAt && at < current.stripeEventAt) return 'stale';
    const snapshot = snapshotOf(subscription);
    if (!snapshot) return 'ignored';
    return (await this.sync.apply(workspaceId, snapshot, { stripeEventAt: at, tx, emit })) ? 'applied' : 'unchanged';
  }

  /** Remembers the open invoice of a failed payment ("Retry payment"); a paid invoice clears it. */
  private async invoiceChanged(
    invoice: Stripe.Invoice,
    paid: boolean,
    at: Date,
    tx: TransactionClient,
  ): Promise<Outcome> {
    const workspaceId = await this.workspaceOf(idOf(invoice.customer), invoice.parent?.subscription_details?.metadata);
    if (!workspaceId) return 'unknown_customer';
    const account = await this.repository.lockAccount(workspaceId, tx);
    if (account.invoiceEventAt && at < account.invoiceEventAt) return 'stale';
    const current = await this.subscriptions.current(workspaceId, tx);
    if (!paid && current.stripeSubscriptionId && invoiceSubscriptionId(invoice) !== current.stripeSubscriptionId)
      return 'ignored';
    const openInvoiceId = paid
      ? account.openInvoiceId === invoice.id
        ? null
        : account.openInvoiceId
      : invoice.status === 'open'
        ? invoice.id
        : account.openInvoiceId;
    await this.repository.updateAccount(workspaceId, { openInvoiceId, invoiceEventAt: at }, tx);
    return 'applied';
  }

  /** The date shown next to the VIES result: when Stripe reported it. */
  private async taxIdChanged(taxId: Stripe.TaxId, at: Date, tx: TransactionClient): Promise<Outcome> {
    const workspaceId = await this.workspaceOf(idOf(taxId.customer), null);
    if (!workspaceId) return 'unknown_customer';
    if (!taxId.verification || taxId.verification.status === 'pending') return 'ignored';
    const account = await this.repository.lockAccount(workspaceId, tx);
    if (account.taxIdCheckedAt && at < account.taxIdCheckedAt) return 'stale';
    await this.repository.updateAccount(workspaceId, { taxIdCheckedAt: at }, tx);
    return 'applied';
  }
}
