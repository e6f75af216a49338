import type { LoaderFunctionArgs } from 'react-router';
import { AuthTexts, onboardingBodySchema, usernameSchema, type AuthenticatedUser } from '@loopwright/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { accountApi } from '../../features/account/account-api';
import {
  CheckboxField,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useContractForm,
  type ContractForm,
} from '../../features/account/forms';
import { requireSessionCookie, RequireAccount } from '../../features/account/guards';
import { AuthCard, PageTitle } from '../../features/account/page-shell';
import { useSession } from '../../features/account/session';
import {
  AcademiaApplicationStep,
  ChoosePlanStep,
  TrialStartStep,
  type PlanChoice,
} from '../../features/plans/onboarding-plan-steps';
import { plansApi } from '../../features/plans/plans-api';
import { teamsApi } from '../../features/teams/teams-api';
import { useSearchParams } from 'react-router';

export function loader({ request }: LoaderFunctionArgs) {
  return requireSessionCookie(request);
}

const ROLES = [
  'Game designer',
  'Economy or systems designer',
  'Game developer',
  'Producer or product manager',
  'Student',
  'Educator',
  'Researcher',
  'Hobbyist',
  'Other',
] as const;
const DESIGN_FOCUS = [
  'Game economy',
  'Progression and rewards',
  'Combat and balance',
  'Loot and gacha systems',
  'LiveOps events',
  'Board or tabletop game',
  'Something else',
] as const;
const STAGES = [
  'Just exploring',
  'Concept',
  'Prototype',
  'In production',
  'Live game',
  'Teaching or studying',
] as const;
const COMPANY_SIZES = ['Just me', '2–10', '11–50', '51–200', '201–1000', 'More than 1000'] as const;
type StepName =
  'Welcome' | 'Personalize' | 'Choose plan' | 'Trial start' | 'Academia application' | 'Community username';
const TITLES: Record<StepName, string> = {
  Welcome: 'Welcome to Loopwright',
  Personalize: 'Tell us about your work',
  'Choose plan': 'Choose your plan',
  'Trial start': 'Start your free trial',
  'Academia application': 'Apply for the Academia plan',
  'Community username': 'Choose your community username',
};

const personalizeSchema = onboardingBodySchema.omit({ username: true });

interface Answers {
  userRole: string;
  designFocus: string;
  developmentStage: string;
  company: string;
  jobTitle: string;
  companySize: string;
  school: string;
  projectDescription: string;
  privatePhone: string;
  newsletter: boolean;
}

export default function OnboardingPage() {
  return <RequireAccount mode="onboarding">{(user) => <Onboarding user={user} />}</RequireAccount>;
}

/** Letters, digits and - _ + . only, from the e-mail's local part. */
function suggestUsername(email: string): string {
  return email
    .split('@')[0]
    .replace(/[^A-Za-z0-9\-_+.]/g, '')
    .slice(0, 40);
}

