import { BillingTexts } from '@loopwright/contracts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { FormMessage } from '../account/forms';
import { PageLoading } from '../account/page-shell';
import { billingApi, usePaidPlans, type BillingOverview, type BillingSubscription } from './billing-api';
import { cycleLabel, day, money, planLabel, STATE_LABELS } from './billing-format';
import './billing.css';

/** Expired (never paid) or ended: the plan no longer applies; the owner can resume. */
const lapsed = (sub: BillingSubscription) => sub.state === 'expired' || sub.state === 'canceled';

type Busy = 'cancel' | 'cancel-now' | 'undo' | 'retry' | 'resume' | 'portal' | 'keep' | null;

/** Loads a workspace's billing overview; `reload` fetches again. */
export function useBillingOverview(workspaceId?: string) {
  const [overview, setOverview] = useState<BillingOverview | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    billingApi.overview(workspaceId).then(setOverview, (e: unknown) => {
      setOverview(null);
      setError(errorMessage(e));
    });
  }, [workspaceId]);
  useEffect(reload, [reload]);
  return { overview, setOverview, error, reload };
}

/**
 * The billing part of Settings › Usage & Billing: plan, state, renewal date and what can be done
 * in that state (cancel / undo, retry payment, resume, change plan or cycle, update card), plus the
 * links to account details and billing history. Renders nothing when billing is off.
 */
export function BillingSection({
  workspaceId,
  whenDisabled = null,
  onChange,
}: {
  workspaceId?: string;
  whenDisabled?: ReactNode;
  /** After an action changed the subscription (the page reloads its plan and usage). */ onChange?: () => void;
}) {
  const { overview, setOverview, error: loadError } = useBillingOverview(workspaceId);
  const plans = usePaidPlans();
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);

  if (overview === undefined) return <PageLoading label="Loading billing" />;
  if (overview === null) return <FormMessage>{loadError}</FormMessage>;
  if (!overview.enabled) return <>{whenDisabled}</>;

  const run = async (what: Busy, call: () => Promise<BillingOverview | { url: string }>, done?: string) => {
    setBusy(what);
    setError(null);
    setNotice(null);
    try {
      const answer = await call();
      if ('url' in answer) {
        window.location.assign(answer.url);
        return;
      }
      setOverview(answer);
      setConfirmCancel(false);
      if (done) setNotice(done);
      onChange?.();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const sub = overview.subscription;
  return (
    <section className="acc-panel bil-section" aria-labelledby="billing-title">
      <h2 id="billing-title">Billing</h2>
      {!sub ? (
        <NoSubscription canManage={overview.canManage} />
      ) : (
        <>
          <SubscriptionSummary sub={sub} />
          {!overview.canManage ? (
            <FormMessage kind="info">
              {lapsed(sub) ? BillingTexts.expiredMember : BillingTexts.memberContactOwner}
            </FormMessage>
          ) : (
            <>
              {sub.contactUs ? (
                <FormMessage kind="info">
                  {BillingTexts.contactUs} <Link to="/contact">Contact us</Link>
                </FormMessage>
              ) : null}
              {sub.state === 'payment_pending' ? (
                <div className="acc-notice acc-notice--warning" role="status">
                  <p>
                    <strong>The last payment did not go through.</strong>{' '}
                    {sub.amountDue ? `Amount due: ${money(sub.amountDue.amount, sub.amountDue.currency)}. ` : ''}
                    Update your card if needed, then retry the payment. {BillingTexts.paymentPending}
                  </p>
                </div>
              ) : null}
              {sub.state === 'cancel_scheduled' ? (
                <div className="acc-notice acc-notice--info" role="status">
                  <p>
                    Your subscription is cancelled and ends on {day(sub.cancelAt)}. After that the workspace goes back
                    to the Public plan and members lose the team folder.
                  </p>
                </div>
              ) : null}
              {lapsed(sub) ? (
                <div className="acc-notice acc-notice--warning" role="status">
                  <p>
                    {sub.state === 'expired'
                      ? 'Your subscription has expired.'
                      : 'Your subscription has ended and the workspace is on the Public plan.'}{' '}
                    Resume it to get your {planLabel(sub.planName, plans)} plan back.
                  </p>
                </div>
              ) : null}
              {sub.pendingChange ? (
                <div className="acc-notice acc-notice--info" role="status">
                  <p>
                    Pending change: {planLabel(sub.pendingChange.planName, plans)} (
                    {cycleLabel(sub.pendingChange.cycle)}) from {day(sub.pendingChange.effectiveAt)}.
                  </p>
                  <button
                    type="button"
                    className="button acc-button--small button--ghost"
                    disabled={busy !== null}
                    onClick={() =>
                      void run('keep', () => billingApi.cancelPendingChange(workspaceId), 'You keep your current plan.')
                    }
                  >
                    {busy === 'keep' ? 'Saving…' : 'Keep current plan'}
                  </button>
                </div>
              ) : null}
              <div aria-live="polite">
                <FormMessage>{error}</FormMessage>
                <FormMessage kind="success">{notice}</FormMessage>
              </div>
              {confirmCancel ? (
                <div className="acc-notice acc-notice--warning" role="alertdialog" aria-labelledby="cancel-text">
                  <p id="cancel-text">
                    Cancel at the end of the period on {day(sub.currentPeriodEnd)} (you can undo it until then), or end
                    the subscription now?
                  </p>
                  <div className="acc-row" style={{ marginTop: 10 }}>
                    <button
                      type="button"
                      className="button acc-button--small acc-button--danger"
                      disabled={busy !== null}
                      onClick={() =>
                        void run(
                          'cancel',
                          () => billingApi.cancel(false, workspaceId),
                          'Your subscription will end at the end of the period.',
                        )
                      }
                      ref={(b) => b?.focus()}
                    >
                      {busy === 'cancel' ? 'Cancelling…' : 'Cancel at period end'}
                    </button>
                    <button
                      type="button"
                      className="button acc-button--small acc-button--danger"
                      disabled={busy !== null}
                      onClick={() =>
                        void run(
                          'cancel-now',
                          () => billingApi.cancel(true, workspaceId),
                          'Your subscription has ended.',
                        )
                      }
                    >
                      {busy === 'cancel-now' ? 'Cancelling…' : 'Cancel now'}
                    </button>
                    <button
                      type="button"
                      className="button acc-button--small button--ghost"
                      onClick={() => setConfirmCancel(false)}
                    >
                      Keep subscription
                    </button>
                  </div>
                </div>
              ) : null}
              <div className="acc-panel__actions">
                {sub.state === 'active' && !sub.contactUs ? (
                  <Link
                    className="button button--primary"
                    to={`/settings/billing/upgrade/${sub.planName}/${sub.cycle}`}
                  >
                    Change plan or billing cycle
                  </Link>
                ) : null}
                {sub.state === 'payment_pending' ? (
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy !== null}
                    onClick={() =>
                      void run(
                        'retry',
                        () => billingApi.retryPayment(workspaceId),
                        'Payment received. Your subscription is active.',
                      )
                    }
                  >
                    {busy === 'retry' ? 'Retrying…' : 'Retry payment'}
                  </button>
                ) : null}
                {sub.state === 'cancel_scheduled' ? (
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy !== null}
                    onClick={() =>
                      void run(
                        'undo',
                        () => billingApi.undoCancel(workspaceId),
                        'The cancellation is undone. Your subscription renews as before.',
                      )
                    }
                  >
                    {busy === 'undo' ? 'Saving…' : 'Undo cancellation'}
                  </button>
                ) : null}
                {lapsed(sub) ? (
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy !== null}
                    onClick={() => void run('resume', () => billingApi.resume(workspaceId))}
                  >
                    {busy === 'resume' ? 'Opening checkout…' : 'Resume subscription'}
                  </button>
                ) : null}
                {!lapsed(sub) ? (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={busy !== null}
                    onClick={() => void run('portal', () => billingApi.portal(workspaceId))}
                  >
                    {busy === 'portal' ? 'Opening…' : 'Update card'}
                  </button>
                ) : null}
                {sub.state === 'active' || sub.state === 'payment_pending' ? (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={busy !== null || confirmCancel}
                    onClick={() => setConfirmCancel(true)}
                  >
                    Cancel subscription
                  </button>
                ) : null}
              </div>
            </>
          )}
        </>
      )}
      {overview.canManage ? (
        <p className="bil-links">
          <Link to="/settings/billing/account">Account details</Link> ·{' '}
          <Link to="/settings/billing/history">Billing history</Link>
        </p>
      ) : null}
    </section>
  );
}

