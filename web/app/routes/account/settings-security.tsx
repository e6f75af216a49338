import { AuthTexts, changePasswordBodySchema, type AuthenticatedUser } from '@loopwright/contracts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { accountApi, type SessionInfo } from '../../features/account/account-api';
import {
  FormMessage,
  PasswordField,
  SubmitButton,
  useContractForm,
  type FormCheck,
} from '../../features/account/forms';
import { useSettingsUser } from '../../features/account/guards';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';
import { useSession } from '../../features/account/session';
import { DeleteAccount } from '../../features/teams/delete-account';

export default function SecuritySettingsPage() {
  const user = useSettingsUser();
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <>
      <PageTitle>Password and sessions</PageTitle>
      <header>
        <h1>Password and sessions</h1>
        <p>Change your password and see where you are logged in.</p>
      </header>
      <ChangePassword key={String(user.hasPassword)} user={user} onChanged={() => setSessionsVersion((v) => v + 1)} />
      <Sessions version={sessionsVersion} />
      <DeleteAccount user={user} />
    </>
  );
}

type PasswordValues = { oldPassword: string; password: string; confirmPassword: string };
const requireOld: FormCheck<PasswordValues> = (values) =>
  values.oldPassword ? [] : [{ field: 'oldPassword', message: 'Enter your current password' }];
const empty: PasswordValues = { oldPassword: '', password: '', confirmPassword: '' };

/**
 * app.md §8's password-change errors: a wrong field or a mismatch is shown at its field (the
 * default); a failure on the server asks to contact support; no answer at all asks to try again.
 */
function passwordChangeFailure(setFormError: (message: string | null) => void) {
  return (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    if (error.status >= 500) setFormError(AuthTexts.passwordChangeSystemError);
    else if (error.status === 0) setFormError(AuthTexts.passwordChangeRetry);
    else return false;
    return true;
  };
}

function ChangePassword({ user, onChanged }: { user: AuthenticatedUser; onChanged: () => void }) {
  const session = useSession();
  // Accounts created with Google have no password yet: they set one without an old password.
  const hasPassword = user.hasPassword;
  const form = useContractForm(changePasswordBodySchema, empty, hasPassword ? requireOld : undefined);
  const [done, setDone] = useState(false);
  return (
    <form
      className="acc-panel"
      noValidate
      aria-labelledby="password-title"
      onSubmit={(event) => {
        setDone(false);
        void form.submitWith(
          async (data) => {
            await accountApi.changePassword({ ...data, oldPassword: hasPassword ? data.oldPassword : undefined });
            form.reset(empty);
            setDone(true);
            onChanged();
            if (!hasPassword) void session.refetch();
          },
          { onError: passwordChangeFailure(form.setFormError) },
        )(event);
      }}
    >
      <h2 id="password-title">{hasPassword ? 'Change password' : 'Set a password'}</h2>
      {hasPassword ? null : (
        <p className="acc-panel__lead">
          You sign in with Google. Set a password to also log in with your e-mail address.
        </p>
      )}
      <FormMessage>{form.formError}</FormMessage>
      {hasPassword ? (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          {...form.field('oldPassword')}
        />
      ) : null}
      <div className="acc-grid-2">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          {...form.field('password')}
          hint="At least 8 characters, not a commonly used password."
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.field('confirmPassword')}
        />
      </div>
      <div aria-live="polite">
        {done ? (
          <FormMessage kind="success">Your password is changed. Your other sessions were logged out.</FormMessage>
        ) : null}
      </div>
      <div className="acc-panel__actions">
        <SubmitButton busy={form.submitting} busyLabel="Saving…" className="button button--primary">
          {hasPassword ? 'Change password' : 'Set password'}
        </SubmitButton>
      </div>
    </form>
  );
}

/** "Chrome on Linux" from a user agent; enough to recognise a device. */
function describeAgent(agent: string | null): string {
  if (!agent) return 'Unknown device';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /OPR\//.test(agent)
      ? 'Opera'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(agent)
          ? 'Chrome'
          : /Safari\//.test(agent)
            ? 'Safari'
            : /curl|node|undici|python/i.test(agent)
              ? 'Script'
              : 'Browser';
  const os = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad|iOS/.test(agent)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return os ? `${browser} on ${os}` : browser;
}

const METHODS: Record<string, string> = {
  password: 'E-mail and password',
  google: 'Google',
  admin_setup: 'Administrator setup',
};

function Sessions({ version }: { version: number }) {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(() => {
    accountApi.sessions().then(
      (list) => {
        setSessions(list);
        setError(null);
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, []);
  useEffect(load, [load, version]);

  const revoke = async (id: string) => {
    setBusy(id);
    setError(null);
    try {
      await accountApi.revokeSession(id);
      setSessions((list) => list?.filter((s) => s.id !== id) ?? null);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="acc-panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Active sessions</h2>
      <p className="acc-panel__lead">Log out a device you no longer use or do not recognise.</p>
      <FormMessage>{error}</FormMessage>
      {sessions === null && !error ? <PageLoading label="Loading your sessions" /> : null}
      {sessions ? (
        <ul className="acc-session-list">
          {sessions.map((s) => (
            <li key={s.id} className="acc-session-item">
              <div className="acc-session-item__what">
                <strong>
                  {describeAgent(s.userAgent)}
                  {s.current ? <span className="acc-badge acc-badge--current">This device</span> : null}
                </strong>
                <span>
                  {METHODS[s.method] ?? s.method}
                  {s.ip ? ` · ${s.ip}` : ''} · signed in {dateTime(s.createdAt)} · last active {dateTime(s.lastUsedAt)}
                </span>
              </div>
              {s.current ? null : (
                <button
                  type="button"
                  className="button acc-button--small acc-button--danger"
                  disabled={busy !== null}
                  onClick={() => revoke(s.id)}
                  aria-label={`Log out ${describeAgent(s.userAgent)}, signed in ${dateTime(s.createdAt)}`}
                >
                  {busy === s.id ? 'Logging out…' : 'Log out'}
                </button>
              )}
            </li>
          ))}
          {sessions.length === 0 ? <li className="acc-field__hint">No active sessions.</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
