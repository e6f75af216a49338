import { RequestTexts } from '@loopwright/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { outageMonitor } from '../../core/errors/outage-monitor.js';

describe('contact and whitepaper forms', () => {
  let app: TestApp;
  let db: pg.Client;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${app.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  beforeAll(async () => {
    app = await startTestApp();
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  const valid = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    job: 'Systems designer',
    company: 'Analytical Games',
    subject: 'Team plan',
    message: 'We would like to try Loopwright with a team of six designers.',
  };

  it('saves a valid contact request and answers with the spec envelope', async () => {
    const { status, body } = await post('/contact/form', valid);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, action: true, content: expect.stringContaining('Thank you') });
    const rows = (
      await db.query(
        "SELECT form, name, email, job_title, company, subject, message FROM contact_submissions WHERE form = 'contact'",
      )
    ).rows;
    expect(rows).toEqual([
      {
        form: 'contact',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        job_title: 'Systems designer',
        company: 'Analytical Games',
        subject: 'Team plan',
        message: valid.message,
      },
    ]);
  });

  it('applies the spec rules: name ≥3, e-mail, job, subject, company, message ≥20, as success false, action false', async () => {
    const { status, body } = await post('/contact/form', {
      name: 'Al',
      email: 'not-an-email',
      job: '',
      company: '',
      subject: ' ',
      message: 'too short',
    });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.action).toBe(false);
    const fields = Object.fromEntries(
      body.content.details.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toEqual({
      name: 'Your name needs at least 3 characters',
      email: 'Please enter a valid e-mail address',
      job: 'Please enter your job title',
      company: 'Please enter your company',
      subject: 'Please enter a subject',
      message: 'Your message needs at least 20 characters',
    });
  });

  it('saves whitepaper requests', async () => {
    const { status, body } = await post('/liveops-whitepaper/form', {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      job: 'Producer',
      company: 'Compiler Studio',
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const [row] = (await db.query("SELECT subject FROM contact_submissions WHERE form = 'whitepaper'")).rows;
    expect(row.subject).toBe('Live-ops whitepaper');
    const missing = await post('/liveops-whitepaper/form', { email: 'grace@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, action: false });
  });

  it("answers a database outage with app.md §8's text in the form envelope, not a generic failure", async () => {
    // What the driver raises when the connection to PostgreSQL fails (SQLSTATE 08006), from the real server.
    await db.query(`
      CREATE FUNCTION lw_test_connection_lost() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'connection failure' USING ERRCODE = '08006'; END $$;
      CREATE TRIGGER lw_test_connection_lost BEFORE INSERT ON contact_submissions
        FOR EACH ROW EXECUTE FUNCTION lw_test_connection_lost();`);
    try {
      const { status, body } = await post('/contact/form', valid);
      expect(status).toBe(503);
      expect(body).toMatchObject({
        success: false,
        action: false,
        content: { code: 'DATABASE_UNAVAILABLE', message: RequestTexts.databaseUnavailable },
      });
    } finally {
      await db.query('DROP TRIGGER lw_test_connection_lost ON contact_submissions');
      outageMonitor.clear('database');
    }
  });
});

describe('contact requests reach the admins', () => {
  it('mails every admin, and only once the request is saved', async () => {
    const { startSmtpSink } = await import('../../../test/fakes/smtp-sink.js');
    const { createUser } = await import('../../../test/factories/users.js');
    const { QueueService } = await import('../../core/queue/queue.service.js');
    const smtp = await startSmtpSink();
    const app = await startTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const admin = await createUser(app, { role: 'admin' });
      await createUser(app); // not an admin: gets nothing
      const form = {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        job: 'Producer',
        company: 'Compiler Studio',
        subject: 'Pricing for schools',
        message: 'Could our students use Loopwright in class next term?',
      };
      const response = await fetch(`${app.url}/api/contact/form`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(form),
      });
      expect(response.status).toBe(200);
      await app.http.app.get(QueueService).drain();
      const mail = await smtp.waitFor((m) => m.to.includes(admin.email));
      expect(mail.subject).toBe('Contact request: Pricing for schools');
      expect(mail.body).toContain('Could our students use Loopwright in class next term?');
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe('the whitepaper reaches the requester (A38)', () => {
  it('mails the requester a link to the whitepaper, once a day per address, and the admins as before', async () => {
    const { startSmtpSink } = await import('../../../test/fakes/smtp-sink.js');
    const { createUser } = await import('../../../test/factories/users.js');
    const { QueueService } = await import('../../core/queue/queue.service.js');
    const smtp = await startSmtpSink();
    const app = await startTestApp({ env: { SMTP_URL: smtp.url }, web: 'production' });
    try {
      const admin = await createUser(app, { role: 'admin' });
      const ask = (email: string) =>
        fetch(`${app.url}/api/liveops-whitepaper/form`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Grace Hopper', email, job: 'Producer', company: 'Compiler Studio' }),
        });
      expect((await ask('grace@example.com')).status).toBe(200);
      await app.http.app.get(QueueService).drain();
      const mail = await smtp.waitFor((m) => m.to.includes('grace@example.com'));
      expect(mail.subject).toBe('Your live-ops whitepaper');
      expect(mail.body).toContain('/liveops-whitepaper-handbook');
      await smtp.waitFor((m) => m.to.includes(admin.email));
      // The page the link opens is there.
      const page = await fetch(`${app.url}/liveops-whitepaper-handbook`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('A pre-launch checklist');

      // Asked again the same day (any case): saved and told to the admins, not mailed again.
      expect((await ask('GRACE@example.com')).status).toBe(200);
      await app.http.app.get(QueueService).drain();
      await expect.poll(() => smtp.messages.filter((m) => m.to.includes(admin.email)).length).toBe(2);
      expect(smtp.messages.filter((m) => /grace@example\.com/i.test(m.to.join(',')))).toHaveLength(1);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
