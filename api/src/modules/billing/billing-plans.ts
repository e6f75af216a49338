import { Injectable } from '@nestjs/common';
import { ErrorCode, type BillingCycle, type PlanView } from '@loopwright/contracts';
import type Stripe from 'stripe';
import { AppError } from '../../core/errors/app-error.js';
import { PlanCatalogueService } from '../plans/plan-catalogue.service.js';
import type { SubscriptionSnapshot } from './stripe-mapping.js';
import { StripeGateway } from './stripe-gateway.js';

/**
 * Plans ↔ Stripe prices. A plan's price is the one the admin set on the plan (stripe_price_monthly /
 * stripe_price_yearly), else the Stripe price with lookup key `<plan name>_<cycle>`.
 */
@Injectable()
export class BillingPlans {
  constructor(
    private readonly catalogue: PlanCatalogueService,
    private readonly stripe: StripeGateway,
  ) {}

  /** A plan that can be bought, with its Stripe price for the cycle. */
  async price(planName: string, cycle: BillingCycle): Promise<{ plan: PlanView; price: Stripe.Price }> {
    const plan = await this.catalogue.byName(planName);
    if (!plan || !plan.active || !(plan.price[cycle] > 0)) throw new AppError(ErrorCode.BILLING_PLAN_UNKNOWN);
    const id = await this.catalogue.stripePrice(plan.type, cycle);
    const price = id ? await this.stripe.priceById(id) : await this.stripe.price(planName, cycle);
    if (!price) throw new AppError(ErrorCode.BILLING_PLAN_UNKNOWN);
    return { plan, price };
  }

  /** The plan a subscription's price belongs to, or null when it is none of ours. */
  async planOf(snapshot: Pick<SubscriptionSnapshot, 'planName' | 'priceId'>): Promise<PlanView | null> {
    if (snapshot.planName) return this.catalogue.byName(snapshot.planName);
    for (const plan of await this.catalogue.list()) {
      for (const cycle of ['monthly', 'yearly'] as const) {
        if ((await this.catalogue.stripePrice(plan.type, cycle)) === snapshot.priceId) return plan;
      }
    }
    return null;
  }

  async byName(name: string): Promise<PlanView | null> {
    return this.catalogue.byName(name);
  }
}