function Onboarding({ user }: { user: AuthenticatedUser }) {
  const [step, setStep] = useState(0);
  const [params] = useSearchParams();
  // Choose plan and Trial start / Academia: only where billing is on, not when a trial link brought the
  // person here, and not for a member of a team (the team's plan covers the team's work).
  const [billingEnabled, setBillingEnabled] = useState(false);
  const [inTeam, setInTeam] = useState(false);
  const [choice, setChoice] = useState<PlanChoice>({ kind: 'public' });
  useEffect(() => {
    plansApi.catalogue().then(
      (c) => setBillingEnabled(c.billingEnabled),
      () => setBillingEnabled(false),
    );
    teamsApi.mine().then(
      (team) => setInTeam(team !== null && team.role !== 'owner'),
      () => setInTeam(false),
    );
  }, []);
  const planSteps = billingEnabled && !inTeam && !(params.get('returnTo') ?? '').startsWith('/start-trial');
  const STEPS: StepName[] = [
    'Welcome',
    'Personalize',
    ...(planSteps ? (['Choose plan'] as StepName[]) : []),
    ...(planSteps && choice.kind === 'trial' ? (['Trial start'] as StepName[]) : []),
    ...(planSteps && choice.kind === 'academia' ? (['Academia application'] as StepName[]) : []),
    'Community username',
  ];
  const current = STEPS[Math.min(step, STEPS.length - 1)];
  const next = () => setStep((s) => s + 1);
  const back = () => setStep((s) => Math.max(0, s - 1));
  const heading = useRef<HTMLHeadingElement>(null);
  const personalize = useContractForm(personalizeSchema, {
    userRole: '',
    designFocus: '',
    developmentStage: '',
    company: user.company ?? '',
    jobTitle: user.jobTitle ?? '',
    companySize: '',
    school: '',
    projectDescription: '',
    privatePhone: '',
    newsletter: false,
  });

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  return (
    <AuthCard title={TITLES[current]} wide>
      <PageTitle>{`Onboarding: ${current}`}</PageTitle>
      <h2 className="acc-visually-hidden" tabIndex={-1} ref={heading}>
        {`Step ${step + 1} of ${STEPS.length}: ${current}`}
      </h2>
      <ol className="acc-steps" aria-label="Sign-up steps">
        {STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index === step ? 'step' : undefined}
            className={index < step ? 'acc-steps__done' : undefined}
          >
            {name}
          </li>
        ))}
      </ol>
      {current === 'Welcome' ? <Welcome email={user.email} onNext={next} /> : null}
      {current === 'Personalize' ? (
        <form className="acc-stack" noValidate onSubmit={personalize.handleSubmit(next)}>
          <p className="acc-auth-card__lead" style={{ margin: 0 }}>
            A few answers help us suggest templates and tutorials for you. All of them are optional.
          </p>
          <PersonalizeFields form={personalize} />
          <div className="acc-row acc-row--end">
            <button type="button" className="button button--ghost" onClick={back}>
              Back
            </button>
            <button type="submit" className="button button--primary">
              Continue
            </button>
          </div>
        </form>
      ) : null}
      {current === 'Choose plan' ? (
        <ChoosePlanStep
          onBack={back}
          onChoose={(chosen) => {
            setChoice(chosen);
            next();
          }}
        />
      ) : null}
      {current === 'Trial start' && choice.kind === 'trial' ? (
        <TrialStartStep choice={choice} onDone={next} onBack={back} />
      ) : null}
      {current === 'Academia application' ? <AcademiaApplicationStep onDone={next} onBack={back} /> : null}
      {current === 'Community username' ? (
        <UsernameStep user={user} answers={personalize.getValues()} onBack={back} />
      ) : null}
    </AuthCard>
  );
}

function Welcome({ email, onNext }: { email: string; onNext: () => void }) {
  return (
    <div className="acc-stack">
      <p className="acc-auth-card__lead" style={{ margin: 0 }}>
        You are signed in as <strong>{email}</strong>. Two short steps and you are ready to go:
      </p>
      <ul className="acc-welcome-list">
        <li>Draw your game economy with pools, sources, drains and converters.</li>
        <li>Run it once step by step, or thousands of times, and read the results.</li>
        <li>Share diagrams with the community and learn from what others built.</li>
      </ul>
      <div className="acc-row acc-row--end">
        <button type="button" className="button button--primary" onClick={onNext}>
          Get started
        </button>
      </div>
    </div>
  );
}

type AnswersForm = ContractForm<Answers, unknown>;

