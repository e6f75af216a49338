import { TRIAL_DAYS } from '@loopwright/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { FormMessage } from '../account/forms';
import { AuthCard, PageLoading, PageTitle } from '../account/page-shell';
import { ApiError, errorMessage } from '../../lib/api-client';
import { CurrentPlan } from './current-plan';
import { formatDate, plansApi, type PlanInfo, type SubscriptionInfo } from './plans-api';

/** The trial start screen: what the trial gives, then one click to start it (no card). Also an onboarding step. */
function Shell({
  embedded,
  title,
  lead,
  children,
}: {
  embedded: boolean;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  if (!embedded)
    return (
      <AuthCard title={title} lead={lead}>
        {children}
      </AuthCard>
    );
  return (
    <div className="acc-stack">
      <h3 style={{ margin: 0 }}>{title}</h3>
      {lead ? (
        <p className="acc-auth-card__lead" style={{ margin: 0 }}>
          {lead}
        </p>
      ) : null}
      {children}
    </div>
  );
}

export function TrialStart({
  planName: fixedPlan,
  cycle: fixedCycle,
  onStarted,
  onBack,
  embedded = false,
}: {
  planName?: string;
  cycle?: string;
  onStarted?: () => void;
  onBack?: () => void;
  embedded?: boolean;
}) {
  // Inside onboarding the way out is Back (to the plans), not a link away from the sign-up.
  const away =
    embedded && onBack ? (
      <button type="button" className="button button--ghost" onClick={onBack}>
        Back to the plans
      </button>
    ) : (
      <Link className="button button--ghost" to="/plans">
        Compare plans
      </Link>
    );
  const params = useParams();
  const planName = fixedPlan ?? params.planName ?? '';
  const cycle = fixedCycle ?? params.billingCycle ?? 'monthly';
  const [plan, setPlan] = useState<PlanInfo | null | undefined>(undefined);
  const [subscription, setSubscription] = useState<SubscriptionInfo | null>(null);
  const [started, setStarted] = useState<SubscriptionInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // When a trial started now would end (fixed when the screen opens).
  const [end] = useState(() => new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString());
  useEffect(() => {
    Promise.all([plansApi.catalogue(), plansApi.subscription()]).then(
      ([catalogue, sub]) => {
        setPlan(catalogue.plans.find((p) => p.name === planName && p.trial && catalogue.billingEnabled) ?? null);
        setSubscription(sub);
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, [planName]);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setStarted(await plansApi.startTrial(planName, cycle));
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === 'PLAN_TRIAL_USED'
          ? 'You have already used your free trial. Every account gets one 14-day trial.'
          : errorMessage(e),
      );
    } finally {
      setBusy(false);
    }
  };

  if (started) {
    return (
      <div className={embedded ? 'acc-stack' : 'trial-start acc-stack'}>
        {embedded ? null : <PageTitle>Your trial has started</PageTitle>}
        <Shell
          embedded={embedded}
          title={`Your ${started.plan.displayName} trial has started`}
          lead={`Enjoy every ${started.plan.displayName} feature until ${formatDate(started.trialEndsAt)}. No card needed.`}
        >
          <CurrentPlan subscription={started} />
          <div className="acc-row acc-row--end">
            {embedded ? null : (
              <Link className="button button--ghost" to="/plans">
                Compare plans
              </Link>
            )}
            {onStarted ? (
              <button type="button" className="button button--primary" onClick={onStarted}>
                Continue
              </button>
            ) : (
              <Link className="button button--primary" to="/diagrams">
                Go to my diagrams
              </Link>
            )}
          </div>
        </Shell>
      </div>
    );
  }
  if (plan === undefined && !error) return <PageLoading label="Loading the plan…" />;
  return (
    <div className={embedded ? 'acc-stack' : 'trial-start acc-stack'}>
      {embedded ? null : <PageTitle>Start your free trial</PageTitle>}
      {plan ? (
        <Shell
          embedded={embedded}
          title={`Start your 14-day ${plan.displayName} trial`}
          lead={`No credit card needed. Your trial ends on ${formatDate(end)}; then your workspace goes back to the Public plan unless you choose a paid plan.`}
        >
          <ul className="acc-welcome-list">
            <li>
              {plan.limits.components === null
                ? 'Unlimited components'
                : `${plan.limits.components.toLocaleString('en-US')} components per team`}
            </li>
            <li>
              {plan.limits.runSteps === null
                ? 'Unlimited run steps'
                : `${plan.limits.runSteps.toLocaleString('en-US')} run steps`}
            </li>
            <li>Private diagrams{plan.teams ? ' and teams' : ''}</li>
          </ul>
          {subscription?.trialUsed ? (
            <p className="acc-notice acc-notice--warning">
              You have already used your free trial. Every account gets one 14-day trial.
            </p>
          ) : null}
          <FormMessage>{error}</FormMessage>
          <div className="acc-row acc-row--end">
            {away}
            <button
              type="button"
              className="button button--primary"
              disabled={busy || subscription?.trialUsed}
              onClick={() => void start()}
            >
              {busy ? 'Starting…' : 'Start my free trial'}
            </button>
          </div>
        </Shell>
      ) : (
        <Shell embedded={embedded} title="This plan has no free trial" lead="Choose a plan from the comparison.">
          <FormMessage>{error}</FormMessage>
          <div className="acc-row acc-row--end">
            <Link className="button button--primary" to="/plans">
              Compare plans
            </Link>
          </div>
        </Shell>
      )}
    </div>
  );
}
