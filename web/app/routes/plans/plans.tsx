import { useEffect, useState } from 'react';
import { Link, useSearchParams, type MetaFunction } from 'react-router';
import { RequireAccount } from '../../features/account/guards';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { CurrentPlan } from '../../features/plans/current-plan';
import { PlanComparison } from '../../features/plans/plan-comparison';
import { plansApi, type PlanInfo, type SubscriptionInfo, type UsageInfo } from '../../features/plans/plans-api';
import { UsageBars } from '../../features/plans/usage-bars';
import { errorMessage } from '../../lib/api-client';
import '../../features/plans/plans.css';

export const meta: MetaFunction = () => [{ title: 'Plans — Loopwright' }, { name: 'robots', content: 'noindex' }];

export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageLoading label="Loading plans…" />;
}

const TABS = ['details', 'usage', 'billing'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { details: 'Details', usage: 'Usage', billing: 'Billing' };

/** Payment plan and plan comparison (details, usage and billing). */
export default function PlansRoute() {
  return <RequireAccount>{() => <PlansPage />}</RequireAccount>;
}

function PlansPage() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'details';
  const [plans, setPlans] = useState<PlanInfo[] | null>(null);
  const [subscription, setSubscription] = useState<SubscriptionInfo | null>(null);
  const [usage, setUsage] = useState<UsageInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    Promise.all([plansApi.catalogue(), plansApi.subscription(), plansApi.usage()]).then(
      ([catalogue, sub, items]) => {
        setPlans(catalogue.plans);
        setSubscription(sub);
        setUsage(items);
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, []);

  return (
    <div className="plan-page">
      <PageTitle>Plans</PageTitle>
      <header>
        <h1>Your plan</h1>
      </header>
      <FormMessage>{error}</FormMessage>
      {!subscription || !plans || !usage ? (
        error ? null : (
          <PageLoading label="Loading plans…" />
        )
      ) : (
        <>
          <CurrentPlan
            subscription={subscription}
            actions={
              <Link className="button button--ghost" to="/settings/billing">
                Usage & Billing
              </Link>
            }
          />
          {!subscription.canManage ? (
            <p className="acc-notice acc-notice--info">
              Team members cannot change the payment plan. Please contact the admin or owner of your team.
            </p>
          ) : null}
          <div className="plan-tabs" role="tablist" aria-label="Plan comparison">
            {TABS.map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`tab-${t}`}
                aria-selected={tab === t}
                aria-controls={`panel-${t}`}
                onClick={() => setParams({ tab: t }, { replace: true })}
              >
                {TAB_LABELS[t]}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'details' ? <PlanComparison plans={plans} subscription={subscription} /> : null}
            {tab === 'usage' ? (
              <section className="acc-panel" aria-label="Usage">
                <UsageBars items={usage} />
              </section>
            ) : null}
            {tab === 'billing' ? (
              <section className="acc-panel" aria-label="Billing">
                {subscription.billingEnabled ? (
                  <p>
                    Payment method, invoices and billing details are in{' '}
                    <Link to="/settings/billing">Usage & Billing</Link>.
                  </p>
                ) : (
                  <p>This instance is self-hosted: billing is off, there is nothing to pay.</p>
                )}
              </section>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
