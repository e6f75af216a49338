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
        {s.pendingPlan ? (
          <p className="plan-current__meta">
            Changes to {s.pendingPlan.displayName} on {formatDate(s.pendingChangeAt)}.
          </p>
        ) : null}
        {s.pendingBillingCycle ? (
          <p className="plan-current__meta">
            Billing changes to {s.pendingBillingCycle} on {formatDate(s.pendingChangeAt)}.
          </p>
        ) : null}
      </div>
      {actions ? <div>{actions}</div> : null}
    </section>
  );
}
