import { AuthTexts, emailBodySchema } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { accountApi, safeReturnTo } from '../../features/account/account-api';
import { FormMessage, SubmitButton, TextField, useContractForm } from '../../features/account/forms';
import { AuthCard, PageLoading, PageTitle, StatusIcon } from '../../features/account/page-shell';

type State =
  | { status: 'confirming' }
  | { status: 'confirmed'; message: string }
  | { status: 'failed'; message: string; expired: boolean };

// A token is used once: one request per token, even if the effect runs twice.
const attempts = new Map<string, Promise<string>>();
function confirmOnce(token: string): Promise<string> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = accountApi.confirmEmail(token).then((answer) => answer.message);
    attempts.set(token, attempt);
  }
  return attempt;
}

export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Set when the account was made to open something (a diagram shared with it): logging in leads there.
  const returnTo = safeReturnTo(params.get('returnTo'), '');
  const [state, setState] = useState<State>(
    token
      ? { status: 'confirming' }
      : { status: 'failed', message: 'The confirmation link is missing its token.', expired: false },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmOnce(token).then(
      (message) => live && setState({ status: 'confirmed', message }),
      (error: unknown) => {
        if (!live) return;
        const message = errorMessage(error);
        const expired =
          error instanceof ApiError &&
          (message === AuthTexts.verificationTokenExpired || error.code.includes('EXPIRED'));
        setState({ status: 'failed', message, expired });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (state.status === 'confirming') {
    return (
      <AuthCard title="Confirming your e-mail address…" icon={<StatusIcon kind="mail" />}>
        <PageTitle>Confirm e-mail</PageTitle>
        <PageLoading label="Confirming your e-mail address" />
      </AuthCard>
    );
  }
  if (state.status === 'confirmed') {
    return (
      <AuthCard title="Your e-mail address is confirmed" icon={<StatusIcon kind="success" />}>
        <PageTitle>Confirm e-mail</PageTitle>
        <p className="acc-auth-card__lead" role="status">
          Thank you. Your account is ready: log in to choose your community username.
        </p>
        <Link
          to={returnTo ? `/login?confirmed=1&returnTo=${encodeURIComponent(returnTo)}` : '/login?confirmed=1'}
          className="button button--primary acc-button--block"
        >
          Log in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={state.expired ? 'This link has expired' : 'We could not confirm your e-mail'}
      icon={<StatusIcon kind="error" />}
    >
      <PageTitle>Confirm e-mail</PageTitle>
      <FormMessage>{state.message}</FormMessage>
      <ResendConfirmation />
    </AuthCard>
  );
}

function ResendConfirmation() {
  const form = useContractForm(emailBodySchema, { email: '' });
  const [sent, setSent] = useState<string | null>(null);
  if (sent) return <FormMessage kind="success">{sent}</FormMessage>;
  return (
    <form
      className="acc-stack"
      noValidate
      aria-label="Send a new confirmation link"
      onSubmit={form.submitWith(async (data) => {
        const answer = await accountApi.resendConfirmation(data.email);
        setSent(answer.message || AuthTexts.confirmationResent);
      })}
    >
      <p className="acc-auth-card__lead" style={{ margin: 0 }}>
        Enter your e-mail address and we will send you a new confirmation link.
      </p>
      <FormMessage>{form.formError}</FormMessage>
      <TextField label="E-mail" type="email" autoComplete="email" required {...form.field('email')} />
      <SubmitButton busy={form.submitting} busyLabel="Sending…">
        Send a new link
      </SubmitButton>
    </form>
  );
}
