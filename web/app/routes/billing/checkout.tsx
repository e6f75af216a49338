import {
  countOf,
  BillingTexts,
  trialKeptAtCheckout,
  type BillingCycle,
  type SubscriptionView,
} from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { FormMessage } from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { billingApi, usePaidPlans } from '../../features/billing/billing-api';
import { useBillingOverview } from '../../features/billing/billing-section';
import { day, money } from '../../features/billing/billing-format';
import { plansApi } from '../../features/plans/plans-api';
import '../../features/billing/billing.css';

/** Checkout: the plan and billing cycle, the price, then Stripe's payment page. */
export default function CheckoutPage() {
  const params = useParams();
  const plans = usePaidPlans();
  const plan = plans?.find((p) => p.name === params.plan);
  const [cycle, setCycle] = useState<BillingCycle>(params.cycle === 'yearly' ? 'yearly' : 'monthly');
  const { overview } = useBillingOverview();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [current, setCurrent] = useState<SubscriptionView | null>(null);
  useEffect(() => {
    plansApi.subscription().then(setCurrent, () => undefined);
  }, []);
  // What checkout will buy: the seats taken so far (a trial's team), and the trial's end kept as the first charge.
  const seats = Math.max(1, current?.seats ?? 1);
  const trialEnd = current ? trialKeptAtCheckout(current.status, current.trialEndsAt) : null;

  const pay = async () => {
    if (!plan) return;
    setBusy(true);
    setError(null);
    try {
      const { url } = await billingApi.checkout({ planName: plan.name, cycle });
      window.location.assign(url);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <>
      <PageTitle>Checkout</PageTitle>
      <header>
        <h1>Checkout</h1>
        <p>
          <Link to="/settings/billing">Usage & Billing</Link> › Checkout
        </p>
      </header>
      {plans === undefined ? (
        <PageLoading label="Loading checkout" />
      ) : !plan ? (
        <FormMessage>
          This plan cannot be bought. <Link to="/pricing">See the plans</Link>
        </FormMessage>
      ) : overview === undefined ? (
        <PageLoading label="Loading checkout" />
      ) : overview && !overview.enabled ? (
        <FormMessage kind="info">{BillingTexts.disabled}</FormMessage>
      ) : overview && !overview.canManage ? (
        <FormMessage kind="info">{BillingTexts.memberContactOwner}</FormMessage>
      ) : overview?.subscription && overview.subscription.state !== 'expired' ? (
        <FormMessage kind="info">
          {BillingTexts.alreadySubscribed} <Link to="/settings/billing">Usage & Billing</Link>
        </FormMessage>
      ) : (
        <section className="acc-panel" aria-labelledby="checkout-title">
          <h2 id="checkout-title">{plan.displayName}</h2>
          <p className="acc-panel__lead">{plan.tagline}</p>
          <fieldset className="acc-plain">
            <legend>Billing cycle</legend>
            <div className="bil-choice">
              {(['monthly', 'yearly'] as const).map((c) => (
                <label key={c}>
                  <input type="radio" name="cycle" value={c} checked={cycle === c} onChange={() => setCycle(c)} />
                  <strong>{c === 'monthly' ? 'Monthly' : 'Yearly'}</strong>
                  <span>
                    {money(plan.price[c] * 100, 'eur')} per {c === 'monthly' ? 'month' : 'year'}
                  </span>
                  {c === 'yearly' ? <small>2 months free</small> : <small>Cancel any time</small>}
                </label>
              ))}
            </div>
          </fieldset>
          {seats > 1 ? (
            <p>
              {countOf(seats, 'seat')} × {money(plan.price[cycle] * 100, 'eur')} per{' '}
              {cycle === 'monthly' ? 'month' : 'year'}
            </p>
          ) : null}
          {trialEnd ? (
            <>
              <p className="bil-total" data-testid="checkout-total">
                Total today: {money(0, 'eur')}
              </p>
              <p data-testid="checkout-trial">
                Your trial continues: the first charge, {money(plan.price[cycle] * 100 * seats, 'eur')}, is on{' '}
                {day(trialEnd.toISOString())}, when your trial ends. Cancel before then and you pay nothing.
              </p>
            </>
          ) : (
            <p className="bil-total" data-testid="checkout-total">
              Total today: {money(plan.price[cycle] * 100 * seats, 'eur')}
            </p>
          )}
          <p className="acc-field__hint">
            Prices in euros; VAT is added where it applies. You pay on Stripe's secure page and come back here.
          </p>
          <FormMessage>{error}</FormMessage>
          <div className="acc-panel__actions">
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void pay()}>
              {busy ? 'Opening payment…' : 'Continue to payment'}
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
