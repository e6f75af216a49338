import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { sendMailJob } from './mail.jobs.js';
import { MailRepository } from './mail.repository.js';
import { MailSender } from './mail-sender.js';

describe('the mail.send handler', () => {
  let app: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const row = (id: string) => app.http.app.get(PrismaService).mailLog.findUniqueOrThrow({ where: { id } });

  it('keeps a message queued after a temporary refusal, sends it on the retry, and sends it only once', async () => {
    const id = await app.http.app.get(MailRepository).create('password-changed', 'retry@example.test', {});
    const sender = app.http.app.get(MailSender);
    smtp.rejectWith(451, 'Try again later');
    await expect(sender.send(id, 1)).rejects.not.toBeInstanceOf(UnrecoverableError);
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: expect.stringMatching(/451.*Try again later/),
    });

    smtp.rejectWith(null);
    await sender.send(id, 2);
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      error: null,
      subject: 'Your Loopwright password was changed',
    });
    await sender.send(id, 3); // a duplicate delivery of the job
    expect(smtp.messages.filter((m) => m.to.includes('retry@example.test'))).toHaveLength(1);
  });

  it('marks the message failed after its last attempt', async () => {
    const id = await app.http.app.get(MailRepository).create('password-changed', 'last@example.test', {});
    smtp.rejectWith(421, 'Service not available');
    try {
      await expect(app.http.app.get(MailSender).send(id, sendMailJob.attempts!)).rejects.toThrow(/421/);
      expect(await row(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/421/) });
    } finally {
      smtp.rejectWith(null);
    }
  });

  it('renders HTML and plain text from one template, escaping what users typed', async () => {
    const { renderTemplate } = await import('./templates/index.js');
    const mail = renderTemplate(
      'test-email',
      { host: '<script>x</script>' },
      { appUrl: 'http://x', productName: 'Loopwright' },
    );
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('<script>x</script>'); // plain text needs no escaping
    expect(mail.text).toContain('Your mail settings work');
    expect(mail.html).toContain('Your mail settings work');
  });
});

// smtp-server's own certificate is self-signed (and by now expired): one no machine trusts.
describe('a mail server whose certificate this machine does not trust (STARTTLS)', () => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink({ starttls: true });
  });
  afterAll(async () => {
    await smtp?.close();
  });

  async function sendThrough(env: Record<string, string>, to: string) {
    const app = await startTestApp({ env: { SMTP_URL: smtp.url, ...env } });
    try {
      const id = await app.http.app.get(MailRepository).create('password-changed', to, {});
      await app.http.app
        .get(MailSender)
        .send(id, 1)
        .catch(() => undefined);
      return await app.http.app.get(PrismaService).mailLog.findUniqueOrThrow({ where: { id } });
    } finally {
      await app.close();
    }
  }

  it('is refused by default, so the SMTP login never goes to a server nobody vouches for', async () => {
    const row = await sendThrough({}, 'checked@example.test');
    expect(row).toMatchObject({ status: 'queued', error: expect.stringMatching(/certificate/) });
    expect(smtp.messages.filter((m) => m.to.includes('checked@example.test'))).toEqual([]);
  });

  it('is accepted with SMTP_TLS_VERIFY=false', async () => {
    const row = await sendThrough({ SMTP_TLS_VERIFY: 'false' }, 'internal@example.test');
    expect(row).toMatchObject({ status: 'sent', error: null });
    expect(smtp.messages.filter((m) => m.to.includes('internal@example.test'))).toHaveLength(1);
  });
});
