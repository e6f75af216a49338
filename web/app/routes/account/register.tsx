import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { safeReturnTo } from '../../features/account/account-api';
import { FormMessage } from '../../features/account/forms';
import { GoogleSignIn } from '../../features/account/google-button';
import { SsoSignIn } from '../../features/account/sso-button';
import { AuthCard, PageTitle, StatusIcon } from '../../features/account/page-shell';
import { RegisterForm } from '../../features/account/register-form';
import { useResendConfirmation } from '../../features/account/resend-confirmation';
import { useSession } from '../../features/account/session';

export default function RegisterPage() {
  const session = useSession();
  const [registered, setRegistered] = useState<string | null>(null);
  // An invitation e-mail's sign-up link: the invited address, and the shared diagram to land on.
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'), '') || undefined;
  if (session.authenticated) return <Navigate to={returnTo ?? '/'} replace />;
  if (registered) return <CheckInbox email={registered} />;
  return (
    <AuthCard title="Create your free account" lead="Design, simulate and share game economies. Free for public work.">
      <PageTitle>Register</PageTitle>
      <SsoSignIn returnTo={returnTo ?? '/'} />
      <GoogleSignIn returnTo={returnTo ? `/onboarding?returnTo=${encodeURIComponent(returnTo)}` : '/onboarding'} />
      <RegisterForm onRegistered={setRegistered} defaultEmail={params.get('email') ?? ''} returnTo={returnTo} />
      <p className="acc-auth-card__footer">
        Already have an account?{' '}
        <Link to={returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login'}>Log in</Link>
      </p>
    </AuthCard>
  );
}

/** After registering: the confirmation link is on its way; offer a new one. */
export function CheckInbox({ email }: { email: string }) {
  const state = useResendConfirmation();
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
