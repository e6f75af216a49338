import { PlanType, type SubscriptionStatus } from '@loopwright/contracts';

interface StatusRule {
  /** The plan's limits and features are in force; otherwise the workspace is held to Public's. */
  planApplies: boolean;
  /**
   * A subscription is running: the owner has to end it before starting a trial, joining another
   * owner's team or deleting the account, and billing refuses a second Checkout.
   */
  running: boolean;
}

/**
 * What each subscription state entitles (app.md §4), decided here and nowhere else. A trial gives
 * the plan but commits to nothing: there is no card, the trial job ends it, and Checkout from a
 * trial is how the plan is kept — so a trialing account may buy, join a team or leave.
 * A pending payment keeps the plan as a grace period; expired and canceled fall back to Public.
 */
const rules: Record<SubscriptionStatus, StatusRule> = {
  trialing: { planApplies: true, running: false },
  active: { planApplies: true, running: true },
  payment_pending: { planApplies: true, running: true },
  cancel_scheduled: { planApplies: true, running: true },
  expired: { planApplies: false, running: false },
  canceled: { planApplies: false, running: false },
};

/** Do the plan's limits apply in this state (else Public's)? */
export function planApplies(status: SubscriptionStatus): boolean {
  return rules[status].planApplies;
}

/** Is a subscription running in this state (see StatusRule.running)? */
export function isRunning(status: SubscriptionStatus): boolean {
  return rules[status].running;
}

/** A running subscription to a plan other than Public (free plans such as Academia count: they are granted). */
export function holdsPlan(state: { status: SubscriptionStatus; plan: { type: number } }): boolean {
  return isRunning(state.status) && state.plan.type !== PlanType.COMMUNITY;
}
