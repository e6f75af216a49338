import { emailSchema, mailSettingsBodySchema } from '@loopwright/contracts';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { accountApi, type MailSettingsInput, type MailSettingsView } from '../../features/account/account-api';
import { CheckboxField, PasswordField, SubmitButton, TextField, useContractForm } from '../../features/account/forms';
import { InstanceIdField, instanceIdMemory } from '../../features/account/instance-id-field';
import { PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';
import * as Settings from '../../features/admin/settings-page';

interface Values {
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
    // Once this sign-in session gave it, the server remembers: nothing to send.
    instanceId: view.instanceIdProven ? '' : (previous?.instanceId ?? ''),
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
      <Settings.State tone="success" badge="Saved settings" badgeKind="database">
        Mail goes out through{' '}
        <strong>
          {view.settings.host}:{view.settings.port}
        </strong>
        , saved {dateTime(view.settings.updatedAt)}.
        {view.environment ? ' They take precedence over SMTP_URL from the environment.' : ''}
      </Settings.State>
    );
  }
  if (view.source === 'environment' && view.environment) {
    return (
      <Settings.State tone="info" badge="Environment" badgeKind="environment">
        Mail goes out through{' '}
        <strong>
          {view.environment.host}:{view.environment.port}
        </strong>{' '}
        from the <span className="acc-mono">SMTP_URL</span> environment variable. Settings saved here take precedence.
      </Settings.State>
    );
  }
  return (
    <Settings.State tone="warning" badge="No mail server" badgeKind="none">
      Messages are not sent: they are kept in the mail log. Save a mail server here, or set{' '}
      <span className="acc-mono">SMTP_URL</span>.
    </Settings.State>
  );
}

function toInput(data: {
  instanceId?: string;
  sender: string;
  host: string;
  port: number;
  secure: boolean;
  username?: string;
  password?: string;
}): MailSettingsInput {
  return {
    ...data,
    instanceId: data.instanceId || undefined,
    username: data.username || undefined,
    password: data.password || undefined,
  };
}

/** The mail settings; right after the setup, this tab holds the ID given there: it proves this new sign-in session first. */
async function loadMailSettings(): Promise<MailSettingsView> {
  const fromSetup = instanceIdMemory.get();
  if (fromSetup) {
    instanceIdMemory.forget();
    await accountApi.proveInstanceId(fromSetup).catch(() => undefined);
  }
  return accountApi.mailSettings();
}

