import { Injectable } from '@nestjs/common';
import type { MailSettingsBody } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { AuditLogService } from '../audit/audit-log.service.js';
import { MailSettingsProvider } from '../mail/mail-settings.provider.js';
import { smtpErrorText, type SmtpSettings } from '../mail/mail-transport.js';
import { renderTemplate } from '../mail/templates/index.js';

/** What the audit log keeps of the mail settings: everything but the password. */
function auditSummary(
  row: { sender: string; host: string; port: number; secure: boolean; username: string | null } | null,
) {
  return row
    ? { sender: row.sender, host: row.host, port: row.port, secure: row.secure, username: row.username }
    : null;
}

/**
 * The admin's mail server. Saving verifies the connection first; the password is write-only
 * (blank keeps the stored one) and encrypted at rest. Sends read the row each time, so a change
 * applies without a restart.
 */
@Injectable()
export class MailSettingsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly provider: MailSettingsProvider,
    private readonly audit: AuditLogService,
  ) {}

  async view() {
    const row = await this.prisma.mailSettings.findUnique({ where: { id: 1 } });
    const environment = this.provider.environmentSettings();
    return {
      source: row ? ('database' as const) : environment ? ('environment' as const) : ('none' as const),
      settings: row
        ? {
            sender: row.sender,
            host: row.host,
            port: row.port,
            secure: row.secure,
            username: row.username,
            hasPassword: !!row.passwordEncrypted,
            updatedAt: row.updatedAt.toISOString(),
          }
        : null,
      environment: environment ? { host: environment.host, port: environment.port, secure: environment.secure } : null,
    };
  }

  async save(body: MailSettingsBody, adminId: string) {
    const settings = await this.resolve(body);
    await this.verify(settings);
    const passwordEncrypted = settings.password ? this.provider.secrets.seal(settings.password) : null;
    const data = {
      sender: settings.sender,
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      username: settings.username || null,
      passwordEncrypted,
      updatedById: adminId,
    };
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.mailSettings.findUnique({ where: { id: 1 } });
      const after = await tx.mailSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
      await this.audit.record(
        {
          actorId: adminId,
          action: 'mail.settings-saved',
          target: `${after.host}:${after.port}`,
          before: auditSummary(before),
          after: auditSummary(after),
          secretsChanged: body.password ? ['password'] : [],
        },
        tx,
      );
    });
    return this.view();
  }

  async remove(adminId: string) {
    await this.prisma.$transaction(async (tx) => {
      const before = await tx.mailSettings.findUnique({ where: { id: 1 } });
      if (!before) return;
      await tx.mailSettings.delete({ where: { id: 1 } });
      await this.audit.record(
        {
          actorId: adminId,
          action: 'mail.settings-removed',
          target: `${before.host}:${before.port}`,
          before: auditSummary(before),
        },
        tx,
      );
    });
    return this.view();
  }

  /** Sends the test e-mail straight through these (possibly unsaved) settings. */
  async sendTest(body: MailSettingsBody & { to: string }, appUrl: string): Promise<string> {
    const settings = await this.resolve(body);
    const mail = renderTemplate(
      'test-email',
      { host: `${settings.host}:${settings.port}` },
      { appUrl, productName: 'Loopwright' },
    );
    const transport = this.provider.transport(settings);
    try {
      await transport.sendMail({
        from: settings.sender,
        to: body.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
      return `A test e-mail was sent to ${body.to}.`;
    } catch (error) {
      throw new AppError('MAIL_TEST_FAILED', { message: `The mail server answered: ${smtpErrorText(error)}` });
    } finally {
      transport.close();
    }
  }

  /** The form's values, with the stored password when the field was left blank. */
  private async resolve(body: MailSettingsBody): Promise<SmtpSettings> {
    let password = body.password || null;
    if (!password && body.username) {
      const row = await this.prisma.mailSettings.findUnique({ where: { id: 1 } });
      password =
        row?.passwordEncrypted && row.username === body.username
          ? this.provider.secrets.open(row.passwordEncrypted)
          : null;
    }
    return {
      sender: body.sender,
      host: body.host,
      port: body.port,
      secure: body.secure,
      username: body.username || null,
      password,
    };
  }

  private async verify(settings: SmtpSettings): Promise<void> {
    const transport = this.provider.transport(settings);
    try {
      await transport.verify();
    } catch (error) {
      throw new AppError('MAIL_SETTINGS_UNVERIFIED', {
        message: `Could not connect to the mail server: ${smtpErrorText(error)}`,
      });
    } finally {
      transport.close();
    }
  }
}
