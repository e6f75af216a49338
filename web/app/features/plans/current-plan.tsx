import type { ReactNode } from 'react';
import { formatDate, statusLabels, type SubscriptionInfo } from './plans-api';

/** The current plan: name, state, and the date that matters (trial end, renewal, cancellation). */
export function CurrentPlan({ subscription, actions }: { subscription: SubscriptionInfo; actions?: ReactNode }) {
  const s = subscription;
  const free = s.plan.price.monthly === 0 && s.plan.price.yearly === 0;
  let when: string | null = null;
  if (!s.billingEnabled)
    when = 'Self-hosted instance: billing is off and every workspace gets the plan the administrator chose.';
  else if (s.status === 'trialing' && s.trialEndsAt)
    when = `Your free trial ends on ${formatDate(s.trialEndsAt)}. After that your workspace goes back to the Public plan unless you choose a paid plan. No card needed until then.`;
  else if (s.status === 'cancel_scheduled' && s.cancelAt) when = `Your plan ends on ${formatDate(s.cancelAt)}.`;
  else if (s.status === 'payment_pending') when = 'Your last payment did not go through. Please retry the payment.';
  else if (s.status === 'expired')
    when = s.canManage
      ? 'Your subscription has expired. Resume it to get your limits back.'
      : 'This subscription has expired. Please contact the owner of the team.';
  else if (s.currentPeriodEnd && !free) when = `Renews on ${formatDate(s.currentPeriodEnd)} (${s.billingCycle}).`;
  else if (free)
    when = 'Free forever. Public profile and diagrams; upgrade for private diagrams, teams and higher limits.';
  const pending = pendingChangeText(s);
  return (
    <section className="acc-panel plan-current" aria-labelledby="current-plan-title">
      <div>
        <h2 id="current-plan-title" className="acc-visually-hidden">
          Current plan
        </h2>
        <p className="plan-current__name">
          {s.plan.displayName}
          <span className={`plan-badge${s.status === 'active' ? '' : ' plan-badge--warning'}`}>
            {statusLabels[s.status]}
          </span>
        </p>
        {when ? <p className="plan-current__meta">{when}</p> : null}
        {pending ? <p className="plan-current__meta">{pending}</p> : null}
      </div>
      {actions ? <div>{actions}</div> : null}
    </section>
  );
}

/**
 * The change waiting for the renewal, said once: only while the plan runs on (a cancellation or an
 * ended plan replaces it), and a billing cycle only when it differs from today's.
 */
export function pendingChangeText(s: SubscriptionInfo): string | null {
  if (s.status !== 'active' || !s.pendingChangeAt) return null;
  const plan = s.pendingPlan && s.pendingPlan.name !== s.plan.name ? s.pendingPlan.displayName : null;
  const cycle = s.pendingBillingCycle && s.pendingBillingCycle !== s.billingCycle ? s.pendingBillingCycle : null;
  const on = formatDate(s.pendingChangeAt);
  if (plan && cycle) return `Changes to ${plan}, billed ${cycle}, on ${on}.`;
  if (plan) return `Changes to ${plan} on ${on}.`;
  if (cycle) return `Billing changes to ${cycle} on ${on}.`;
  return null;
}
