import { emailSchema, mailSettingsBodySchema } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { accountApi, type MailSettingsInput, type MailSettingsView } from '../../features/account/account-api';
import { CheckboxField, FormMessage, PasswordField, SubmitButton, TextField, useZodForm } from '../../features/account/forms';
import { InstanceIdField } from '../../features/account/instance-id-field';
import { PageLoading, PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';

const testSchema = mailSettingsBodySchema.extend({ to: emailSchema });

interface Values extends Record<string, unknown> {
  instanceId: string;
  sender: string;
  host: string;
  port: string;
  secure: boolean;
  username: string;
  password: string;
  to: string;
}

function valuesFrom(view: MailSettingsView, previous?: Values): Values {
  const saved = view.settings;
  const env = view.environment;
  return {
    instanceId: previous?.instanceId ?? '',
    sender: saved?.sender ?? '',
    host: saved?.host ?? env?.host ?? '',
    port: String(saved?.port ?? env?.port ?? 587),
    secure: saved?.secure ?? env?.secure ?? false,
    username: saved?.username ?? '',
    password: '',
    to: previous?.to ?? '',
  };
}

function SourceNotice({ view }: { view: MailSettingsView }) {
  if (view.source === 'database' && view.settings) {
    return (
      <div className="acc-notice acc-notice--success" role="status">
        <p>
          <span className="acc-badge acc-badge--database">Saved settings</span> Mail goes out through <strong>{view.settings.host}:{view.settings.port}</strong>, saved {dateTime(view.settings.updatedAt)}.
          {view.environment ? ' They take precedence over SMTP_URL from the environment.' : ''}
        </p>
      </div>
    );
  }
  if (view.source === 'environment' && view.environment) {
    return (
      <div className="acc-notice acc-notice--info" role="status">
        <p>
          <span className="acc-badge acc-badge--environment">Environment</span> Mail goes out through <strong>{view.environment.host}:{view.environment.port}</strong> from the <span className="acc-mono">SMTP_URL</span> environment variable. Settings saved here take precedence.
        </p>
      </div>
    );
  }
  return (
    <div className="acc-notice acc-notice--warning" role="status">
      <p>
        <span className="acc-badge acc-badge--none">No mail server</span> Messages are not sent: they are kept in the mail log. Save a mail server here, or set <span className="acc-mono">SMTP_URL</span>.
      </p>
    </div>
  );
}

function toInput(data: { instanceId: string; sender: string; host: string; port: number; secure: boolean; username?: string; password?: string }): MailSettingsInput {
  return { ...data, username: data.username || undefined, password: data.password || undefined };
}

export default function MailSettingsPage() {
  const [view, setView] = useState<MailSettingsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const blank: Values = { instanceId: '', sender: '', host: '', port: '587', secure: false, username: '', password: '', to: '' };
  const form = useZodForm(mailSettingsBodySchema, blank);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { values, errors, setField } = form;

  useEffect(() => {
    accountApi.mailSettings().then(
      (loaded) => {
        setView(loaded);
        form.setValues(valuesFrom(loaded));
      },
      (error: unknown) => setLoadError(errorMessage(error)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = <K extends keyof Values>(key: K, value: Values[K]) => setField(key, value);

  const sendTest = async () => {
    setNotice(null);
    setTesting(true);
    try {
      await form.submit(
        async (data) => {
          const answer = await accountApi.testMail({ ...toInput(data), to: data.to });
          setNotice({ kind: 'success', text: answer.message || `A test e-mail is on its way to ${data.to}.` });
        },
        {
          schema: testSchema,
          // The server's own words (a refused login, an unknown host) go under the form.
          onError: (error) => {
            if (error instanceof ApiError && Object.keys(error.fields).length > 0) return false;
            setNotice({ kind: 'error', text: errorMessage(error) });
            return true;
          },
        },
      );
    } finally {
      setTesting(false);
    }
  };

  if (loadError) return <FormMessage>{loadError}</FormMessage>;
  if (!view) return <PageLoading label="Loading the mail settings" />;

  return (
    <>
      <PageTitle>Mail server</PageTitle>
      <header>
        <h1>Mail server</h1>
        <p>The SMTP server Loopwright sends its e-mail through: confirmations, password resets and notifications.</p>
      </header>
      <SourceNotice view={view} />
      <form
        className="acc-panel"
        noValidate
        aria-labelledby="smtp-title"
        onSubmit={(event) => {
          event.preventDefault();
          setNotice(null);
          void form.submit(async (data) => {
            const saved = await accountApi.saveMailSettings(toInput(data));
            setView(saved);
            form.setValues(valuesFrom(saved, values));
            setNotice({ kind: 'success', text: 'The connection works and the settings are saved. They apply right away.' });
          });
        }}
      >
        <h2 id="smtp-title">SMTP settings</h2>
        <p className="acc-panel__lead">Saving checks the connection first; nothing is saved if the server does not answer.</p>
        <InstanceIdField value={values.instanceId} onValue={(v) => change('instanceId', v)} error={errors.instanceId} />
        <div className="acc-grid-2">
          <TextField label="Sender address" name="sender" type="email" required placeholder="loopwright@example.com" value={values.sender} onValue={(v) => change('sender', v)} error={errors.sender} />
          <TextField label="Host" name="host" required placeholder="smtp.example.com" autoComplete="off" spellCheck={false} value={values.host} onValue={(v) => change('host', v)} error={errors.host} />
          <TextField label="Port" name="port" inputMode="numeric" required value={values.port} onValue={(v) => change('port', v)} error={errors.port} hint="Usually 587 (STARTTLS) or 465 (TLS)." />
          <div style={{ alignSelf: 'center' }}>
            <CheckboxField label="Use TLS from the start (secure, usually port 465)" checked={values.secure} onChecked={(v) => change('secure', v)} />
          </div>
          <TextField label="Username" name="username" autoComplete="off" value={values.username} onValue={(v) => change('username', v)} error={errors.username} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            placeholder={view.settings?.hasPassword ? '•••••••• (stored)' : ''}
            value={values.password}
            onValue={(v) => change('password', v)}
            error={errors.password}
            hint={view.settings?.hasPassword ? 'Leave blank to keep the stored password.' : undefined}
          />
        </div>
        <div aria-live="polite">
          <FormMessage>{form.formError}</FormMessage>
          {notice ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}
        </div>
        <fieldset className="acc-plain">
          <legend>Send a test e-mail with these settings (saved or not)</legend>
          <div className="acc-row" style={{ alignItems: 'flex-start' }}>
            <div style={{ flex: 1, minWidth: 220 }}>
              <TextField label="Send the test to" name="to" type="email" autoComplete="email" value={values.to} onValue={(v) => change('to', v)} error={errors.to} />
            </div>
            <button type="button" className="button button--ghost" style={{ marginTop: 28 }} disabled={testing || form.submitting} onClick={sendTest} aria-busy={testing}>
              {testing ? 'Sending…' : 'Send test e-mail'}
            </button>
          </div>
        </fieldset>
        <div className="acc-panel__actions">
          {view.settings ? (
            <button
              type="button"
              className="button acc-button--danger"
              disabled={removing || form.submitting}
              onClick={async () => {
                if (!window.confirm('Forget the saved mail server? SMTP_URL from the environment (if set) applies again.')) return;
                setRemoving(true);
                setNotice(null);
                try {
                  const after = await accountApi.deleteMailSettings();
                  setView(after);
                  form.setValues(valuesFrom(after, values));
                  setNotice({ kind: 'success', text: 'The saved mail server is forgotten.' });
                } catch (error) {
                  setNotice({ kind: 'error', text: errorMessage(error) });
                } finally {
                  setRemoving(false);
                }
              }}
            >
              {removing ? 'Removing…' : 'Remove saved settings'}
            </button>
          ) : null}
          <SubmitButton busy={form.submitting && !testing} busyLabel="Checking the connection…" className="button button--primary">
            Check and save
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