function SubscriptionSummary({ sub }: { sub: BillingSubscription }) {
  const plans = usePaidPlans();
  return (
    <dl className="acc-key-meta bil-summary">
      <dt>Plan</dt>
      <dd>
        <strong>{planLabel(sub.planName, plans)}</strong> · {cycleLabel(sub.cycle)}
        {sub.seats > 1 ? ` · ${sub.seats} seats` : ''}
      </dd>
      <dt>Status</dt>
      <dd>
        <span className={`acc-badge bil-state bil-state--${sub.state}`} data-testid="billing-state">
          {STATE_LABELS[sub.state]}
        </span>
      </dd>
      {sub.price ? (
        <>
          <dt>Price</dt>
          <dd>
            {money(sub.price.amount, sub.price.currency)} per {sub.cycle === 'yearly' ? 'year' : 'month'}
          </dd>
        </>
      ) : null}
      {!lapsed(sub) ? (
        <>
          <dt>{sub.state === 'cancel_scheduled' ? 'Ends on' : 'Renews on'}</dt>
          <dd>{day(sub.state === 'cancel_scheduled' ? sub.cancelAt : sub.currentPeriodEnd)}</dd>
        </>
      ) : null}
    </dl>
  );
}

function NoSubscription({ canManage }: { canManage: boolean }) {
  const paid = usePaidPlans() ?? [];
  if (!canManage) return <p>{BillingTexts.memberContactOwner}</p>;
  return (
    <>
      <p>This workspace has no paid subscription. Subscribe to a plan (monthly, or yearly with two months free):</p>
      <ul className="bil-plan-links">
        {paid.map((plan) => (
          <li key={plan.name}>
            <Link to={`/settings/billing/checkout/${plan.name}/monthly`}>
              {plan.displayName} — {money(plan.price.monthly * 100, 'eur')} / month
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
