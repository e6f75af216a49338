import {
  featureLines,
  planFormSchema,
  planLimitKeys,
  planLimitLabels,
  type PlanFormValues,
} from '@loopwright/contracts';
import { useState } from 'react';
import {
  CheckboxField,
  Field,
  FormMessage,
  SubmitButton,
  TextAreaField,
  TextField,
  useContractForm,
} from '../../features/account/forms';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { useLoaded } from '../../features/admin/use-loaded';
import { formatLimit, plansApi, type PlanInfo } from '../../features/plans/plans-api';
import { errorMessage } from '../../lib/api-client';
import '../../features/admin/admin.css';
import '../../features/plans/plans.css';

function formValues(plan: PlanInfo): PlanFormValues {
  return {
    displayName: plan.displayName,
    tagline: plan.tagline,
    active: plan.active,
    trial: plan.trial,
    highlighted: plan.highlighted,
    position: String(plan.position),
    priceMonthly: String(plan.price.monthly),
    priceYearly: String(plan.price.yearly),
    privateDiagrams: plan.privateDiagrams,
    teams: plan.teams,
    limits: Object.fromEntries(
      planLimitKeys.map((k) => [k, plan.limits[k] === null ? '' : String(plan.limits[k])]),
    ) as PlanFormValues['limits'],
    features: featureLines(plan.features),
  };
}

