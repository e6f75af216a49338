import { Inject, Injectable } from '@nestjs/common';
import { passwordLoginOffText, type SsoSettingsBody, type SsoSettingsView } from '@loopwright/contracts';
import type { AppConfig } from '../../config/config.js';
import { deriveKey } from '../../core/crypto/keys.js';
import { SecretBox } from '../../core/crypto/secret-box.js';
import { AppError } from '../../core/errors/app-error.js';
import { APP_CONFIG } from '../../core/tokens.js';
import { AuditLogService } from '../audit/audit-log.service.js';
import { discover, providerErrorText } from './oidc-discovery.js';
import { SsoSettingsRepository } from './sso-settings.repository.js';

/** The settings in force, with the client secret opened: what the sign-in flow needs. */
export interface SsoSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string | null;
  allowedDomains: string[];
  buttonLabel: string;
  createAccounts: boolean;
  passwordLoginDisabled: boolean;
  /** Changes whenever the row is saved: the sign-in flow rebuilds its client then. */
  version: string;
}

type Row = NonNullable<Awaited<ReturnType<SsoSettingsRepository['find']>>>;

/** What the audit log keeps of the settings: everything but the secret. */
function summary(row: Row | null) {
  return row
    ? {
        enabled: row.enabled,
        issuerUrl: row.issuerUrl,
        clientId: row.clientId,
        allowedDomains: row.allowedDomains,
        buttonLabel: row.buttonLabel,
        createAccounts: row.createAccounts,
        passwordLoginDisabled: row.passwordLoginDisabled,
      }
    : null;
}

export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Single sign-on through the studio's OpenID Connect provider, set by an admin: issuer (found by
 * discovery), client, allowed e-mail domains, the button's label, whether first sign-ins create
 * accounts, and whether the allowed domains may still use passwords. The client secret is
 * write-only (blank keeps the stored one) and encrypted under APP_SECRET. Saving checks the
 * issuer's discovery document first. Every sign-in reads the row, so changes apply at once.
 */
@Injectable()
export class SsoSettingsService {
  private readonly secrets: SecretBox;
  readonly callbackUrl: string;

  constructor(
    private readonly settings: SsoSettingsRepository,
    private readonly audit: AuditLogService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secrets = new SecretBox(deriveKey(config.APP_SECRET, 'sso-settings'));
    this.callbackUrl = `${config.APP_URL.replace(/\/$/, '')}/api/sso/callback`;
  }

  /** The enabled settings, or null when single sign-on is off. */
  async current(): Promise<SsoSettings | null> {
    const row = await this.settings.find();
    if (!row?.enabled) return null;
    return {
      issuerUrl: row.issuerUrl,
      clientId: row.clientId,
      clientSecret: row.clientSecretEncrypted ? this.secrets.open(row.clientSecretEncrypted) : null,
      allowedDomains: row.allowedDomains,
      buttonLabel: row.buttonLabel,
      createAccounts: row.createAccounts,
      passwordLoginDisabled: row.passwordLoginDisabled,
      version: row.updatedAt.toISOString(),
    };
  }

  /** What the login and register pages offer. */
  async publicConfig() {
    const settings = await this.current();
    return {
      enabled: !!settings,
      label: settings?.buttonLabel ?? null,
      passwordLoginDomains: settings?.passwordLoginDisabled ? settings.allowedDomains : [],
    };
  }

  /**
   * Refuses a password login, registration or reset for an address that must sign in through the
   * provider: password login is off for the allowed domains. The answer names the button to use.
   * Administrators keep their password login, so a broken provider cannot lock the instance out;
   * registration and reset requests know no account, so they go by the address's domain alone.
   */
  async assertPasswordAllowed(email: string, role?: 'user' | 'admin'): Promise<void> {
    if (role === 'admin') return;
    const settings = await this.current();
    const domain = domainOf(email);
    if (settings?.passwordLoginDisabled && settings.allowedDomains.includes(domain))
      throw new AppError('AUTH_SSO_REQUIRED', { message: passwordLoginOffText(domain, settings.buttonLabel) });
  }

  async view(): Promise<SsoSettingsView> {
    const row = await this.settings.find();
    return {
      settings: row
        ? {
            ...summary(row)!,
            hasClientSecret: !!row.clientSecretEncrypted,
            updatedAt: row.updatedAt.toISOString(),
          }
        : null,
      callbackUrl: this.callbackUrl,
    };
  }

  async save(body: SsoSettingsBody, adminId: string): Promise<SsoSettingsView> {
    const before = await this.settings.find();
    // Blank keeps the stored secret, as long as it belongs to the same client.
    const keptSecret =
      before?.clientSecretEncrypted && before.clientId === body.clientId && before.issuerUrl === body.issuerUrl
        ? before.clientSecretEncrypted
        : null;
    const clientSecretEncrypted = body.clientSecret ? this.secrets.seal(body.clientSecret) : keptSecret;
    if (body.enabled) {
      try {
        await discover({
          issuerUrl: body.issuerUrl,
          clientId: body.clientId,
          clientSecret: clientSecretEncrypted ? this.secrets.open(clientSecretEncrypted) : null,
        });
      } catch (error) {
        throw new AppError('SSO_SETTINGS_UNVERIFIED', {
          message: `Could not use ${body.issuerUrl} as an OpenID Connect issuer: ${providerErrorText(error)}`,
          details: { fields: [{ field: 'issuerUrl', message: providerErrorText(error) }] },
        });
      }
    }
    const data = {
      enabled: body.enabled,
      issuerUrl: body.issuerUrl.replace(/\/$/, ''),
      clientId: body.clientId,
      clientSecretEncrypted,
      allowedDomains: [...new Set(body.allowedDomains)],
      buttonLabel: body.buttonLabel,
      createAccounts: body.createAccounts,
      passwordLoginDisabled: body.passwordLoginDisabled,
      updatedById: adminId,
    };
    await this.settings.transaction(async (tx) => {
      const after = await this.settings.save(data, tx);
      await this.audit.record(
        {
          actorId: adminId,
          action: 'sso.settings-saved',
          target: data.issuerUrl,
          before: summary(before),
          after: summary(after),
          secretsChanged: body.clientSecret ? ['clientSecret'] : [],
        },
        tx,
      );
    });
    return this.view();
  }

  async remove(adminId: string): Promise<SsoSettingsView> {
    const before = await this.settings.find();
    if (before) {
      await this.settings.transaction(async (tx) => {
        await this.settings.remove(tx);
        await this.audit.record(
          { actorId: adminId, action: 'sso.settings-removed', target: before.issuerUrl, before: summary(before) },
          tx,
        );
      });
    }
    return this.view();
  }
}
