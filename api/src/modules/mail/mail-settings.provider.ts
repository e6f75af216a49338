import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';
import { deriveKey } from '../../core/crypto/keys.js';
import { SecretBox } from '../../core/crypto/secret-box.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { APP_CONFIG } from '../../core/tokens.js';
import type { Transporter } from 'nodemailer';
import { createSmtpTransport, settingsFromUrl, type SmtpSettings } from './mail-transport.js';

export type MailSource = 'database' | 'environment' | 'none';

/**
 * The mail server in force, read at every send so saved changes apply without a restart:
 * the admin's saved settings, else SMTP_URL, else none (mail is kept in the log).
 */
@Injectable()
export class MailSettingsProvider {
  readonly secrets: SecretBox;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.secrets = new SecretBox(deriveKey(config.APP_SECRET, 'mail-settings'));
  }

  defaultSender(): string {
    const host = new URL(this.config.APP_URL).hostname;
    return `Loopwright <no-reply@${host.includes('.') ? host : 'loopwright.local'}>`;
  }

  /** A connection to the mail server `settings` name, checking its certificate as this instance is configured to. */
  transport(settings: SmtpSettings): Transporter {
    return createSmtpTransport(settings, { verifyTls: this.config.SMTP_TLS_VERIFY });
  }

  environmentSettings(): SmtpSettings | null {
    return this.config.SMTP_URL ? settingsFromUrl(this.config.SMTP_URL, this.defaultSender()) : null;
  }

  async current(): Promise<{ source: MailSource; settings: SmtpSettings | null }> {
    const row = await this.prisma.mailSettings.findUnique({ where: { id: 1 } });
    if (row) {
      const password = row.passwordEncrypted ? this.secrets.open(row.passwordEncrypted) : null;
      return {
        source: 'database',
        settings: {
          host: row.host,
          port: row.port,
          secure: row.secure,
          username: row.username,
          password,
          sender: row.sender,
        },
      };
    }
    const environment = this.environmentSettings();
    return environment ? { source: 'environment', settings: environment } : { source: 'none', settings: null };
  }
}
