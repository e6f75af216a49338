import { planLimitKeys, planLimitLabels, planSelectionUrl } from '@loopwright/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatLimit, type PlanInfo, type SubscriptionInfo } from './plans-api';

type Cycle = 'monthly' | 'yearly';
const euros = (n: number) => (n === 0 ? '€0' : `€${n.toLocaleString('en')}`);

/** The plan comparison: every offered plan side by side with its price, limits and features. */
export function PlanComparison({ plans, subscription }: { plans: PlanInfo[]; subscription: SubscriptionInfo | null }) {
  const [cycle, setCycle] = useState<Cycle>(subscription?.billingCycle ?? 'monthly');
  const current = subscription?.plan.type;
  const canTrial = Boolean(subscription?.billingEnabled && !subscription.trialUsed && subscription.canManage);
  const canSubscribe = Boolean(subscription?.billingEnabled && subscription.canManage);
  // Features not already shown as a limit or as the private/teams rows.
  const shown = new Set<string>([
    ...Object.values(planLimitLabels),
    'Version history',
    'Private diagrams',
    'Team members',
  ]);
  const featureLabels = [...new Set(plans.flatMap((p) => p.features.map((f) => f.label)))].filter(
    (label) => !shown.has(label),
  );
  return (
    <div className="acc-stack">
      <div className="plan-cycle" role="radiogroup" aria-label="Billing cycle">
        {(['monthly', 'yearly'] as Cycle[]).map((c) => (
          <button key={c} type="button" role="radio" aria-checked={cycle === c} onClick={() => setCycle(c)}>
            {c === 'monthly' ? 'Monthly' : 'Yearly — 2 months free'}
          </button>
        ))}
      </div>
      <div className="acc-table-wrap">
        <table className="plan-compare">
          <caption className="acc-visually-hidden">Plans compared</caption>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              {plans.map((plan) => (
                <th key={plan.type} scope="col" className={plan.type === current ? 'is-current' : undefined}>
                  <strong>{plan.displayName}</strong>
                  <span>
                    {euros(plan.price[cycle])}{' '}
                    {plan.price[cycle] === 0 ? '' : cycle === 'monthly' ? 'per month' : 'per year'}
                  </span>
                  {plan.type === current ? (
                    <span className="plan-badge">Your plan</span>
                  ) : canTrial && plan.trial ? (
                    <Link className="button button--primary" to={planSelectionUrl(plan.name, cycle, plans)}>
                      Start 14-day free trial
                    </Link>
                  ) : null}
                  {plan.type !== current && canSubscribe && plan.price[cycle] > 0 ? (
                    <Link className="button button--ghost" to={`/settings/billing/checkout/${plan.name}/${cycle}`}>
                      Subscribe
                    </Link>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {planLimitKeys.map((key) => (
              <tr key={key}>
                <th scope="row">{planLimitLabels[key]}</th>
                {plans.map((plan) => (
                  <td key={plan.type} className={plan.type === current ? 'is-current' : undefined}>
                    {key === 'versionHistoryDays' && plan.limits[key] !== null
                      ? `${plan.limits[key]} days`
                      : formatLimit(plan.limits[key])}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">Private diagrams and account</th>
              {plans.map((plan) => (
                <td key={plan.type} className={plan.type === current ? 'is-current' : undefined}>
                  {plan.privateDiagrams ? 'Included' : 'Public only'}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">Teams</th>
              {plans.map((plan) => (
                <td key={plan.type} className={plan.type === current ? 'is-current' : undefined}>
                  {plan.teams ? 'Included' : 'Not included'}
                </td>
              ))}
            </tr>
            {featureLabels.map((label) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {plans.map((plan) => {
                  const value = plan.features.find((f) => f.label === label)?.value;
                  return (
                    <td key={plan.type} className={plan.type === current ? 'is-current' : undefined}>
                      {value === true ? 'Included' : value === false || value === undefined ? 'Not included' : value}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
