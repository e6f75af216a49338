import { AuthTexts } from '@loopwright/contracts';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { safeReturnTo } from '../../features/account/account-api';
import { FormMessage } from '../../features/account/forms';
import { GoogleSignIn } from '../../features/account/google-button';
import { SsoSignIn } from '../../features/account/sso-button';
import { AuthCard, PageTitle, StatusIcon } from '../../features/account/page-shell';
import { RegisterForm, type RegisterConfirmation } from '../../features/account/register-form';
import { useResendConfirmation } from '../../features/account/resend-confirmation';
import { useSession } from '../../features/account/session';

const TEAM_FOLDER = '/diagrams?list=team';

export default function RegisterPage() {
  const session = useSession();
  const [registered, setRegistered] = useState<{ email: string; confirmation: RegisterConfirmation } | null>(null);
  // An invitation e-mail's sign-up link: the invited address, the invitation's token and where to land.
  const [params] = useSearchParams();
  const invitation = params.get('invitation') ?? undefined;
  const returnTo = safeReturnTo(params.get('returnTo'), '') || (invitation ? TEAM_FOLDER : undefined);
  if (session.authenticated) return <Navigate to={returnTo ?? '/'} replace />;
  // Signed up from a team invitation: confirmed, in the team and signed in; the onboarding (no plan step) comes next.
  if (registered?.confirmation === 'done' && session.user)
    return <Navigate to={`/onboarding?returnTo=${encodeURIComponent(returnTo ?? TEAM_FOLDER)}`} replace />;
  if (registered) return <CheckInbox email={registered.email} confirmation={registered.confirmation} />;
  return (
    <AuthCard title="Create your free account" lead="Design, simulate and share game economies. Free for public work.">
      <PageTitle>Register</PageTitle>
      <SsoSignIn returnTo={returnTo ?? '/'} />
      <GoogleSignIn returnTo={returnTo ? `/onboarding?returnTo=${encodeURIComponent(returnTo)}` : '/onboarding'} />
      <RegisterForm
        onRegistered={(email, confirmation) => setRegistered({ email, confirmation })}
        defaultEmail={params.get('email') ?? ''}
        returnTo={returnTo}
        invitation={invitation}
      />
      <p className="acc-auth-card__footer">
        Already have an account?{' '}
        <Link to={returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login'}>Log in</Link>
      </p>
    </AuthCard>
  );
}

/** After registering: the confirmation link is on its way (offer a new one), or an administrator confirms. */
export function CheckInbox({ email, confirmation = 'email' }: { email: string; confirmation?: RegisterConfirmation }) {
  const state = useResendConfirmation();
  if (confirmation === 'administrator')
    return (
      <AuthCard title="Your account waits for an administrator" icon={<StatusIcon kind="mail" />}>
        <PageTitle>Account created</PageTitle>
        <p className="acc-auth-card__lead" role="status">
          The account for <strong>{email}</strong> is created. {AuthTexts.confirmByAdministrator}
        </p>
        <p className="acc-auth-card__footer">
          Confirmed already? <Link to={`/login?email=${encodeURIComponent(email)}`}>Log in</Link>
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title="Check your inbox" icon={<StatusIcon kind="mail" />}>
      <PageTitle>Check your inbox</PageTitle>
      <p className="acc-auth-card__lead" role="status">
        We sent a confirmation link to <strong>{email}</strong>. Follow it to confirm your e-mail address, then log in.
      </p>
      <FormMessage kind="success">{state.message}</FormMessage>
      <FormMessage>{state.error}</FormMessage>
      <button
        type="button"
        className="button button--ghost acc-button--block"
        disabled={state.busy}
        onClick={() => state.send(email)}
      >
        {state.busy ? 'Sending…' : 'Send the link again'}
      </button>
      <p className="acc-auth-card__footer">
        Confirmed already? <Link to={`/login?email=${encodeURIComponent(email)}`}>Log in</Link>
      </p>
    </AuthCard>
  );
}
