import { AuthTexts, emailBodySchema } from '@loopwright/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountApi } from '../../features/account/account-api';
import { FormMessage, SubmitButton, TextField, useContractForm } from '../../features/account/forms';
import { AuthCard, PageTitle, StatusIcon } from '../../features/account/page-shell';

export default function PasswordRecoveryPage() {
  const [params] = useSearchParams();
  const form = useContractForm(emailBodySchema, { email: params.get('email') ?? '' });
  const [sent, setSent] = useState<string | null>(null);

  if (sent) {
    return (
      <AuthCard title="Check your inbox" icon={<StatusIcon kind="mail" />}>
        <PageTitle>Password recovery</PageTitle>
        <FormMessage kind="success">{sent}</FormMessage>
        <p className="acc-auth-card__footer">
          <Link to="/login">Back to log in</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <PageTitle>Password recovery</PageTitle>
      <form
        className="acc-stack"
        noValidate
        aria-label="Password recovery"
        onSubmit={form.submitWith(async (data) => {
          const answer = await accountApi.recoverPassword(data.email);
          setSent(answer.message || AuthTexts.recoverySent);
        })}
      >
        <FormMessage>{form.formError}</FormMessage>
        <TextField label="E-mail" type="email" autoComplete="email" required {...form.field('email')} />
        <SubmitButton busy={form.submitting} busyLabel="Sending…">
          Send reset link
        </SubmitButton>
      </form>
      <p className="acc-auth-card__footer">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}
