import { BillingTexts, type BillingCycle } from '@loopwright/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { billingApi, usePaidPlans, type PaidPlan } from '../../features/billing/billing-api';
import { useBillingOverview } from '../../features/billing/billing-section';
import { cycleLabel, day, money, planLabel } from '../../features/billing/billing-format';
import '../../features/billing/billing.css';

const perMonth = (paidPlans: PaidPlan[], name: string, cycle: BillingCycle) => {
  const plan = paidPlans.find((p) => p.name === name);
  return plan ? plan.price[cycle] / (cycle === 'yearly' ? 12 : 1) : 0;
};

/** Upgrade details: from the current plan to another plan or billing cycle, and when it applies. */
export default function UpgradePage() {
  const params = useParams();
  const navigate = useNavigate();
  const { overview } = useBillingOverview();
  const plans = usePaidPlans();
  const paidPlans = plans ?? [];
  const [planName, setPlanName] = useState(params.plan ?? 'studio');
  const [cycle, setCycle] = useState<BillingCycle>(params.cycle === 'yearly' ? 'yearly' : 'monthly');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sub = overview?.subscription;

  if (overview === undefined || plans === undefined) return <PageLoading label="Loading your plan" />;
  const blocked =
    !overview || !overview.enabled
      ? BillingTexts.disabled
      : !overview.canManage
        ? BillingTexts.memberContactOwner
        : !sub
          ? BillingTexts.noSubscription
          : sub.state === 'payment_pending'
            ? BillingTexts.paymentPending
            : sub.contactUs
              ? BillingTexts.contactUs
              : sub.state !== 'active'
                ? BillingTexts.noSubscription
                : null;
  const same = sub && sub.planName === planName && sub.cycle === cycle;
  const upgrade =
    sub && cycle === sub.cycle && perMonth(paidPlans, planName, cycle) > perMonth(paidPlans, sub.planName, sub.cycle);
  const target = paidPlans.find((p) => p.name === planName);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await billingApi.changePlan({ planName, cycle });
      void navigate('/settings/billing');
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <>
      <PageTitle>Upgrade details</PageTitle>
      <header>
        <h1>Upgrade details</h1>
        <p>
          <Link to="/settings/billing">Usage & Billing</Link> › Change plan or billing cycle
        </p>
      </header>
      {blocked || !sub ? (
        <FormMessage kind="info">
          {blocked} {sub?.contactUs ? <Link to="/contact">Contact us</Link> : null}
        </FormMessage>
      ) : (
        <section className="acc-panel" aria-labelledby="upgrade-title">
          <h2 id="upgrade-title">Choose the new plan</h2>
          <div className="bil-choice" role="radiogroup" aria-label="Plan">
            {paidPlans.map((plan) => (
              <label key={plan.name}>
                <input
                  type="radio"
                  name="plan"
                  value={plan.name}
                  checked={planName === plan.name}
                  onChange={() => setPlanName(plan.name)}
                />
                <strong>{plan.displayName}</strong>
                <span>
                  {money(plan.price[cycle] * 100, 'eur')} per {cycle === 'yearly' ? 'year' : 'month'}
                </span>
                {plan.name === sub.planName ? <small>Current plan</small> : null}
              </label>
            ))}
          </div>
          <div className="bil-choice" role="radiogroup" aria-label="Billing cycle">
            {(['monthly', 'yearly'] as const).map((c) => (
              <label key={c}>
                <input type="radio" name="cycle" value={c} checked={cycle === c} onChange={() => setCycle(c)} />
                <strong>{cycleLabel(c)}</strong>
                {c === 'yearly' ? <small>2 months free</small> : <small>Pay month by month</small>}
              </label>
            ))}
          </div>
          <div className="bil-compare">
            <div>
              <small>Now</small>
              <p>
                <strong>{planLabel(sub.planName, plans)}</strong> · {cycleLabel(sub.cycle)}
              </p>
            </div>
            <span aria-hidden="true">→</span>
            <div>
              <small>New</small>
              <p>
                <strong>{target?.displayName ?? planName}</strong> · {cycleLabel(cycle)}
              </p>
            </div>
          </div>
          <p data-testid="upgrade-when">
            {same
              ? 'This is your current plan.'
              : upgrade
                ? 'This is an upgrade: it applies now, and you pay the prorated difference for the rest of this period today.'
                : `This change applies at your next renewal on ${day(sub.currentPeriodEnd)}; until then you keep your current plan. You can drop a pending change any time before.`}
          </p>
          <FormMessage>{error}</FormMessage>
          <div className="acc-panel__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy || !!same}
              onClick={() => void confirm()}
            >
              {busy ? 'Saving…' : upgrade ? 'Upgrade now' : 'Schedule the change'}
            </button>
            <Link className="button button--ghost" to="/settings/billing">
              Back
            </Link>
          </div>
        </section>
      )}
    </>
  );
}
