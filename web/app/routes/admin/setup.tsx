import { AuthTexts, adminEndpoints } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { accountApi } from '../../features/account/account-api';
import {
  FormMessage,
  PasswordField,
  SubmitButton,
  TextField,
  useContractForm,
  type FormCheck,
} from '../../features/account/forms';
import { InstanceIdField, instanceIdMemory } from '../../features/account/instance-id-field';
import { AuthCard, PageLoading, PageTitle } from '../../features/account/page-shell';

type SetupValues = { instanceId: string; email: string; password: string; confirmPassword: string };
const confirmed: FormCheck<SetupValues> = (values) =>
  values.password === values.confirmPassword
    ? []
    : [{ field: 'confirmPassword', message: AuthTexts.passwordsMismatch }];

/** First start of a self-hosted instance: whoever can read the server log creates the first admin. */
export default function AdminSetupPage() {
  const [status, setStatus] = useState<{ needsAdmin: boolean } | { error: string } | null>(null);
  const navigate = useNavigate();
  const blank: SetupValues = { instanceId: '', email: '', password: '', confirmPassword: '' };
  const form = useContractForm(adminEndpoints.setup.body, blank, confirmed);

  useEffect(() => {
    accountApi.setupStatus().then(setStatus, (error: unknown) => setStatus({ error: errorMessage(error) }));
  }, []);

  return (
    <AuthCard
      title="Set up this Loopwright instance"
      lead="Create the first administrator. They can then configure the mail server and manage the instance."
    >
      <PageTitle>Instance setup</PageTitle>
      {status === null ? <PageLoading label="Checking this instance" /> : null}
      {status && 'error' in status ? <FormMessage>{status.error}</FormMessage> : null}
      {status && 'needsAdmin' in status && !status.needsAdmin ? (
        <>
          <FormMessage kind="info">{AuthTexts.adminExists}</FormMessage>
          <Link to="/login?returnTo=%2Fadmin%2Fmail-settings" className="button button--primary acc-button--block">
            Log in
          </Link>
        </>
      ) : null}
      {status && 'needsAdmin' in status && status.needsAdmin ? (
        <form
          className="acc-stack"
          noValidate
          aria-label="Create the first administrator"
          onSubmit={form.submitWith(async (data) => {
            await accountApi.setupAdmin({ instanceId: data.instanceId, email: data.email, password: data.password });
            instanceIdMemory.remember(data.instanceId);
            void navigate(
              `/login?admin=1&email=${encodeURIComponent(data.email)}&returnTo=${encodeURIComponent('/admin/mail-settings')}`,
            );
          })}
        >
          <FormMessage>{form.formError}</FormMessage>
          <InstanceIdField {...form.field('instanceId')} />
          <TextField label="Administrator e-mail" type="email" autoComplete="email" required {...form.field('email')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required
            {...form.field('password')}
            hint="At least 8 characters, not a commonly used password."
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
          <SubmitButton busy={form.submitting} busyLabel="Creating…">
            Create administrator
          </SubmitButton>
        </form>
      ) : null}
    </AuthCard>
  );
}
