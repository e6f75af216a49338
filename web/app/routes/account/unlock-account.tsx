import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { accountApi } from '../../features/account/account-api';
import { FormMessage, SubmitButton } from '../../features/account/forms';
import { AuthCard, PageTitle, StatusIcon } from '../../features/account/page-shell';

/**
 * The link mailed when failed logins lock an account. Unlocking is a button, not automatic on load, so
 * a mail scanner that opens links cannot use the token up; the browser that presses it becomes known.
 */
export default function UnlockAccountPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  if (done) {
    return (
      <AuthCard title="Your account is unlocked" icon={<StatusIcon kind="success" />}>
        <PageTitle>Unlock account</PageTitle>
        <p className="acc-auth-card__lead" role="status">
          {done}
        </p>
        <Link to="/login" className="button button--primary acc-button--block">
          Log in
        </Link>
      </AuthCard>
    );
  }
  if (!token || failed) {
    return (
      <AuthCard title="This link does not work" icon={<StatusIcon kind="error" />}>
        <PageTitle>Unlock account</PageTitle>
        <FormMessage>
          {failed ?? 'The unlock link is missing its token. Open the link from the e-mail again.'}
        </FormMessage>
        <Link to="/password-recovery" className="button button--primary acc-button--block">
          Reset my password
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Unlock your account"
      lead="Someone failed to log in to your account many times, so it is locked for browsers it has not been used on. Unlock it on this browser: it will not be locked out again."
    >
      <PageTitle>Unlock account</PageTitle>
      <form
        className="acc-stack"
        aria-label="Unlock account"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          accountApi.unlockAccount(token).then(
            (answer) => setDone(answer.message),
            (error: unknown) => {
              setFailed(errorMessage(error));
              setBusy(false);
            },
          );
        }}
      >
        <SubmitButton busy={busy} busyLabel="Unlocking…">
          Unlock my account on this browser
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
