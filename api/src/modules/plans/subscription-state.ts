import type { BillingCycle, PlanView, SubscriptionStatus } from '@loopwright/contracts';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Emit } from '../events/domain-events.service.js';

/** A workspace's subscription as other modules see it (Dates, plan views, Stripe ids). */
export interface SubscriptionState {
  workspaceId: string;
  /** The workspace owner: the one who may change the plan. */
  ownerId: string;
  workspaceKind: 'personal' | 'team';
  /** The plan on record (what the user chose or trials). */
  plan: PlanView;
  /**
   * The plan whose limits apply now: `plan`, except Public when the state is expired or canceled,
   * and the admin's plan on a self-hosted instance (billing off).
   */
  effectivePlan: PlanView;
  status: SubscriptionStatus;
  billingCycle: BillingCycle;
  seats: number;
  trialEndsAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
  canceledAt: Date | null;
  pendingPlan: PlanView | null;
  pendingBillingCycle: BillingCycle | null;
  pendingChangeAt: Date | null;
  downgradedAt: Date | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  stripePriceId: string | null;
  /** Creation time of the last Stripe event applied. */
  stripeEventAt: Date | null;
  billingEnabled: boolean;
}

/**
 * A change to a workspace's subscription. Only the fields given change; null clears a nullable field.
 * Plans are named by their numeric type (PlanType, or 30 for Academia).
 */
export interface SubscriptionChange {
  planType?: number;
  status?: SubscriptionStatus;
  billingCycle?: BillingCycle;
  seats?: number;
  trialEndsAt?: Date | null;
  currentPeriodStart?: Date | null;
  currentPeriodEnd?: Date | null;
  cancelAt?: Date | null;
  canceledAt?: Date | null;
  pendingPlanType?: number | null;
  pendingBillingCycle?: BillingCycle | null;
  pendingChangeAt?: Date | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  stripePriceId?: string | null;
}

/** Why a subscription changed; carried by the SubscriptionChanged event (consumers word notices by it). */
export type SubscriptionChangeReason =
  | 'trial_started'
  | 'trial_expired'
  | 'academia_approved'
  | 'academia_reverted'
  | 'canceled'
  | 'stripe'
  | 'admin'
  | 'pending_change_applied'
  | (string & {});

export interface ApplyOptions {
  reason: SubscriptionChangeReason;
  /**
   * The Stripe event's creation time: when the row already applied a newer event the change is
   * ignored (out-of-order webhooks change nothing), and it is stored otherwise.
   */
  stripeEventAt?: Date;
  /** Run inside the caller's DomainEventsService.transaction: pass both its tx and emit. */
  tx?: TransactionClient;
  emit?: Emit;
}

export interface ApplyResult {
  /** False when nothing changed (same values, or an older Stripe event). */
  applied: boolean;
  state: SubscriptionState;
}