function PersonalizeFields({ form }: { form: AnswersForm }) {
  const role = form.watch('userRole');
  const studying = role === 'Student' || role === 'Educator' || role === 'Researcher';
  return (
    <>
      <div className="acc-grid-2">
        <SelectField label="What describes you best?" {...form.field('userRole')} options={ROLES} />
        <SelectField label="What do you want to design?" {...form.field('designFocus')} options={DESIGN_FOCUS} />
        <SelectField label="Where is your project at?" {...form.field('developmentStage')} options={STAGES} />
        {studying ? (
          <TextField label="School or university" autoComplete="organization" {...form.field('school')} />
        ) : (
          <SelectField label="Company size" {...form.field('companySize')} options={COMPANY_SIZES} />
        )}
        <TextField label="Company" autoComplete="organization" {...form.field('company')} />
        <TextField label="Job title" autoComplete="organization-title" {...form.field('jobTitle')} />
      </div>
      <TextAreaField
        label="What are you working on?"
        rows={3}
        {...form.field('projectDescription')}
        hint="A sentence or two is plenty."
      />
      <TextField
        label="Phone (optional, private)"
        type="tel"
        autoComplete="tel"
        {...form.field('privatePhone')}
        hint="Only used if you ask us to call you back; never shown on your profile."
      />
      <CheckboxField
        label="Send me the newsletter: new features, templates and game-design articles"
        {...form.field('newsletter')}
      />
    </>
  );
}

type Availability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken' }
  | { state: 'invalid'; message: string }
  | { state: 'unknown' };

/** Checks the username as it is typed: the pattern at once, then the server after a pause. */
function useUsernameAvailability(username: string): Availability {
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });
  useEffect(() => {
    const trimmed = username.trim();
    if (!trimmed) {
      setAvailability({ state: 'idle' });
      return;
    }
    const parsed = usernameSchema.safeParse(trimmed);
    if (!parsed.success) {
      setAvailability({ state: 'invalid', message: parsed.error.issues[0]?.message ?? AuthTexts.usernameInvalid });
      return;
    }
    setAvailability({ state: 'checking' });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      accountApi.usernameAvailable(parsed.data, controller.signal).then(
        (available) => setAvailability({ state: available ? 'available' : 'taken' }),
        (error: unknown) => {
          if ((error as Error)?.name !== 'AbortError') setAvailability({ state: 'unknown' });
        },
      );
    }, 400);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [username]);
  return availability;
}

function UsernameStep({ user, answers, onBack }: { user: AuthenticatedUser; answers: Answers; onBack: () => void }) {
  const session = useSession();
  const form = useContractForm(onboardingBodySchema, { ...answers, username: suggestUsername(user.email) });
  const username = form.watch('username');
  const availability = useUsernameAvailability(username);
  const error =
    form.formState.errors.username?.message ??
    (availability.state === 'taken'
      ? AuthTexts.usernameTaken
      : availability.state === 'invalid'
        ? availability.message
        : undefined);

  return (
    <form
      className="acc-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (availability.state === 'taken') return;
        void form.submitWith(
          async (data) => {
            const updated = await accountApi.completeOnboarding(data);
            // The guard sends a user with a username on to where they were going.
            session.setUser(updated);
          },
          {
            onError: (failure) => {
              if (
                failure instanceof ApiError &&
                (failure.status === 409 || failure.message === AuthTexts.usernameTaken)
              ) {
                form.setError(
                  'username',
                  { type: 'server', message: failure.message || AuthTexts.usernameTaken },
                  { shouldFocus: true },
                );
                return true;
              }
              return false;
            },
          },
        )(event);
      }}
    >
      <p className="acc-auth-card__lead" style={{ margin: 0 }}>
        Your username is your public name in the community: your profile lives at{' '}
        <span className="acc-mono">/community/{username.trim() || 'username'}/profile</span>.
      </p>
      <FormMessage>{form.formError}</FormMessage>
      <TextField
        label="Community username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={40}
        {...form.field('username')}
        error={error}
        hint="Letters a–z and A–Z, digits 0–9, and - _ + . are allowed."
      />
      <p
        className={`acc-availability acc-availability--${availability.state === 'available' ? 'ok' : availability.state === 'checking' ? 'checking' : 'none'}`}
        aria-live="polite"
      >
        {availability.state === 'checking'
          ? 'Checking…'
          : availability.state === 'available'
            ? `✓ ${username.trim()} is available`
            : ''}
      </p>
      <div className="acc-row acc-row--end">
        <button type="button" className="button button--ghost" onClick={onBack}>
          Back
        </button>
        <SubmitButton busy={form.submitting} busyLabel="Saving…" className="button button--primary">
          Finish
        </SubmitButton>
      </div>
    </form>
  );
}