/** /admin/plans: the plan catalogue (prices, limits, features, on the pricing page or not) and the self-hosted plan. */
export default function AdminPlansPage() {
  const { data, error, loading, reload } = useLoaded(() => plansApi.adminPlans(), 'plans');
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  return (
    <>
      <PageTitle>Plans</PageTitle>
      <header>
        <h1>Plans</h1>
        <p>
          The plan catalogue the pricing page, the plan comparison and every limit read. An empty limit means unlimited.
        </p>
      </header>
      <div aria-live="polite">{notice ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}</div>
      <FormMessage>{error}</FormMessage>
      {loading && !data ? <PageLoading label="Loading the plans" /> : null}
      {data ? (
        <>
          <PlanJobs
            onDone={(text) => {
              setNotice({ kind: 'success', text });
              reload();
            }}
            onError={(text) => setNotice({ kind: 'error', text })}
          />
          <SelfHostedPlan
            plans={data.plans}
            billingEnabled={data.billingEnabled}
            selected={data.selfHostedPlanType}
            onSaved={(text) => {
              setNotice({ kind: 'success', text });
              reload();
            }}
          />
          <section className="acc-panel" aria-labelledby="catalogue-title">
            <h2 id="catalogue-title">Catalogue</h2>
            <div className="acc-table-wrap">
              <table className="acc-table adm-table">
                <caption className="acc-visually-hidden">Every plan type</caption>
                <thead>
                  <tr>
                    <th scope="col">Type</th>
                    <th scope="col">Plan</th>
                    <th scope="col">Group</th>
                    <th scope="col">Price (month / year)</th>
                    <th scope="col">Components</th>
                    <th scope="col">Run steps</th>
                    <th scope="col">On pricing</th>
                    <th scope="col">
                      <span className="acc-visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.plans.map((plan) => (
                    <tr key={plan.type}>
                      <td>{plan.type}</td>
                      <td>
                        <strong>{plan.displayName}</strong> <span className="acc-mono">{plan.name}</span>
                      </td>
                      <td>{plan.group}</td>
                      <td>
                        €{plan.price.monthly} / €{plan.price.yearly}
                      </td>
                      <td>{formatLimit(plan.limits.components)}</td>
                      <td>{formatLimit(plan.limits.runSteps)}</td>
                      <td>{plan.active ? (plan.trial ? 'Yes, with trial' : 'Yes') : 'No'}</td>
                      <td>
                        <button
                          type="button"
                          className="button button--ghost"
                          onClick={() => setEditing(editing === plan.type ? null : plan.type)}
                          aria-expanded={editing === plan.type}
                          aria-label={`${editing === plan.type ? 'Close' : 'Edit'} ${plan.displayName} (${plan.name})`}
                        >
                          {editing === plan.type ? 'Close' : 'Edit'}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          {editing !== null ? (
            <PlanForm
              key={editing}
              plan={data.plans.find((p) => p.type === editing)!}
              onSaved={(plan) => {
                setNotice({ kind: 'success', text: `${plan.displayName} saved.` });
                setEditing(null);
                reload();
              }}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** The hourly plan jobs, run now. */
function PlanJobs({ onDone, onError }: { onDone: (text: string) => void; onError: (text: string) => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = (job: 'expire-trials' | 'academia-backlinks') => {
    setBusy(job);
    plansApi
      .adminRunPlanJob(job)
      .then(
        (r) =>
          onDone(
            job === 'expire-trials'
              ? `${r.downgraded ?? 0} expired trial(s) downgraded to Public.`
              : `${r.warned ?? 0} backlink reminder(s) sent, ${r.reverted ?? 0} Academia workspace(s) reverted to Public.`,
          ),
        (e: unknown) => onError(errorMessage(e)),
      )
      .finally(() => setBusy(null));
  };
  return (
    <section className="acc-panel" aria-labelledby="plan-jobs-title">
      <h2 id="plan-jobs-title">Plan jobs</h2>
      <p>
        These run every hour on their own. Run them now to apply trial ends and Academia deadlines at once (running them
        twice changes nothing twice).
      </p>
      <div className="acc-row">
        <button
          type="button"
          className="button button--ghost"
          disabled={busy !== null}
          onClick={() => run('expire-trials')}
        >
          {busy === 'expire-trials' ? 'Running…' : 'Downgrade expired trials now'}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy !== null}
          onClick={() => run('academia-backlinks')}
        >
          {busy === 'academia-backlinks' ? 'Running…' : 'Apply Academia deadlines now'}
        </button>
      </div>
    </section>
  );
}

function SelfHostedPlan({
  plans,
  billingEnabled,
  selected,
  onSaved,
}: {
  plans: PlanInfo[];
  billingEnabled: boolean;
  selected: number;
  onSaved: (text: string) => void;
}) {
  const [value, setValue] = useState(String(selected));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section className="acc-panel" aria-labelledby="self-hosted-title">
      <h2 id="self-hosted-title">Plan of every workspace while billing is off</h2>
      <p>
        {billingEnabled
          ? 'Billing is on (STRIPE_SECRET_KEY is set): workspaces follow their own subscription. This choice applies when billing is off.'
          : 'Billing is off on this instance (no STRIPE_SECRET_KEY): every workspace gets this plan. The default, Enterprise, has no limits.'}
      </p>
      <FormMessage>{error}</FormMessage>
      <form
        className="acc-row"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          plansApi
            .adminSelfHostedPlan(Number(value))
            .then(
              () => onSaved('Every workspace now gets this plan while billing is off.'),
              (e: unknown) => setError(errorMessage(e)),
            )
            .finally(() => setBusy(false));
        }}
      >
        <Field label="Plan for every workspace">
          {(aria) => (
            <select
              className="acc-input acc-input--select"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              {...aria}
            >
              {plans.map((p) => (
                <option key={p.type} value={String(p.type)}>{`${p.displayName} (${p.name})`}</option>
              ))}
            </select>
          )}
        </Field>
        <SubmitButton busy={busy} busyLabel="Saving…" className="button button--primary">
          Save
        </SubmitButton>
      </form>
    </section>
  );
}

function PlanForm({ plan, onSaved }: { plan: PlanInfo; onSaved: (plan: PlanInfo) => void }) {
  const form = useContractForm(planFormSchema, formValues(plan));
  return (
    <form
      className="acc-panel admin-plan-form"
      noValidate
      aria-labelledby="plan-form-title"
      onSubmit={form.submitWith(async (body) => onSaved(await plansApi.adminUpdatePlan(plan.type, body)))}
    >
      <h2 id="plan-form-title">
        Edit {plan.displayName} (type {plan.type})
      </h2>
      <FormMessage>{form.formError}</FormMessage>
      <div className="acc-grid-3">
        <TextField label="Name shown" {...form.field('displayName')} />
        <TextField label="Price per month (€)" inputMode="decimal" {...form.field('priceMonthly')} />
        <TextField label="Price per year (€)" inputMode="decimal" {...form.field('priceYearly')} />
      </div>
      <TextField label="Tagline" {...form.field('tagline')} />
      <div className="acc-grid-3">
        {planLimitKeys.map((key) => (
          <TextField
            key={key}
            label={planLimitLabels[key]}
            inputMode="numeric"
            placeholder="Unlimited"
            {...form.field(`limits.${key}`)}
          />
        ))}
      </div>
      <div className="acc-grid-3">
        <CheckboxField label="On the pricing page" {...form.field('active')} />
        <CheckboxField label="14-day free trial" {...form.field('trial')} />
        <CheckboxField label="Highlighted (most popular)" {...form.field('highlighted')} />
        <CheckboxField label="Private diagrams and account" {...form.field('privateDiagrams')} />
        <CheckboxField label="Teams" {...form.field('teams')} />
        <TextField label="Position on the pricing page" inputMode="numeric" {...form.field('position')} />
      </div>
      <TextAreaField
        label="Features (one per line: Label | value — yes, no or text)"
        rows={8}
        {...form.field('features')}
      />
      <div className="acc-row acc-row--end">
        <SubmitButton busy={form.submitting} busyLabel="Saving…" className="button button--primary">
          Save {plan.displayName}
        </SubmitButton>
      </div>
    </form>
  );
}
