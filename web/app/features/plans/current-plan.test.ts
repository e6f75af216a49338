import { describe, expect, it } from 'vitest';
import { pendingChangeText } from './current-plan';
import type { SubscriptionInfo } from './plans-api';

const plan = (name: string, displayName: string) => ({ type: 1, name, displayName });
const base = {
  plan: plan('studio', 'Professional'),
  status: 'active',
  billingCycle: 'monthly',
  pendingPlan: null,
  pendingBillingCycle: null,
  pendingChangeAt: '2026-12-26T12:00:00.000Z',
} as unknown as SubscriptionInfo;

describe('the pending change, said once', () => {
  it('names the plan, and the cycle only when it differs from today', () => {
    const down = {
      ...base,
      pendingPlan: plan('indie', 'Essential'),
      pendingBillingCycle: 'monthly',
    } as SubscriptionInfo;
    expect(pendingChangeText(down)).toBe('Changes to Essential on Dec 26, 2026.');
    const yearly = { ...down, pendingBillingCycle: 'yearly' } as SubscriptionInfo;
    expect(pendingChangeText(yearly)).toBe('Changes to Essential, billed yearly, on Dec 26, 2026.');
    const cycleOnly = { ...base, pendingPlan: plan('studio', 'Professional'), pendingBillingCycle: 'yearly' };
    expect(pendingChangeText(cycleOnly as SubscriptionInfo)).toBe('Billing changes to yearly on Dec 26, 2026.');
    const same = { ...base, pendingPlan: plan('studio', 'Professional'), pendingBillingCycle: 'monthly' };
    expect(pendingChangeText(same as SubscriptionInfo)).toBeNull();
  });

  it('says nothing of it once the plan is cancelled or ended', () => {
    const down = { ...base, pendingPlan: plan('indie', 'Essential'), pendingBillingCycle: 'monthly' };
    for (const status of ['cancel_scheduled', 'canceled', 'expired'])
      expect(pendingChangeText({ ...down, status } as SubscriptionInfo)).toBeNull();
  });
});
