import { DiagramTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { linkFrom, startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { SearchService } from '../search/search.service.js';

const APP_URL = 'http://loopwright.test';

describe('sharing flows: invitations by e-mail, sign-up that lands on the diagram, copies and forked-from', () => {
  let app: TestApp;
  let smtp: SmtpSink;
  let prisma: PrismaService;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({ env: { SMTP_URL: smtp.url, APP_URL } });
    prisma = app.http.app.get(PrismaService);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('mails a person without an account a sign-up link; after signing up and confirming, the confirmation link leads back to the diagram they can view', async () => {
    const owner = await createUser(app);
    await prisma.user.update({ where: { id: owner.id }, data: { firstName: 'Olga', lastName: 'Owner' } });
    const ownerClient = await loginAs(app, owner);
    const diagram = await createDiagram(ownerClient, { name: 'Invite economy' });
    const email = `newcomer-${Date.now()}@example.test`;
    expect((await ownerClient.post(`/diagrams/${diagram.fuid}/shares`, { email, role: 'viewer' })).status).toBe(201);

    const invitation = await smtp.waitFor((m) => m.to.includes(email));
    // The mail log's subject is written once the send is recorded, which may come a moment after the SMTP sink has the mail.
    const logged = await eventually(
      async () =>
        (await prisma.mailLog.findFirst({ where: { template: 'diagram-shared', to: email } }))?.subject ?? undefined,
    );
    expect(logged).toBe('Olga Owner shared "Invite economy" with you');
    const signUp = new URL(
      /https?:\/\/[^\s"<>]*\/register\?[^\s"<>]*/.exec(invitation.body)![0].replace(/&amp;/g, '&'),
    );
    expect(signUp.origin).toBe(APP_URL);
    expect(signUp.searchParams.get('returnTo')).toBe(`/diagrams/${diagram.fuid}`);
    expect(signUp.searchParams.get('email')).toBe(email);
    expect(invitation.body).not.toContain('Open the diagram');

    // The register page sends returnTo along; the confirmation link carries it back.
    const visitor = new ApiClient(app.url);
    expect(
      (
        await visitor.post('/oauth2/register', {
          email,
          password: 'secret-1',
          acceptTerms: true,
          returnTo: signUp.searchParams.get('returnTo'),
        })
      ).status,
    ).toBe(201);
    const confirmation = await smtp.waitFor((m) => m.to.includes(email) && /confirm-email\?token=/.test(m.body));
    const confirmUrl = new URL(
      /https?:\/\/[^\s"<>]*\/confirm-email\?[^\s"<>]*/.exec(confirmation.body)![0].replace(/&amp;/g, '&'),
    );
    expect(confirmUrl.searchParams.get('returnTo')).toBe(`/diagrams/${diagram.fuid}`);
    expect(
      (await visitor.post('/oauth2/confirm-email', { token: linkFrom(confirmation, '/confirm-email').token })).status,
    ).toBe(200);

    const newcomer = new ApiClient(app.url);
    expect((await newcomer.post('/oauth2/login', { email, password: 'secret-1' })).status).toBe(200);
    const opened = await newcomer.get(`/diagrams/${diagram.fuid}`);
    expect(opened.status).toBe(200);
    expect(opened.body.content.diagram).toMatchObject({ access: 'viewer', name: 'Invite economy' });
  });

  it('mails a person with an account the diagram link and notifies them; returnTo must be a path of this site', async () => {
    const [owner, invitee] = await Promise.all([createUser(app), createUser(app)]);
    const ownerClient = await loginAs(app, owner);
    const diagram = await createDiagram(ownerClient, { name: 'Known invitee' });
    expect(
      (await ownerClient.post(`/diagrams/${diagram.fuid}/shares`, { email: invitee.email, role: 'editor' })).status,
    ).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(invitee.email));
    expect(mail.body).toContain(`${APP_URL}/diagrams/${diagram.fuid}`);
    expect(mail.body).not.toContain('/register?');
    const notes = await eventually(async () => {
      const list = (await (await loginAs(app, invitee)).get('/notifications')).body.content.notifications;
      return list.length ? list : undefined;
    });
    expect(notes[0]).toMatchObject({ link: `/diagrams/${diagram.fuid}` });

    // The spec's rules: one permission per e-mail, the file named first, a valid address.
    expect(
      (await ownerClient.post(`/diagrams/${diagram.fuid}/shares`, { email: invitee.email, role: 'viewer' })).body.error
        .message,
    ).toBe(DiagramTexts.alreadyShared);
    const untitled = await createDiagram(ownerClient, { name: '' });
    expect(
      (await ownerClient.post(`/diagrams/${untitled.fuid}/shares`, { email: 'x@example.test', role: 'viewer' })).body
        .error.message,
    ).toBe(DiagramTexts.nameFirst);
    const invalid = await ownerClient.post(`/diagrams/${diagram.fuid}/shares`, {
      email: 'not-an-address',
      role: 'viewer',
    });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain('Please insert a valid email address');

    for (const returnTo of ['//evil.test/x', 'https://evil.test/', 'diagrams/x']) {
      const refused = await new ApiClient(app.url).post('/oauth2/register', {
        email: `r-${Date.now()}@example.test`,
        password: 'secret-1',
        acceptTerms: true,
        returnTo,
      });
      expect(refused.status, returnTo).toBe(400);
    }
  });

  it("a copy records its source and tells the source's owner; a duplicate of one's own tells nobody; a deleted source is no longer available", async () => {
    const [owner, other] = await Promise.all([createUser(app), createUser(app)]);
    await prisma.user.update({ where: { id: other.id }, data: { firstName: 'Cora', lastName: 'Copier' } });
    const [ownerClient, otherClient] = await Promise.all([loginAs(app, owner), loginAs(app, other)]);
    const source = await createDiagram(ownerClient, { name: 'Original' });
    expect((await ownerClient.put(`/diagrams/${source.fuid}/privacy`, { community: true })).status).toBe(200);

    const duplicate = (await ownerClient.post(`/diagrams/${source.fuid}/copies`, {})).body.content.diagram;
    const copy = (await otherClient.post(`/diagrams/${source.fuid}/copies`, {})).body.content.diagram;
    expect(copy).toMatchObject({
      name: 'Original (copy)',
      access: 'owner',
      source: { fuid: source.fuid, name: 'Original', owner: owner.username, available: true },
    });
    expect(copy.privacy.option).toBe('only-me');
    expect(duplicate.source).toMatchObject({ fuid: source.fuid, available: true });

    const notes = await eventually(async () => {
      const list = (await ownerClient.get('/notifications')).body.content.notifications;
      return list.length ? list : undefined;
    });
    // Only the other person's copy: the owner's own Duplicate made none (its event was delivered before the copy's).
    await eventually(async () =>
      (await prisma.domainEvent.count({ where: { type: 'DiagramCopied', dispatchedAt: null } })) === 0
        ? true
        : undefined,
    );
    expect((await ownerClient.get('/notifications')).body.content.notifications).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'info',
      message: 'Cora Copier made a copy of "Original"',
      link: `/diagrams/${source.fuid}`,
    });

    // The community page of a public copy links to its public source.
    expect((await otherClient.put(`/diagrams/${copy.fuid}/privacy`, { community: true })).status).toBe(200);
    const search = app.http.app.get(SearchService);
    expect((await search.diagram(copy.fuid))?.forkedFrom).toEqual({
      name: 'Original',
      url: `/community/${owner.username}/original-${source.fuid}`,
    });
    expect((await ownerClient.put(`/diagrams/${source.fuid}/privacy`, { community: false })).status).toBe(200);
    expect((await search.diagram(copy.fuid))?.forkedFrom).toEqual({ name: 'a private diagram', url: null });

    expect((await ownerClient.delete(`/diagrams/${source.fuid}`)).status).toBe(200);
    expect((await otherClient.get(`/diagrams/${copy.fuid}`)).body.content.diagram.source).toMatchObject({
      fuid: source.fuid,
      available: false,
    });
    expect((await search.diagram(copy.fuid))?.forkedFrom).toEqual({ name: '', url: null });
    const gone = await otherClient.post(`/diagrams/${source.fuid}/copies`, {});
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(DiagramTexts.copyUnavailable);
  });

  it('a private diagram is 404 for another user and for a visitor, the same as one that does not exist', async () => {
    const [owner, other] = await Promise.all([createUser(app), createUser(app)]);
    const [ownerClient, otherClient] = await Promise.all([loginAs(app, owner), loginAs(app, other)]);
    const diagram = await createDiagram(ownerClient, { name: 'Secret' });
    const missing = await otherClient.get('/diagrams/AAAAAAAAAAAAAAAA');
    for (const client of [otherClient, new ApiClient(app.url)]) {
      const answer = await client.get(`/diagrams/${diagram.fuid}`);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ code: missing.body.error.code, message: missing.body.error.message });
    }
  });
});
