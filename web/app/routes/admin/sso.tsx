import { ssoSettingsFormSchema } from '@loopwright/contracts';
import { Link } from 'react-router';
import { CheckboxField, PasswordField, SubmitButton, TextField, useContractForm } from '../../features/account/forms';
import { PageTitle } from '../../features/account/page-shell';
import { dateTime } from '../../features/account/format';
import { adminApi, type SsoSettingsView } from '../../features/admin/admin-api';
import * as Settings from '../../features/admin/settings-page';

interface Values {
  enabled: boolean;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string;
  buttonLabel: string;
  createAccounts: boolean;
  passwordLoginDisabled: boolean;
}

const blank: Values = {
  enabled: true,
  issuerUrl: '',
  clientId: '',
  clientSecret: '',
  allowedDomains: '',
  buttonLabel: '',
  createAccounts: false,
  passwordLoginDisabled: false,
};

function valuesFrom(view: SsoSettingsView): Values {
  const saved = view.settings;
  return saved
    ? {
        enabled: saved.enabled,
        issuerUrl: saved.issuerUrl,
        clientId: saved.clientId,
        clientSecret: '',
        allowedDomains: saved.allowedDomains.join(', '),
        buttonLabel: saved.buttonLabel,
        createAccounts: saved.createAccounts,
        passwordLoginDisabled: saved.passwordLoginDisabled,
      }
    : blank;
}

function StateNotice({ view }: { view: SsoSettingsView }) {
  const saved = view.settings;
  if (saved?.enabled) {
    return (
      <Settings.State tone="success" badge="On" badgeKind="database">
        The login and register pages offer <strong>Log in with {saved.buttonLabel}</strong> through{' '}
        <span className="acc-mono">{saved.issuerUrl}</span>, saved {dateTime(saved.updatedAt)}.
      </Settings.State>
    );
  }
  return (
    <Settings.State tone="info" badge="Off" badgeKind="none">
      {saved ? 'Single sign-on is saved but switched off.' : 'Single sign-on is not set up.'} People log in with their
      e-mail and password {saved ? '' : '(and Google, when the server has Google sign-in configured)'}.
    </Settings.State>
  );
}

/** /admin/sso: the studio's OpenID Connect provider, checked by discovery before it is saved. */
export default function SsoSettingsPage() {
  const form = useContractForm(ssoSettingsFormSchema, blank);
  const { view, show, loadError, notice, setNotice } = Settings.useView(adminApi.ssoSettings, (shown) =>
    form.reset(valuesFrom(shown)),
  );
  if (!view) return <Settings.Loading error={loadError} label="Loading the single sign-on settings" />;

  return (
    <>
      <PageTitle>Single sign-on</PageTitle>
      <header>
        <h1>Single sign-on</h1>
        <p>
          Let people log in through your organisation’s identity provider (Keycloak, Authentik, Okta, Entra ID, Google
          Workspace… anything that speaks OpenID Connect). Changes are recorded in the{' '}
          <Link to="/admin/audit-log?action=sso">audit log</Link>.
        </p>
      </header>
      <StateNotice view={view} />
      <form
        className="acc-panel"
        noValidate
        aria-labelledby="sso-title"
        onSubmit={(event) => {
          setNotice(null);
          void form.submitWith(async (data) => {
            show(await adminApi.saveSsoSettings({ ...data, clientSecret: data.clientSecret || undefined }));
            setNotice({
              kind: 'success',
              text: data.enabled
                ? 'The provider answered and the settings are saved. They apply right away.'
                : 'Saved. Single sign-on is switched off.',
            });
          })(event);
        }}
      >
        <h2 id="sso-title">OpenID Connect provider</h2>
        <p className="acc-panel__lead">
          Register Loopwright at your provider as a confidential web client with this redirect URI:{' '}
          <span className="acc-mono adm-break">{view.callbackUrl}</span>. Saving reads the provider’s discovery document
          first; nothing is saved if it does not answer.
        </p>
        <CheckboxField label="Offer single sign-on on the login and register pages" {...form.field('enabled')} />
        <div className="acc-grid-2">
          <TextField
            label="Issuer URL"
            required
            placeholder="https://login.example.com/realms/studio"
            autoComplete="off"
            spellCheck={false}
            hint="Its /.well-known/openid-configuration is read to find the endpoints."
            {...form.field('issuerUrl')}
          />
          <TextField
            label="Button label"
            required
            placeholder="Studio account"
            hint="The button reads “Log in with …” this label."
            {...form.field('buttonLabel')}
          />
          <TextField label="Client ID" required autoComplete="off" spellCheck={false} {...form.field('clientId')} />
          <PasswordField
            label="Client secret"
            autoComplete="new-password"
            placeholder={view.settings?.hasClientSecret ? '•••••••• (stored)' : ''}
            hint={
              view.settings?.hasClientSecret
                ? 'Leave blank to keep the stored secret. It is stored encrypted and never shown again.'
                : 'Stored encrypted and never shown again.'
            }
            {...form.field('clientSecret')}
          />
        </div>
        <TextField
          label="Allowed e-mail domains"
          placeholder="example.com, example.org"
          autoComplete="off"
          spellCheck={false}
          hint="Only addresses at these domains may sign in through the provider. Leave empty to accept any address the provider has verified."
          {...form.field('allowedDomains')}
        />
        <CheckboxField
          label="Create an account on first sign-in (otherwise only existing accounts with the same verified e-mail can sign in)"
          {...form.field('createAccounts')}
        />
        <CheckboxField
          label="Switch password login off for the allowed domains (administrators keep their password)"
          {...form.field('passwordLoginDisabled')}
        />
        <Settings.Messages formError={form.formError} notice={notice} />
        <div className="acc-panel__actions">
          {view.settings ? (
            <Settings.RemoveButton
              label="Remove"
              question="Turn single sign-on off and forget these settings (and the client secret)?"
              done="Single sign-on is off and its settings are forgotten."
              disabled={form.submitting}
              onNotice={setNotice}
              remove={async () => show(await adminApi.deleteSsoSettings())}
            />
          ) : null}
          <SubmitButton busy={form.submitting} busyLabel="Checking the provider…" className="button button--primary">
            Check and save
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
