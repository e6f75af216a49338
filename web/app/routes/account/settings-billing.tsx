import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { BillingSection } from '../../features/billing/billing-section';
import { AcademiaBacklink } from '../../features/plans/academia-backlink';
import { CurrentPlan } from '../../features/plans/current-plan';
import { plansApi, type SubscriptionInfo, type UsageInfo } from '../../features/plans/plans-api';
import { UsageBars } from '../../features/plans/usage-bars';
import { errorMessage } from '../../lib/api-client';
import '../../features/plans/plans.css';

/** Settings → Usage & Billing: the current plan, usage against each limit, and (billing) payment details. */
export default function UsageBillingPage() {
  const [subscription, setSubscription] = useState<SubscriptionInfo | null>(null);
  const [usage, setUsage] = useState<UsageInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped by the billing section after a payment action, so the plan and usage above follow.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    Promise.all([plansApi.subscription(), plansApi.usage()]).then(
      ([sub, items]) => {
        setSubscription(sub);
        setUsage(items);
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, [version]);
  return (
    <>
      <PageTitle>Usage & Billing</PageTitle>
      <header>
        <h1>Usage & Billing</h1>
        <p>Your plan, how much of it you use, and when it renews.</p>
      </header>
      <FormMessage>{error}</FormMessage>
      {!subscription || !usage ? (
        error ? null : (
          <PageLoading label="Loading your plan…" />
        )
      ) : (
        <>
          <CurrentPlan
            subscription={subscription}
            actions={
              <Link className="button button--primary" to="/plans">
                {subscription.canManage && subscription.billingEnabled ? 'Change plan' : 'Compare plans'}
              </Link>
            }
          />
          <section className="acc-panel" aria-labelledby="usage-title">
            <h2 id="usage-title">Usage</h2>
            <UsageBars items={usage} />
          </section>
          <AcademiaBacklink />
          <BillingSection onChange={() => setVersion((v) => v + 1)} />
        </>
      )}
    </>
  );
}
