import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { JobRegistry } from '../../core/queue/job-registry.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { sendMailJob } from './mail.jobs.js';
import { MailRepository } from './mail.repository.js';
import { MailSettingsProvider } from './mail-settings.provider.js';
import { isPermanentSmtpError, smtpErrorText } from './mail-transport.js';
import { renderTemplate } from './templates/index.js';

/** The `mail.send` handler: render, send through the server in force, log the outcome. */
@Injectable()
export class MailSender {
  constructor(
    private readonly mail: MailRepository,
    private readonly settings: MailSettingsProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    registry: JobRegistry,
  ) {
    registry.handle(sendMailJob, (payload, context) => this.send(payload.mailLogId, context.attempt));
  }

  async send(mailLogId: string, attempt: number): Promise<void> {
    const row = await this.mail.findById(mailLogId);
    if (!row) throw new UnrecoverableError(`mail_log ${mailLogId} does not exist`);
    if (row.status !== 'queued') return; // already handled: delivery is at least once
    const rendered = renderTemplate(row.template, row.props, {
      appUrl: this.config.APP_URL,
      productName: 'Loopwright',
    });
    const { source, settings } = await this.settings.current();
    if (!settings) {
      await this.mail.markStored(row.id, { subject: rendered.subject, html: rendered.html, text: rendered.text });
      this.logger.info(
        { mailLogId: row.id, template: row.template },
        'no mail server configured: message kept in the mail log',
      );
      // In development the console is the quickest inbox; production logs never carry message bodies.
      if (this.config.NODE_ENV === 'development') {
        console.log(
          `\n── Mail to ${row.to}: ${rendered.subject} (not sent: no mail server) ──\n${rendered.text}\n──\n`,
        );
      }
      return;
    }
    const transport = this.settings.transport(settings);
    try {
      await transport.sendMail({
        from: settings.sender,
        to: row.to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        ...(rendered.replyTo ? { replyTo: rendered.replyTo } : {}),
      });
      await this.mail.markSent(row.id, rendered.subject);
    } catch (error) {
      const permanent = isPermanentSmtpError(error);
      const final = permanent || attempt >= (sendMailJob.attempts ?? 1);
      const reason = smtpErrorText(error);
      await this.mail.recordFailure(row.id, rendered.subject, reason, final);
      this.logger.warn({ mailLogId: row.id, source, attempt, permanent, error: reason }, 'mail not sent');
      if (permanent) throw new UnrecoverableError(reason);
      throw error;
    } finally {
      transport.close();
    }
  }
}
