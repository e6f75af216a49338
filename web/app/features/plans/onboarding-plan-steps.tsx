import { academiaApplicationBodySchema } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { CheckboxField, FormMessage, SubmitButton, TextAreaField, TextField, useContractForm } from '../account/forms';
import { PageLoading } from '../account/page-shell';
import { errorMessage } from '../../lib/api-client';
import { formatLimit, plansApi, type PlanInfo } from './plans-api';
import { TrialStart } from './trial-start';
import './plans.css';

export type PlanChoice =
  { kind: 'public' } | { kind: 'trial'; planName: string; cycle: 'monthly' | 'yearly' } | { kind: 'academia' };

/** Onboarding → Choose plan: stay on Public, start a paid plan's 14-day trial, or apply for Academia. */
export function ChoosePlanStep({ onChoose, onBack }: { onChoose: (choice: PlanChoice) => void; onBack: () => void }) {
  const [plans, setPlans] = useState<PlanInfo[] | null>(null);
  const [trialUsed, setTrialUsed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cycle, setCycle] = useState<'monthly' | 'yearly'>('monthly');
  useEffect(() => {
    Promise.all([plansApi.catalogue(), plansApi.subscription()]).then(
      ([catalogue, sub]) => {
        setPlans(catalogue.plans);
        setTrialUsed(sub.trialUsed);
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, []);
  if (!plans) return error ? <FormMessage>{error}</FormMessage> : <PageLoading label="Loading plans…" />;
  return (
    <div className="acc-stack">
      <p className="acc-auth-card__lead" style={{ margin: 0 }}>
        Every paid plan starts with a 14-day free trial, no card needed. You can change your mind any time.
      </p>
      <div className="plan-cycle" role="radiogroup" aria-label="Billing cycle">
        {(['monthly', 'yearly'] as const).map((c) => (
          <button key={c} type="button" role="radio" aria-checked={cycle === c} onClick={() => setCycle(c)}>
            {c === 'monthly' ? 'Monthly' : 'Yearly — 2 months free'}
          </button>
        ))}
      </div>
      <ul className="onboarding-plans">
        {plans.map((plan) => (
          <li key={plan.type} className="acc-panel">
            <strong>{plan.displayName}</strong>
            <span>
              {plan.price[cycle] === 0
                ? 'Free'
                : `€${plan.price[cycle]} ${cycle === 'monthly' ? 'per month' : 'per year'}`}
            </span>
            <span className="plan-current__meta">
              {formatLimit(plan.limits.components)} components · {formatLimit(plan.limits.runSteps)} run steps
            </span>
            {plan.trial && !trialUsed ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() => onChoose({ kind: 'trial', planName: plan.name, cycle })}
              >
                Try {plan.displayName} free for 14 days
              </button>
            ) : plan.price.monthly === 0 ? (
              <button type="button" className="button button--ghost" onClick={() => onChoose({ kind: 'public' })}>
                Continue with {plan.displayName}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="acc-row acc-row--end">
        <button type="button" className="button button--ghost" onClick={onBack}>
          Back
        </button>
        <button type="button" className="button button--ghost" onClick={() => onChoose({ kind: 'academia' })}>
          I teach: apply for the Academia plan
        </button>
      </div>
    </div>
  );
}

/** Onboarding → Trial start (the same screen as /start-trial, inside the sign-up card). */
export function TrialStartStep({
  choice,
  onDone,
  onBack,
}: {
  choice: Extract<PlanChoice, { kind: 'trial' }>;
  onDone: () => void;
  onBack: () => void;
}) {
  return <TrialStart embedded planName={choice.planName} cycle={choice.cycle} onStarted={onDone} onBack={onBack} />;
}

/** Onboarding → Academia plan application (reviewed by an administrator). */
export function AcademiaApplicationStep({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const form = useContractForm(academiaApplicationBodySchema, {
    educatorEmail: '',
    courseName: '',
    studentsCount: '',
    lessonPlan: '',
    examCurriculum: '',
    motivation: '',
    backlinkAcknowledged: false as unknown as true,
  });
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <div className="acc-stack">
        <p className="acc-notice acc-notice--success">
          Thank you! We will review your Academia application and let you know by e-mail.
        </p>
        <div className="acc-row acc-row--end">
          <button type="button" className="button button--primary" onClick={onDone}>
            Continue
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="acc-stack"
      noValidate
      onSubmit={form.submitWith(async (data) => {
        await plansApi.applyAcademia(data);
        setSent(true);
      })}
    >
      <p className="acc-auth-card__lead" style={{ margin: 0 }}>
        Educators get the Academia plan for their courses. We review each application by hand.
      </p>
      <FormMessage>{form.formError}</FormMessage>
      <div className="acc-grid-2">
        <TextField
          label="Educator e-mail"
          type="email"
          autoComplete="email"
          required
          {...form.field('educatorEmail')}
          hint="Your address at the school or university."
        />
        <TextField label="Course name" required {...form.field('courseName')} />
        <TextField label="Number of students" inputMode="numeric" required {...form.field('studentsCount')} />
      </div>
      <TextAreaField label="Lesson plan" rows={3} required {...form.field('lessonPlan')} />
      <TextAreaField label="Exam curriculum" rows={3} required {...form.field('examCurriculum')} />
      <TextAreaField
        label="Why do you want to use Loopwright in your course?"
        rows={3}
        required
        {...form.field('motivation')}
      />
      <CheckboxField
        label="I will add a backlink to Loopwright on the course page within 30 days; without it the plan goes back to Public."
        {...form.field('backlinkAcknowledged')}
      />
      <div className="acc-row acc-row--end">
        <button type="button" className="button button--ghost" onClick={onBack}>
          Back
        </button>
        <SubmitButton busy={form.submitting} busyLabel="Sending…" className="button button--primary">
          Send my application
        </SubmitButton>
      </div>
    </form>
  );
}