export default function MailSettingsPage() {
  const blank: Values = {
    instanceId: '',
    sender: '',
    host: '',
    port: '587',
    secure: false,
    username: '',
    password: '',
    to: '',
  };
  const form = useContractForm(mailSettingsBodySchema, blank);
  const [testing, setTesting] = useState(false);
  // Asked once per sign-in session: the server remembers it on the session (every tab, after a
  // restart too) and says so in `instanceIdProven`. (The form renders only after the settings load
  // in the browser: no server markup to match.)
  const [knownInstanceId, setKnownInstanceId] = useState(false);
  // Shown again after saving or removing: the test recipient (and an ID not yet taken) stay as typed.
  const { view, show, loadError, notice, setNotice } = Settings.useView(loadMailSettings, (shown) => {
    setKnownInstanceId(shown.instanceIdProven);
    form.reset(valuesFrom(shown, form.getValues()));
  });
  const forgetInstanceId = () => {
    form.setValue('instanceId', '');
    setKnownInstanceId(false);
  };
  /** The server took the ID (or had it): not asked again in this sign-in session. */
  const provenInstanceId = () => {
    form.setValue('instanceId', '');
    setKnownInstanceId(true);
  };

  const sendTest = async () => {
    setNotice(null);
    setTesting(true);
    try {
      await form.submitWith(
        async (data) => {
          // The test also needs the recipient, which saving does not.
          const to = emailSchema.safeParse(form.getValues('to'));
          if (!to.success) {
            form.setError('to', { type: 'validate', message: to.error.issues[0]?.message }, { shouldFocus: true });
            return;
          }
          const answer = await accountApi.testMail({ ...toInput(data), to: to.data });
          provenInstanceId();
          setNotice({ kind: 'success', text: answer.message || `A test e-mail is on its way to ${to.data}.` });
        },
        {
          // The server's own words (a refused login, an unknown host) go under the form.
          onError: (error) => {
            if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
              if (error.fields.instanceId) forgetInstanceId();
              return false;
            }
            // Refused by the mail server, not for the instance ID: the ID was right (and is remembered).
            provenInstanceId();
            setNotice({ kind: 'error', text: errorMessage(error) });
            return true;
          },
        },
      )();
    } finally {
      setTesting(false);
    }
  };

  if (!view) return <Settings.Loading error={loadError} label="Loading the mail settings" />;

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
          setNotice(null);
          void form.submitWith(async (data) => {
            const saved = await accountApi.saveMailSettings(toInput(data));
            provenInstanceId();
            show(saved);
            setNotice({
              kind: 'success',
              text: 'The connection works and the settings are saved. They apply right away.',
            });
          })(event);
        }}
      >
        <h2 id="smtp-title">SMTP settings</h2>
        <p className="acc-panel__lead">
          Saving checks the connection first; nothing is saved if the server does not answer.
        </p>
        {knownInstanceId ? (
          <p className="acc-field__hint" data-testid="instance-id-known">
            Instance ID: given earlier in this session.{' '}
            <button type="button" className="link-button" onClick={forgetInstanceId}>
              Enter it again
            </button>
          </p>
        ) : (
          <InstanceIdField {...form.field('instanceId')} />
        )}
        <div className="acc-grid-2">
          <TextField
            label="Sender address"
            type="email"
            required
            placeholder="loopwright@example.com"
            {...form.field('sender')}
          />
          <TextField
            label="Host"
            required
            placeholder="smtp.example.com"
            autoComplete="off"
            spellCheck={false}
            {...form.field('host')}
          />
          <TextField
            label="Port"
            inputMode="numeric"
            required
            {...form.field('port')}
            hint="Usually 587 (STARTTLS) or 465 (TLS)."
          />
          <div style={{ alignSelf: 'center' }}>
            <CheckboxField label="Use TLS from the start (secure, usually port 465)" {...form.field('secure')} />
          </div>
          <TextField label="Username" autoComplete="off" {...form.field('username')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            placeholder={view.settings?.hasPassword ? '•••••••• (stored)' : ''}
            {...form.field('password')}
            hint={view.settings?.hasPassword ? 'Leave blank to keep the stored password.' : undefined}
          />
        </div>
        <Settings.Messages formError={form.formError} notice={notice} />
        <fieldset className="acc-plain">
          <legend>Send a test e-mail with these settings (saved or not)</legend>
          <div className="acc-row" style={{ alignItems: 'flex-start' }}>
            <div style={{ flex: 1, minWidth: 220 }}>
              <TextField label="Send the test to" type="email" autoComplete="email" {...form.field('to')} />
            </div>
            <button
              type="button"
              className="button button--ghost"
              style={{ marginTop: 28 }}
              disabled={testing || form.submitting}
              onClick={sendTest}
              aria-busy={testing}
            >
              {testing ? 'Sending…' : 'Send test e-mail'}
            </button>
          </div>
        </fieldset>
        <div className="acc-panel__actions">
          {view.settings ? (
            <Settings.RemoveButton
              label="Remove saved settings"
              question="Forget the saved mail server? SMTP_URL from the environment (if set) applies again."
              done="The saved mail server is forgotten."
              disabled={form.submitting}
              onNotice={setNotice}
              remove={async () => show(await accountApi.deleteMailSettings())}
            />
          ) : null}
          <SubmitButton
            busy={form.submitting && !testing}
            busyLabel="Checking the connection…"
            className="button button--primary"
          >
            Check and save
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
