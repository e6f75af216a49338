import { Injectable } from '@nestjs/common';
import { ContactTexts, type ContactForm, type WhitepaperForm } from '@loopwright/contracts';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import { MailService } from '../mail/mail.service.js';
import { UsersService } from '../users/users.service.js';
import { ContactRepository, type SubmissionInput } from './contact.repository.js';

/** A second whitepaper request from the same address within a day is saved but not mailed again. */
const WHITEPAPER_RESEND_MS = 24 * 60 * 60 * 1000;

/**
 * Saves contact and whitepaper requests. The mail to each admin is written in the same
 * transaction (the outbox), so the admins are told if and only if the request was saved.
 */
@Injectable()
export class ContactService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly repository: ContactRepository,
    private readonly mail: MailService,
    private readonly users: UsersService,
  ) {}

  async contact(form: ContactForm): Promise<string> {
    await this.save({
      form: 'contact',
      name: form.name,
      email: form.email,
      jobTitle: form.job,
      company: form.company,
      subject: form.subject,
      message: form.message,
    });
    return ContactTexts.contactSent;
  }

  /**
   * A whitepaper request: saved, the admins told, and the whitepaper mailed to the requester (A38) —
   * once a day per address, so the public form cannot be used to flood someone's inbox.
   */
  async whitepaper(form: WhitepaperForm): Promise<string> {
    await this.save(
      {
        form: 'whitepaper',
        name: form.name,
        email: form.email,
        jobTitle: form.job,
        company: form.company,
        subject: form.subject,
        message: '',
      },
      async (tx) => {
        const since = new Date(Date.now() - WHITEPAPER_RESEND_MS);
        if (await this.repository.askedForWhitepaperSince(form.email, since, tx)) return [];
        return [await this.mail.record('whitepaper-sent', form.email, {}, tx)];
      },
    );
    return ContactTexts.whitepaperSent;
  }

  private async save(
    submission: SubmissionInput,
    alsoMail: (tx: TransactionClient) => Promise<string[]> = () => Promise.resolve([]),
  ): Promise<void> {
    const mailIds = await this.prisma.$transaction(async (tx) => {
      const toRequester = await alsoMail(tx); // before the new row, which would count as an earlier request
      await this.repository.create(submission, tx);
      const admins = await this.users.adminEmails(tx);
      const toAdmins = await Promise.all(
        admins.map((admin) => this.mail.record('contact-submitted', admin, submission, tx)),
      );
      return [...toRequester, ...toAdmins];
    });
    await this.mail.dispatch(...mailIds);
  }
}
