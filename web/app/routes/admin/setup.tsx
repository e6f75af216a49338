import { AuthTexts, adminEndpoints } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { accountApi } from '../../features/account/account-api';
import { FormMessage, PasswordField, SubmitButton, TextField, useZodForm, withChecks } from '../../features/account/forms';
import { InstanceIdField } from '../../features/account/instance-id-field';
import { AuthCard, PageLoading, PageTitle } from '../../features/account/page-shell';

const setupSchema = withChecks(adminEndpoints.setup.body, (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword ? [] : [{ path: ['confirmPassword'], message: AuthTexts.passwordsMismatch }],
);

/** First start of a self-hosted instance: whoever can read the server log creates the first admin. */
export default function AdminSetupPage() {
  const [status, setStatus] = useState<{ needsAdmin: boolean } | { error: string } | null>(null);
  const navigate = useNavigate();
  const form = useZodForm(setupSchema, { instanceId: '', email: '', password: '', confirmPassword: '' });
  const { values, errors, setField } = form;

  useEffect(() => {
    accountApi.setupStatus().then(setStatus, (error: unknown) => setStatus({ error: errorMessage(error) }));
  }, []);

  return (
    <AuthCard title="Set up this Loopwright instance" lead="Create the first administrator. They can then configure the mail server and manage the instance.">
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
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(async (data) => {
              await accountApi.setupAdmin({ instanceId: data.instanceId, email: data.email, password: data.password });
              void navigate(`/login?admin=1&email=${encodeURIComponent(data.email)}&returnTo=${encodeURIComponent('/admin/mail-settings')}`);
            });
          }}
        >
          <FormMessage>{form.formError}</FormMessage>
          <InstanceIdField value={values.instanceId} onValue={(v) => setField('instanceId', v)} error={errors.instanceId} />
          <TextField label="Administrator e-mail" name="email" type="email" autoComplete="email" required value={values.email} onValue={(v) => setField('email', v)} error={errors.email} />
          <PasswordField label="Password" name="password" autoComplete="new-password" required value={values.password} onValue={(v) => setField('password', v)} error={errors.password} hint="At least 6 characters." />
          <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" required value={values.confirmPassword} onValue={(v) => setField('confirmPassword', v)} error={errors.confirmPassword} />
          <SubmitButton busy={form.submitting} busyLabel="Creating…">
            Create administrator
          </SubmitButton>
        </form>
      ) : null}
    </AuthCard>
  );
}
