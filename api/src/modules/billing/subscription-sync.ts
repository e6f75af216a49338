import { Injectable } from '@nestjs/common';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Emit } from '../events/domain-events.service.js';
import { SubscriptionsService } from '../plans/subscriptions.service.js';
import { BillingPlans } from './billing-plans.js';
import type { SubscriptionSnapshot } from './stripe-mapping.js';

export interface SyncOptions {
  /** The Stripe event's creation time: an older event than the last one applied changes nothing. */
  stripeEventAt?: Date;
  tx: TransactionClient;
  emit: Emit;
}

/**
 * Writes what Stripe says about a subscription into the plans module's subscription (the one
 * table entitlements read), through SubscriptionsService: a subscription Stripe canceled goes
 * back to Public; anything else sets plan, state, cycle, seats, period, cancellation and pending change.
 */
@Injectable()
export class SubscriptionSync {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly plans: BillingPlans,
  ) {}

  /** Answers false when nothing was applied (an older event, or a price that is none of our plans). */
  async apply(workspaceId: string, snapshot: SubscriptionSnapshot, options: SyncOptions): Promise<boolean> {
    const ids = {
      stripeCustomerId: snapshot.stripeCustomerId,
      stripeSubscriptionId: snapshot.stripeSubscriptionId,
      stripePriceId: snapshot.priceId,
    };
    if (snapshot.state === 'canceled') {
      const result = await this.subscriptions.downgradeToPublic(workspaceId, 'canceled', options);
      return result.applied;
    }
    const plan = await this.plans.planOf(snapshot);
    if (!plan) return false;
    const pending = snapshot.pendingChange ? await this.plans.byName(snapshot.pendingChange.planName) : null;
    const result = await this.subscriptions.applyChange(
      workspaceId,
      {
        ...ids,
        planType: plan.type,
        status: snapshot.state,
        billingCycle: snapshot.cycle,
        seats: snapshot.seats,
        currentPeriodStart: snapshot.currentPeriodStart,
        currentPeriodEnd: snapshot.currentPeriodEnd,
        cancelAt: snapshot.state === 'cancel_scheduled' ? snapshot.cancelAt : null,
        pendingPlanType: pending?.type ?? null,
        pendingBillingCycle: pending ? snapshot.pendingChange!.cycle : null,
        pendingChangeAt: pending ? snapshot.currentPeriodEnd : null,
      },
      { reason: 'stripe', ...options },
    );
    return result.applied;
  }
}
