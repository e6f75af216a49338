import { AuthTexts, loginBodySchema, passwordSchema } from '@loopwright/contracts';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { safeReturnTo } from '../../features/account/account-api';
import { FormMessage, PasswordField, SubmitButton, TextField, useContractForm } from '../../features/account/forms';
import { GoogleSignIn } from '../../features/account/google-button';
import { AuthCard, PageTitle } from '../../features/account/page-shell';
import { useResendConfirmation } from '../../features/account/resend-confirmation';
import { useSession } from '../../features/account/session';
import { takeLinkAfterSignup } from '../../features/account/login-dialog-payload';
import { logIn } from '../../features/account/log-in';
import { useSignInOptions } from '../../features/account/sign-in-options';

// The login body as the API takes it, with the spec's 6-character rule on the password.
const loginSchema = loginBodySchema.extend({ password: passwordSchema });

export default function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const openAfter = params.get('open');
  const session = useSession();
  const options = useSignInOptions();
  const navigate = useNavigate();
  const form = useContractForm(loginSchema, { email: params.get('email') ?? '', password: '' });
  const [unconfirmed, setUnconfirmed] = useState(false);
  const resend = useResendConfirmation();
  const [done, setDone] = useState(false);
  const email = form.watch('email');

  if (session.authenticated && !done) return <Navigate to={returnTo} replace />;

  return (
    <AuthCard title="Log in to Loopwright" lead="Welcome back. Pick up where you left off.">
      <PageTitle>Log in</PageTitle>
      {params.get('error') === 'google' ? <FormMessage>{AuthTexts.googleFailed}</FormMessage> : null}
      {params.get('confirmed') ? (
        <FormMessage kind="success">Your e-mail address is confirmed. Log in to continue.</FormMessage>
      ) : null}
      {params.get('reset') ? (
        <FormMessage kind="success">Your password has been changed. Log in with the new one.</FormMessage>
      ) : null}
      {params.get('admin') ? (
        <FormMessage kind="success">The administrator account is ready. Log in with it to continue.</FormMessage>
      ) : null}
      <form
        className="acc-stack"
        noValidate
        aria-label="Log in"
        onSubmit={(event) => {
          setUnconfirmed(false);
          resend.reset();
          void form.submitWith(
            async (data) => {
              const user = await logIn(data, options?.recaptchaSiteKey);
              setDone(true);
              session.setUser(user);
              // After a like: the diagram's link, from this URL or remembered by the sign-up dialog.
              const link = openAfter ?? takeLinkAfterSignup();
              if (link && safeReturnTo(link, '') !== '') window.open(link, '_blank', 'noopener');
              void navigate(user.username ? returnTo : `/onboarding?returnTo=${encodeURIComponent(returnTo)}`, {
                replace: true,
              });
            },
            {
              onError: (error) => {
                if (error instanceof ApiError && error.code === 'AUTH_EMAIL_NOT_CONFIRMED') {
                  setUnconfirmed(true);
                  return true;
                }
                return false;
              },
            },
          )(event);
        }}
      >
        {unconfirmed ? (
          <div className="acc-notice acc-notice--warning" role="alert">
            <p>{AuthTexts.emailNotConfirmed}</p>
            {resend.message ? (
              <p role="status">{resend.message}</p>
            ) : (
              <p>
                No e-mail?{' '}
                <button
                  type="button"
                  className="acc-link-button"
                  onClick={() => resend.send(email)}
                  disabled={resend.busy}
                >
                  {resend.busy ? 'Sending…' : 'Send a new confirmation link'}
                </button>
              </p>
            )}
            {resend.error ? <p>{resend.error}</p> : null}
          </div>
        ) : null}
        <FormMessage>{form.formError}</FormMessage>
        <TextField label="E-mail" type="email" autoComplete="email" required {...form.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" required {...form.field('password')} />
        <div className="acc-auth-card__row">
          <span />
          <Link to={`/password-recovery${email ? `?email=${encodeURIComponent(email)}` : ''}`}>
            Forgot your password?
          </Link>
        </div>
        <SubmitButton busy={form.submitting} busyLabel="Logging in…">
          Log in
        </SubmitButton>
      </form>
      {/* New Google accounts still need a username: onboarding sends finished users straight on. */}
      <GoogleSignIn returnTo={`/onboarding?returnTo=${encodeURIComponent(returnTo)}`} dividerFirst />
      <p className="acc-auth-card__footer">
        New to Loopwright? <Link to="/register">Create a free account</Link>
      </p>
    </AuthCard>
  );
}
