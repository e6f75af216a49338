import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeamTexts } from '@loopwright/contracts';
import { givePaidPlan } from '../../../test/factories/teams.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import { startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const tokenFrom = (body: string) => /\/invitations\/([A-Za-z0-9_-]{20,})/.exec(body)?.[1];
const errorOf = (response: { status: number; body: any }) => ({
  status: response.status,
  code: response.body?.error?.code,
  message: response.body?.error?.message,
});

/** Team admins (spec G5) and signing up from an invitation's link. */
describe('team admins and invitation sign-up', () => {
  let app: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({
      env: { SMTP_URL: smtp.url, APP_URL: 'http://loopwright.test', STRIPE_SECRET_KEY: 'sk_test_admins' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const invitationMail = (email: string) =>
    smtp.waitFor((m) => m.to.includes(email) && /invited you to join the team/.test(m.subject));

  async function teamWith(seats: number, ...people: TestUser[]) {
    const owner = await createUser(app);
    const client = await loginAs(app, owner);
    await givePaidPlan(app, owner, seats);
    const team = (await client.post('/teams', { name: `Studio ${Date.now()}` })).body.content.team;
    const members: ApiClient[] = [];
    for (const person of people) {
      expect((await client.post(`/teams/${team.id}/invitations`, { email: person.email })).status).toBe(201);
      const token = tokenFrom((await invitationMail(person.email)).body)!;
      const member = await loginAs(app, person);
      expect((await member.post(`/invitations/${token}/accept`)).status).toBe(200);
      members.push(member);
    }
    return { owner, client, team, members };
  }

  it('admins manage members and invitations; billing, seats, admins and the name stay with the owner', async () => {
    const [ann, ben, cy] = [await createUser(app), await createUser(app), await createUser(app)];
    const { owner, client, team, members } = await teamWith(6, ann, ben, cy);
    const [annClient, benClient] = members;

    // Only the owner makes admins.
    expect(errorOf(await annClient.put(`/teams/${team.id}/members/${ben.id}/role`, { role: 'admin' }))).toMatchObject({
      status: 403,
      code: 'TEAM_OWNER_ONLY',
    });
    const promoted = await client.put(`/teams/${team.id}/members/${ann.id}/role`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.content.team.members.find((m: { userId: string }) => m.userId === ann.id).role).toBe('admin');

    // Ann sees the whole list and manages plain members and invitations.
    const mine = (await annClient.get('/teams/mine')).body.content.team;
    expect(mine.role).toBe('admin');
    expect((await annClient.post(`/teams/${team.id}/members/${ben.id}/suspend`)).status).toBe(200);
    expect((await annClient.post(`/teams/${team.id}/members/${ben.id}/unsuspend`)).status).toBe(200);
    expect((await annClient.patch(`/teams/${team.id}/members/${ben.id}`, { rights: 'viewer' })).status).toBe(200);
    const invited = await annClient.post(`/teams/${team.id}/invitations`, { email: 'dora@studio.test' });
    expect(invited.status).toBe(201);
    // The invitation names the admin who sent it.
    expect((await invitationMail('dora@studio.test')).subject).toContain('invited you');
    const dora = invited.body.content.team.members.find((m: { email: string }) => m.email === 'dora@studio.test');
    expect((await annClient.delete(`/teams/${team.id}/invitations/${dora.invitationId}`)).status).toBe(200);
    expect((await annClient.delete(`/teams/${team.id}/members/${cy.id}`)).status).toBe(200);

    // Not the owner, not another admin; not billing, seats, roles or the name.
    const ownerOnly = { status: 403, code: 'TEAM_OWNER_ONLY', message: TeamTexts.ownerOnly };
    await client.put(`/teams/${team.id}/members/${ben.id}/role`, { role: 'admin' });
    expect(errorOf(await annClient.post(`/teams/${team.id}/members/${ben.id}/suspend`))).toEqual(ownerOnly);
    expect(errorOf(await annClient.delete(`/teams/${team.id}/members/${ben.id}`))).toEqual(ownerOnly);
    expect(errorOf(await annClient.post(`/teams/${team.id}/members/${owner.id}/suspend`))).toMatchObject({
      code: 'TEAM_CANNOT_DELETE_OWNER',
    });
    expect(errorOf(await annClient.put(`/teams/${team.id}/seats`, { seats: 8 }))).toEqual(ownerOnly);
    expect(errorOf(await annClient.get(`/teams/${team.id}/seats/preview?seats=8`))).toEqual(ownerOnly);
    expect(errorOf(await annClient.patch(`/teams/${team.id}`, { name: 'Mine now' }))).toEqual(ownerOnly);
    expect(errorOf(await annClient.put(`/teams/${team.id}/members/${ben.id}/role`, { role: 'member' }))).toEqual(
      ownerOnly,
    );
    // Billing: an admin is a member there (the plan is the owner's).
    expect((await annClient.post('/billing/portal', { workspaceId: team.id })).status).toBeGreaterThanOrEqual(400);

    // Made a member again, Ann manages nothing.
    await client.put(`/teams/${team.id}/members/${ann.id}/role`, { role: 'member' });
    await client.put(`/teams/${team.id}/members/${ben.id}/role`, { role: 'member' });
    expect(errorOf(await annClient.post(`/teams/${team.id}/members/${ben.id}/suspend`))).toMatchObject({
      status: 403,
      code: 'TEAM_MANAGER_ONLY',
    });
    expect((await benClient.get('/teams/mine')).body.content.team.role).toBe('member');
  });

  it('signing up from the invitation link confirms the address and joins the team, without a confirmation e-mail', async () => {
    const { client, team } = await teamWith(4);
    const email = `invitee-${Date.now()}@studio.test`;
    expect((await client.post(`/teams/${team.id}/invitations`, { email })).status).toBe(201);
    const token = tokenFrom((await invitationMail(email)).body)!;

    // Another address with the token: an ordinary sign-up (confirmation e-mail, no team).
    const other = `other-${Date.now()}@studio.test`;
    const ordinary = await new ApiClient(app.url).post('/oauth2/register', {
      email: other,
      password: 'secret-12',
      confirmPassword: 'secret-12',
      acceptTerms: true,
      invitation: token,
    });
    expect(ordinary.body.content.confirmation).toBe('email');

    const visitor = new ApiClient(app.url);
    const registered = await visitor.post('/oauth2/register', {
      email,
      password: 'secret-12',
      confirmPassword: 'secret-12',
      acceptTerms: true,
      invitation: token,
    });
    expect(registered.status).toBe(201);
    expect(registered.body.content.confirmation).toBe('done');
    const login = await visitor.post('/oauth2/login', { email, password: 'secret-12' });
    expect(login.status).toBe(200);
    expect(login.body.content.user.emailConfirmed).toBe(true);
    const members = (await client.get('/teams/mine')).body.content.team.members;
    expect(members.find((m: { email: string }) => m.email === email)).toMatchObject({ state: 'active' });
    // The link is used up.
    expect((await visitor.get(`/invitations/${token}`)).body.content.invitation.status).toBe('accepted');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.some((m) => m.to.includes(email) && /confirm-email\?token=/.test(m.body))).toBe(false);
  });
});
