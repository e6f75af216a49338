import type { BillingCycle, BillingState } from '@loopwright/contracts';
import type Stripe from 'stripe';

/** What billing knows of a Stripe subscription, in our words. */
export interface SubscriptionSnapshot {
  stripeSubscriptionId: string;
  stripeCustomerId: string;
  state: BillingState;
  /** From the price's lookup key (`studio_monthly`); null for a price set by id in the plan catalogue. */
  planName: string | null;
  cycle: BillingCycle;
  seats: number;
  priceId: string;
  currentPeriodStart: Date | null;
  currency: string;
  /** Price of one seat per cycle, in cents. */
  unitAmount: number | null;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
  /** A downgrade or cycle change waiting for the renewal (kept in the subscription's metadata). */
  pendingChange: { planName: string; cycle: BillingCycle } | null;
  itemId: string;
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** `studio_monthly` → studio / monthly; null for a price that is not one of our plans. */
export function parseLookupKey(key: string | null | undefined): { planName: string; cycle: BillingCycle } | null {
  const match = key?.match(/^([a-z0-9-]+)_(monthly|yearly)$/);
  return match ? { planName: match[1], cycle: match[2] as BillingCycle } : null;
}

/** Stripe's status and flags → the spec's subscription states (app.md §4). */
export function billingState(
  subscription: Pick<Stripe.Subscription, 'status' | 'cancel_at_period_end' | 'cancel_at'>,
): BillingState {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return subscription.cancel_at_period_end || subscription.cancel_at ? 'cancel_scheduled' : 'active';
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return 'payment_pending';
    case 'canceled':
      return 'canceled';
    default:
      return 'expired';
  }
}

export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot | null {
  const item = subscription.items.data[0];
  if (!item) return null;
  const plan = parseLookupKey(item.price.lookup_key);
  const pending = parseLookupKey(
    subscription.metadata?.pending_plan && subscription.metadata?.pending_cycle
      ? `${subscription.metadata.pending_plan}_${subscription.metadata.pending_cycle}`
      : null,
  );
  return {
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    state: billingState(subscription),
    planName: plan?.planName ?? null,
    cycle: plan?.cycle ?? (item.price.recurring?.interval === 'year' ? 'yearly' : 'monthly'),
    seats: item.quantity ?? 1,
    priceId: item.price.id,
    currentPeriodStart: fromUnix(item.current_period_start),
    currency: subscription.currency,
    unitAmount: item.price.unit_amount ?? null,
    currentPeriodEnd: fromUnix(item.current_period_end),
    cancelAt:
      fromUnix(subscription.cancel_at) ??
      (subscription.cancel_at_period_end ? fromUnix(item.current_period_end) : null),
    pendingChange: pending,
    itemId: item.id,
  };
}

/** Invoice status for billing history: the spec's paid, void, invalid; open is due; drafts are not shown. */
export function invoiceStatus(status: Stripe.Invoice['status']): 'paid' | 'void' | 'invalid' | 'open' | null {
  if (status === 'paid') return 'paid';
  if (status === 'void') return 'void';
  if (status === 'open') return 'open';
  if (status === 'uncollectible') return 'invalid';
  return null;
}

/** VIES result as Stripe reports it on a tax ID. */
export function taxIdStatus(status: string | undefined): 'pending' | 'valid' | 'invalid' | 'unverifiable' {
  if (status === 'verified') return 'valid';
  if (status === 'unverified') return 'invalid';
  if (status === 'unavailable') return 'unverifiable';
  return 'pending';
}

/** The subscription an invoice belongs to (API 2025+: under parent.subscription_details). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return typeof subscription === 'string' ? subscription : (subscription?.id ?? null);
}
