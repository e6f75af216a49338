import { AuthTexts, resetPasswordBodySchema } from '@loopwright/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { accountApi } from '../../features/account/account-api';
import { FormMessage, PasswordField, SubmitButton, useContractForm } from '../../features/account/forms';
import { AuthCard, PageTitle, StatusIcon } from '../../features/account/page-shell';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useContractForm(resetPasswordBodySchema, { token, password: '', confirmPassword: '' });
  const [done, setDone] = useState(false);
  const [expired, setExpired] = useState<string | null>(null);

  if (!token || expired) {
    return (
      <AuthCard
        title={expired ? 'This link has expired' : 'This link is incomplete'}
        icon={<StatusIcon kind="error" />}
      >
        <PageTitle>Reset password</PageTitle>
        <FormMessage>
          {expired ?? 'The reset link is missing its token. Open the link from the e-mail again, or ask for a new one.'}
        </FormMessage>
        <Link to="/password-recovery" className="button button--primary acc-button--block">
          Send me a new link
        </Link>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title="Your password has been changed" icon={<StatusIcon kind="success" />}>
        <PageTitle>Reset password</PageTitle>
        <p className="acc-auth-card__lead" role="status">
          You can log in with your new password now. Other devices were logged out.
        </p>
        <Link to="/login?reset=1" className="button button--primary acc-button--block">
          Log in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      lead="At least 8 characters, not a commonly used password. You will use it to log in from now on."
    >
      <PageTitle>Reset password</PageTitle>
      <form
        className="acc-stack"
        noValidate
        aria-label="Reset password"
        onSubmit={form.submitWith(
          async (data) => {
            await accountApi.resetPassword(data);
            setDone(true);
          },
          {
            onError: (error) => {
              // An expired or used token (or a field error on the token itself): offer a new link.
              if (
                error instanceof ApiError &&
                (error.message === AuthTexts.resetTokenExpired || 'token' in error.fields)
              ) {
                setExpired(error.message === AuthTexts.resetTokenExpired ? error.message : error.fields.token);
                return true;
              }
              return false;
            },
          },
        )}
      >
        <FormMessage>{form.formError}</FormMessage>
        {form.formState.errors.token ? <FormMessage>{form.formState.errors.token.message}</FormMessage> : null}
        <PasswordField label="New password" autoComplete="new-password" required {...form.field('password')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
        <SubmitButton busy={form.submitting} busyLabel="Saving…">
          Set new password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
