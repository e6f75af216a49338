import type { BillingCycle, BillingState } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import type { SubscriptionSnapshot } from './stripe-mapping.js';

/** A workspace's paid subscription as the plans module holds it (what entitlements follow). */
export interface StoredSubscription {
  state: BillingState;
  planName: string;
  cycle: BillingCycle;
  seats: number;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
}

/**
 * Billing's seam to the plans module: the subscription lives there (one table, read by
 * entitlements); billing writes what Stripe says into it and reads it back for the screens.
 */
export abstract class SubscriptionStore {
  /** The workspace's Stripe-paid subscription, or null when it has none (free, trial, admin-set). */
  abstract current(workspaceId: string): Promise<StoredSubscription | null>;
  /** Records Stripe's view of the subscription (inside the webhook's transaction). */
  abstract applyStripe(workspaceId: string, snapshot: SubscriptionSnapshot, tx: TransactionClient): Promise<void>;
}
