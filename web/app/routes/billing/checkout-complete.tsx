import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../features/account/page-shell';
import { FormMessage } from '../../features/account/forms';
import { billingApi, usePaidPlans, type BillingOverview } from '../../features/billing/billing-api';
import { cycleLabel, day, planLabel } from '../../features/billing/billing-format';

const POLL_MS = 1000;
const GIVE_UP_MS = 60_000;

/** Back from Stripe: waits for the webhook to make the subscription active. */
export default function CheckoutCompletePage() {
  const [overview, setOverview] = useState<BillingOverview | null>(null);
  const [late, setLate] = useState(false);
  const plans = usePaidPlans();
  const active = overview?.subscription?.state === 'active';

  useEffect(() => {
    if (active) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const poll = () => {
      billingApi.overview().then(
        (answer) => {
          setOverview(answer);
          if (answer.subscription?.state !== 'active') schedule();
        },
        () => schedule(),
      );
    };
    const schedule = () => {
      if (Date.now() - started > GIVE_UP_MS) setLate(true);
      else timer = setTimeout(poll, POLL_MS);
    };
    poll();
    return () => clearTimeout(timer);
  }, [active]);

  const sub = overview?.subscription;
  return (
    <>
      <PageTitle>Checkout</PageTitle>
      <header>
        <h1>Thank you</h1>
      </header>
      <section className="acc-panel" aria-live="polite">
        {active && sub ? (
          <>
            <h2>Your {planLabel(sub.planName, plans)} plan is active</h2>
            <p>
              {cycleLabel(sub.cycle)} billing, renews on {day(sub.currentPeriodEnd)}. The invoice is in your billing
              history.
            </p>
            <div className="acc-panel__actions">
              <Link className="button button--primary" to="/settings/billing">
                Go to Usage & Billing
              </Link>
              <Link className="button button--ghost" to="/diagrams">
                Back to my diagrams
              </Link>
            </div>
          </>
        ) : late ? (
          <FormMessage kind="warning">
            Stripe has not confirmed the payment yet. It can take a few minutes;{' '}
            <Link to="/settings/billing">check Usage & Billing</Link> later.
          </FormMessage>
        ) : (
          <p role="status">Payment received. Activating your subscription…</p>
        )}
      </section>
    </>
  );
}
