import { Injectable } from '@nestjs/common';
import { ContactTexts, type ContactForm, type WhitepaperForm } from '@loopwright/contracts';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { MailService } from '../mail/mail.service.js';
import { UsersService } from '../users/users.service.js';
import { ContactRepository, type SubmissionInput } from './contact.repository.js';

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

  async whitepaper(form: WhitepaperForm): Promise<string> {
    await this.save({
      form: 'whitepaper',
      name: form.name,
      email: form.email,
      jobTitle: form.job,
      company: form.company,
      subject: form.subject,
      message: '',
    });
    return ContactTexts.whitepaperSent;
  }

  private async save(submission: SubmissionInput): Promise<void> {
    const mailIds = await this.prisma.$transaction(async (tx) => {
      await this.repository.create(submission, tx);
      const admins = await this.users.adminEmails(tx);
      return Promise.all(admins.map((admin) => this.mail.record('contact-submitted', admin, submission, tx)));
    });
    await this.mail.dispatch(...mailIds);
  }
}
