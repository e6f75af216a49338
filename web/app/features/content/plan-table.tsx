import { useState } from 'react';
import { Link } from 'react-router';
import { TrackingEvents } from '../../lib/spec';
import { track } from '../tracking/track';
import { PlanTexts } from '@loopwright/contracts';
import { useSession } from '../account/session';
import type { PricingPlan } from './types';

type Cycle = 'monthly' | 'yearly';

const euros = (n: number) => (n === 0 ? '€0' : `€${n.toLocaleString('en')}`);

/** Where "Start for free" leads: the app for a signed-in person, else sign-up. */
export function useStartHref(): string {
  return useSession().authenticated ? '/diagrams' : '/register';
}

/**
 * The plan catalogue: monthly or yearly prices in euros, a 14-day trial button for paid plans.
 * With billing off (self-hosted) only what each plan includes: no prices, trials or buttons (the
 * page leads with the self-hosted notice, SelfHostedPricing).
 */
export function PlanTable({ plans, billingEnabled = true }: { plans: PricingPlan[]; billingEnabled?: boolean }) {
  const [cycle, setCycle] = useState<Cycle>('monthly');
  const startHref = useStartHref();
  return (
    <div className="plans">
      {billingEnabled ? (
        <div className="plans__cycle" role="radiogroup" aria-label="Billing cycle">
          {(['monthly', 'yearly'] as Cycle[]).map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={cycle === c}
              className={cycle === c ? 'is-active' : ''}
              onClick={() => setCycle(c)}
            >
              {c === 'monthly' ? 'Monthly' : 'Yearly — 2 months free'}
            </button>
          ))}
        </div>
      ) : null}
      <ul className="plans__grid">
        {plans.map((plan) => (
          <li key={plan.name} className={`plan card${plan.highlighted && billingEnabled ? ' plan--highlighted' : ''}`}>
            {plan.highlighted && billingEnabled ? <p className="plan__badge">Most popular</p> : null}
            <h3>{plan.displayName}</h3>
            <p className="plan__tagline">{plan.tagline}</p>
            {billingEnabled ? (
              <>
                <p className="plan__price">
                  <strong>{euros(plan.price[cycle])}</strong>
                  <span>{plan.price[cycle] === 0 ? 'forever' : cycle === 'monthly' ? 'per month' : 'per year'}</span>
                </p>
                <Link
                  className={`button ${plan.highlighted ? 'button--primary' : 'button--ghost'}`}
                  to={plan.trial ? plan.trialUrl[cycle] : startHref}
                  onClick={() => track(TrackingEvents.planSelection, { label: plan.name, value: cycle })}
                >
                  {plan.trial ? 'Start 14-day free trial' : 'Start for free'}
                </Link>
              </>
            ) : null}
            <ul className="plan__features">
              {plan.features.map((f) => (
                <li key={f.label} className={f.value === false ? 'is-off' : ''}>
                  <span>{f.label}</span>
                  <strong>{f.value === true ? 'Included' : f.value === false ? 'Not included' : f.value}</strong>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {billingEnabled ? (
        <p className="plans__note">
          Every paid plan starts with a 14-day free trial. No credit card needed. Prices in euros, VAT excluded.
        </p>
      ) : null}
    </div>
  );
}

/** The top of the pricing page on a self-hosted instance (billing off), in place of the trial hero. */
export function SelfHostedPricing() {
  const startHref = useStartHref();
  return (
    <section className="section section--narrow plans-self-hosted">
      <h1>Plans on this instance</h1>
      <p className="plans__note plans__note--self-hosted" role="note">
        {PlanTexts.selfHosted} There is nothing to pay on this instance.
      </p>
      <p>
        <Link className="button button--primary" to={startHref}>
          Start for free
        </Link>
      </p>
    </section>
  );
}
