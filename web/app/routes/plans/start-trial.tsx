import { TRIAL_DAYS } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams, type MetaFunction } from 'react-router';
import { FormMessage } from '../../features/account/forms';
import { AuthCard, PageLoading, PageTitle } from '../../features/account/page-shell';
import { useSession } from '../../features/account/session';
import { RequireAccount } from '../../features/account/guards';
import { CurrentPlan } from '../../features/plans/current-plan';
import { formatDate, plansApi, type PlanInfo, type SubscriptionInfo } from '../../features/plans/plans-api';
import { ApiError, errorMessage } from '../../lib/api-client';
import '../../features/plans/plans.css';

export const meta: MetaFunction = () => [{ title: 'Start your free trial — Loopwright' }, { name: 'robots', content: 'noindex' }];

export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageLoading label="Loading…" />;
}

/** /start-trial/{planName}/{billingCycle} on the app host: the trial start screen (no card). */
export default function StartTrialRoute() {
  const { user, loading, fetchUserComplete } = useSession();
  const location = useLocation();
  if (loading || !fetchUserComplete) return <PageLoading label="Loading your account…" />;
  if (!user) {
    const here = encodeURIComponent(location.pathname);
    return (
      <div className="trial-start">
        <PageTitle>Start your free trial</PageTitle>
        <AuthCard title="Start your 14-day free trial" lead="Create a free account first (no card needed), then come back here to start the trial.">
          <div className="acc-row acc-row--end">
            <Link className="button button--ghost" to={`/login?returnTo=${here}`}>
              Log in
            </Link>
            <Link className="button button--primary" to="/register">
              Create a free account
            </Link>
          </div>
        </AuthCard>
      </div>
    );
  }
  return <RequireAccount>{() => <TrialStart />}</RequireAccount>;
}

export function TrialStart({ planName: fixedPlan, cycle: fixedCycle, onStarted }: { planName?: string; cycle?: string; onStarted?: () => void }) {
  const params = useParams();
  const planName = fixedPlan ?? params.planName ?? '';
  const cycle = fixedCycle ?? params.billingCycle ?? 'monthly';
  const [plan, setPlan] = useState<PlanInfo | null | undefined>(undefined);
  const [subscription, setSubscription] = useState<SubscriptionInfo | null>(null);
  const [started, setStarted] = useState<SubscriptionInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
      onStarted?.();
    } catch (e) {
      setError(e instanceof ApiError && e.code === 'PLAN_TRIAL_USED' ? 'You have already used your free trial. Every account gets one 14-day trial.' : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (started) {
    return (
      <div className="trial-start acc-stack">
        <PageTitle>Your trial has started</PageTitle>
        <AuthCard title={`Your ${started.plan.displayName} trial has started`} lead={`Enjoy every ${started.plan.displayName} feature until ${formatDate(started.trialEndsAt)}. No card needed.`}>
          <CurrentPlan subscription={started} />
          <div className="acc-row acc-row--end">
            <Link className="button button--ghost" to="/plans">
              Compare plans
            </Link>
            {onStarted ? null : (
              <Link className="button button--primary" to="/diagrams">
                Go to my diagrams
              </Link>
            )}
          </div>
        </AuthCard>
      </div>
    );
  }
  if (plan === undefined && !error) return <PageLoading label="Loading the plan…" />;
  const end = new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString();
  return (
    <div className="trial-start acc-stack">
      <PageTitle>Start your free trial</PageTitle>
      {plan ? (
        <AuthCard title={`Start your 14-day ${plan.displayName} trial`} lead={`No credit card needed. Your trial ends on ${formatDate(end)}; then your workspace goes back to the Public plan unless you choose a paid plan.`}>
          <ul className="acc-welcome-list">
            <li>{plan.limits.components === null ? 'Unlimited components' : `${plan.limits.components.toLocaleString('en-US')} components per team`}</li>
            <li>{plan.limits.runSteps === null ? 'Unlimited run steps' : `${plan.limits.runSteps.toLocaleString('en-US')} run steps`}</li>
            <li>Private diagrams{plan.teams ? ' and teams' : ''}</li>
          </ul>
          {subscription?.trialUsed ? <p className="acc-notice acc-notice--warning">You have already used your free trial. Every account gets one 14-day trial.</p> : null}
          <FormMessage>{error}</FormMessage>
          <div className="acc-row acc-row--end">
            <Link className="button button--ghost" to="/plans">
              Compare plans
            </Link>
            <button type="button" className="button button--primary" disabled={busy || subscription?.trialUsed} onClick={() => void start()}>
              {busy ? 'Starting…' : 'Start my free trial'}
            </button>
          </div>
        </AuthCard>
      ) : (
        <AuthCard title="This plan has no free trial" lead="Choose a plan from the comparison.">
          <FormMessage>{error}</FormMessage>
          <div className="acc-row acc-row--end">
            <Link className="button button--primary" to="/plans">
              Compare plans
            </Link>
          </div>
        </AuthCard>
      )}
    </div>
  );
}
