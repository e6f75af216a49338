import { PlanType, subscriptionStatuses } from '@loopwright/contracts';
import { describe, expect, it } from 'vitest';
import { holdsPlan, isRunning, planApplies } from './subscription-status.js';

describe('what each subscription state entitles', () => {
  it('keeps the plan while trialing, active, pending a payment or scheduled to cancel; Public after', () => {
    expect(subscriptionStatuses.filter(planApplies)).toEqual([
      'trialing',
      'active',
      'payment_pending',
      'cancel_scheduled',
    ]);
  });

  it('counts a trial as no running subscription: it commits to nothing', () => {
    expect(subscriptionStatuses.filter(isRunning)).toEqual(['active', 'payment_pending', 'cancel_scheduled']);
    expect(holdsPlan({ status: 'trialing', plan: { type: PlanType.PROFESSIONAL } })).toBe(false);
  });

  it('holds a plan only when one other than Public is running (a granted free plan counts)', () => {
    expect(holdsPlan({ status: 'active', plan: { type: PlanType.COMMUNITY } })).toBe(false);
    expect(holdsPlan({ status: 'active', plan: { type: 30 } })).toBe(true);
    expect(holdsPlan({ status: 'payment_pending', plan: { type: PlanType.ESSENTIAL } })).toBe(true);
    expect(holdsPlan({ status: 'canceled', plan: { type: PlanType.ESSENTIAL } })).toBe(false);
  });
});
