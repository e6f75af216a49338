import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeamTexts } from '@loopwright/contracts';
import { createDiagram, tinyDocument } from '../../../test/factories/diagrams.js';
import { givePaidPlan } from '../../../test/factories/teams.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import { startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { SubscriptionsService } from '../plans/subscriptions.service.js';

const tokenFrom = (body: string) => /\/invitations\/([A-Za-z0-9_-]{20,})/.exec(body)?.[1];

describe('teams', () => {
  let app: TestApp;
  let smtp: SmtpSink;
  let prisma: PrismaService;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // Billing on (a Stripe key), so plans and seats apply as on the hosted product.
    app = await startTestApp({
      env: { SMTP_URL: smtp.url, APP_URL: 'http://loopwright.test', STRIPE_SECRET_KEY: 'sk_test_teams' },
    });
    prisma = app.http.app.get(PrismaService);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  /** An owner with a paid plan of `seats` seats and a team. */
  async function teamWithSeats(seats: number) {
    const owner = await createUser(app);
    const client = await loginAs(app, owner);
    await givePaidPlan(app, owner, seats);
    const created = await client.post('/teams', { name: `Studio ${owner.email.slice(9, 14)}` });
    expect(created.status).toBe(201);
    return { owner, client, team: created.body.content.team };
  }

  async function invite(client: ApiClient, teamId: string, email: string) {
    const response = await client.post(`/teams/${teamId}/invitations`, { email });
    return response;
  }

  /** The invitation e-mail to `email` (into the team named `teamName`, when given). */
  async function mailTo(email: string, teamName?: string) {
    return smtp.waitFor(
      (m) =>
        m.to.includes(email) &&
        /invited you to join the team/.test(m.subject) &&
        (!teamName || m.subject.endsWith(teamName)),
    );
  }

  /** Invites and accepts with the e-mail's token: the user becomes an active member. */
  async function join(client: ApiClient, teamId: string, user: TestUser) {
    const invited = await invite(client, teamId, user.email);
    expect(invited.status).toBe(201);
    const token = tokenFrom((await mailTo(user.email, invited.body.content.team.name)).body)!;
    const member = await loginAs(app, user);
    const accepted = await member.post(`/invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    return member;
  }

  const errorOf = (response: { status: number; body: any }) => ({
    status: response.status,
    code: response.body?.error?.code,
    message: response.body?.error?.message,
  });

  it('a team is a workspace created from a paid plan: Public users are refused, one team per person', async () => {
    const free = await createUser(app);
    const freeClient = await loginAs(app, free);
    expect(errorOf(await freeClient.post('/teams', { name: 'No plan' }))).toEqual({
      status: 402,
      code: 'TEAM_PLAN_REQUIRED',
      message: TeamTexts.paidPlanRequired,
    });

    const { owner, client, team } = await teamWithSeats(3);
    expect(team).toMatchObject({
      role: 'owner',
      seats: { used: 1, total: 3 },
      downgraded: false,
      members: [{ userId: owner.id, role: 'owner', state: 'active' }],
    });
    expect(
      await prisma.workspace.findUnique({ where: { id: team.id }, select: { kind: true, ownerId: true } }),
    ).toEqual({ kind: 'team', ownerId: owner.id });
    expect(errorOf(await client.post('/teams', { name: 'Second' }))).toMatchObject({
      status: 409,
      code: 'TEAM_ALREADY_IN_TEAM',
      message: TeamTexts.alreadyInTeam,
    });
    // Usable with the user API key, too.
    const key = (await client.post('/users/me/api-key')).body.content.key as string;
    const viaKey = await new ApiClient(app.url, { bearer: key, clientId: null }).get('/teams/mine');
    expect(viaKey.body.content.team.id).toBe(team.id);
  });

  it('invites by e-mail through the outbox with an accept link; existing users get a notification linking to it; seats run out with the upgrade prompt', async () => {
    const { client, team } = await teamWithSeats(3);
    const existing = await createUser(app);
    const newcomer = `new-${Date.now()}@studio.test`;

    expect(errorOf(await invite(client, team.id, 'not-an-email'))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await invite(client, team.id, existing.email)).status).toBe(201);
    const second = await invite(client, team.id, newcomer.toUpperCase());
    expect(second.body.content.team.seats).toEqual({ used: 3, total: 3 });
    expect(
      second.body.content.team.members
        .filter((m: { state: string }) => m.state === 'invited')
        .map((m: { email: string }) => m.email)
        .sort(),
    ).toEqual([existing.email, newcomer].sort());
    expect(errorOf(await invite(client, team.id, newcomer))).toMatchObject({
      status: 409,
      code: 'TEAM_ALREADY_INVITED',
    });

    // One seat per active or invited member: the fourth person is past the seats.
    const over = await invite(client, team.id, `fourth-${Date.now()}@studio.test`);
    expect(errorOf(over)).toEqual({ status: 402, code: 'PLAN_LIMIT_REACHED', message: TeamTexts.seatLimit });
    expect(over.body.error.details).toMatchObject({
      limit: 'editors',
      allowed: 3,
      requested: 4,
      seats: { used: 3, total: 3 },
    });

    // Both e-mails in the SMTP sink, with the accept link.
    const mail = await mailTo(existing.email);
    expect(mail.body).toContain(`http://loopwright.test/invitations/`);
    expect(tokenFrom((await mailTo(newcomer)).body)).toBeTruthy();

    // The existing user has a notification linking to the invitation, and sees it in their list.
    const invitee = await loginAs(app, existing);
    const notification = await eventually(async () =>
      (await invitee.get('/notifications')).body.content.notifications.find((n: { message: string }) =>
        n.message.includes('invited you to join the team'),
      ),
    );
    const mine = (await invitee.get('/invitations')).body.content.invitations;
    expect(mine).toHaveLength(1);
    expect(notification.link).toBe(`/invitations/${mine[0].id}`);
    expect((await invitee.get(`/invitations/${mine[0].id}`)).body.content.invitation).toMatchObject({
      teamName: team.name,
      status: 'pending',
    });
  });

  it('accept and decline: an invitation stays active until declined; a declined one cannot be accepted; someone without an account signs up and lands in the team', async () => {
    const { client, team } = await teamWithSeats(3);
    const decliner = await createUser(app);
    const newcomerEmail = `signup-${Date.now()}@studio.test`;
    await invite(client, team.id, decliner.email);
    await invite(client, team.id, newcomerEmail);
    const declineToken = tokenFrom((await mailTo(decliner.email)).body)!;
    const signupToken = tokenFrom((await mailTo(newcomerEmail)).body)!;

    // Anyone holding the link sees what it is (no login needed), then must log in to answer.
    const anonymous = new ApiClient(app.url);
    expect((await anonymous.get(`/invitations/${signupToken}`)).body.content.invitation).toMatchObject({
      teamName: team.name,
      status: 'pending',
    });
    expect((await anonymous.post(`/invitations/${signupToken}/accept`)).status).toBe(401);

    const declinerClient = await loginAs(app, decliner);
    expect((await declinerClient.post(`/invitations/${declineToken}/decline`)).body.content.invitation.status).toBe(
      'declined',
    );
    expect(errorOf(await declinerClient.post(`/invitations/${declineToken}/accept`))).toEqual({
      status: 409,
      code: 'TEAM_JOIN_FAILED',
      message: TeamTexts.joinFailed,
    });
    expect((await client.get('/teams/mine')).body.content.team.seats).toEqual({ used: 2, total: 3 });

    // The newcomer registers with the invited address, confirms, and accepts from the link.
    const register = await anonymous.post('/oauth2/register', {
      email: newcomerEmail,
      password: 'secret-1',
      confirmPassword: 'secret-1',
      acceptTerms: true,
    });
    expect(register.status).toBe(201);
    await prisma.user.update({ where: { email: newcomerEmail }, data: { emailConfirmedAt: new Date() } });
    const newcomer = await loginAs(app, { id: '', email: newcomerEmail, password: 'secret-1', username: null });
    expect((await newcomer.post(`/invitations/${signupToken}/accept`)).body.content.invitation.status).toBe('accepted');
    const landed = (await newcomer.get('/teams/mine')).body.content.team;
    expect(landed).toMatchObject({ id: team.id, role: 'member', rights: 'editor' });
    const owners = (await client.get('/teams/mine')).body.content.team;
    expect(owners.members.find((m: { email: string }) => m.email === newcomerEmail)).toMatchObject({ state: 'active' });
    expect(owners.seats).toEqual({ used: 2, total: 3 });
  });

  it('resend gives a fresh link (the old one stops working); revoke frees the seat', async () => {
    const { client, team } = await teamWithSeats(2);
    const email = `resend-${Date.now()}@studio.test`;
    const invited = await invite(client, team.id, email);
    const invitationId = invited.body.content.team.members.find(
      (m: { email: string }) => m.email === email,
    ).invitationId;
    const first = tokenFrom((await mailTo(email)).body)!;
    expect((await client.post(`/teams/${team.id}/invitations/${invitationId}/resend`)).status).toBe(200);
    const second = await eventually(() =>
      Promise.resolve(
        smtp.messages.map((m) => (m.to.includes(email) ? tokenFrom(m.body) : undefined)).find((t) => t && t !== first),
      ),
    );
    const anonymous = new ApiClient(app.url);
    expect((await anonymous.get(`/invitations/${first}`)).status).toBe(404);
    expect((await anonymous.get(`/invitations/${second}`)).status).toBe(200);
    expect(errorOf(await invite(client, team.id, `other-${Date.now()}@studio.test`))).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
    });
    const revoked = await client.delete(`/teams/${team.id}/invitations/${invitationId}`);
    expect(revoked.body.content.team.seats).toEqual({ used: 1, total: 2 });
    expect((await anonymous.get(`/invitations/${second}`)).status).toBe(404);
  });

  it('seats: the owner adds or removes seats through billing, never below the seats in use, not while a payment is pending; some plans need work e-mails', async () => {
    const { owner, client, team } = await teamWithSeats(2);
    await invite(client, team.id, `seat-${Date.now()}@studio.test`);
    expect(errorOf(await client.put(`/teams/${team.id}/seats`, { seats: 1 }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await client.put(`/teams/${team.id}/seats`, { seats: 5 })).body.content.team.seats).toEqual({
      used: 2,
      total: 5,
    });
    const personal = (await prisma.workspace.findUnique({ where: { personalUserId: owner.id }, select: { id: true } }))!
      .id;
    await app.http.app
      .get(SubscriptionsService)
      .applyChange(personal, { status: 'payment_pending' }, { reason: 'stripe' });
    expect(errorOf(await client.put(`/teams/${team.id}/seats`, { seats: 6 }))).toEqual({
      status: 409,
      code: 'TEAM_PAYMENT_PENDING',
      message: TeamTexts.paymentPending,
    });

    // Enterprise invitations need a work e-mail address.
    await app.http.app
      .get(SubscriptionsService)
      .applyChange(personal, { planType: 14, status: 'active' }, { reason: 'admin' });
    expect(errorOf(await invite(client, team.id, 'someone@gmail.com'))).toEqual({
      status: 400,
      code: 'TEAM_WORK_EMAIL_REQUIRED',
      message: TeamTexts.workEmailRequired,
    });
    expect((await invite(client, team.id, 'someone@studio.test')).status).toBe(201);
  });

  it('member states and rules, each refusal with the spec text', async () => {
    const { owner, client, team } = await teamWithSeats(4);
    const [alice, bob] = await Promise.all([createUser(app), createUser(app)]);
    const aliceClient = await join(client, team.id, alice);
    await join(client, team.id, bob);
    const act = (who: ApiClient, action: 'suspend' | 'unsuspend', userId: string) =>
      who.post(`/teams/${team.id}/members/${userId}/${action}`);

    // Only active members can be suspended; only suspended members can be unsuspended.
    expect(errorOf(await act(client, 'unsuspend', alice.id))).toEqual({
      status: 409,
      code: 'TEAM_MEMBER_NOT_SUSPENDED',
      message: TeamTexts.cannotUnblock,
    });
    const suspended = await act(client, 'suspend', alice.id);
    expect(suspended.body.content.team.members.find((m: { userId: string }) => m.userId === alice.id).state).toBe(
      'suspended',
    );
    expect(errorOf(await act(client, 'suspend', alice.id))).toEqual({
      status: 409,
      code: 'TEAM_MEMBER_NOT_ACTIVE',
      message: TeamTexts.cannotBlock,
    });
    expect(
      (await act(client, 'unsuspend', alice.id)).body.content.team.members.find(
        (m: { userId: string }) => m.userId === alice.id,
      ).state,
    ).toBe('active');

    // A plain member changes no rights and removes, suspends, unsuspends or invites no one (the owner and admins do).
    const ownerOnly = { status: 403, code: 'TEAM_MANAGER_ONLY', message: TeamTexts.managerOnly };
    expect(errorOf(await act(aliceClient, 'suspend', bob.id))).toEqual(ownerOnly);
    expect(errorOf(await act(aliceClient, 'unsuspend', bob.id))).toEqual(ownerOnly);
    expect(errorOf(await aliceClient.delete(`/teams/${team.id}/members/${bob.id}`))).toEqual(ownerOnly);
    expect(errorOf(await aliceClient.patch(`/teams/${team.id}/members/${bob.id}`, { rights: 'viewer' }))).toEqual(
      ownerOnly,
    );
    expect(errorOf(await invite(aliceClient, team.id, 'x@studio.test'))).toEqual(ownerOnly);
    const outsider = await loginAs(app, await createUser(app));
    expect(errorOf(await act(outsider, 'suspend', bob.id))).toMatchObject({ status: 404, code: 'TEAM_NOT_FOUND' });

    // The owner cannot be removed.
    expect(errorOf(await client.delete(`/teams/${team.id}/members/${owner.id}`))).toEqual({
      status: 409,
      code: 'TEAM_CANNOT_DELETE_OWNER',
      message: TeamTexts.cannotDeleteOwner,
    });
    // Rights change.
    expect(
      (await client.patch(`/teams/${team.id}/members/${bob.id}`, { rights: 'viewer' })).body.content.team.members.find(
        (m: { userId: string }) => m.userId === bob.id,
      ).rights,
    ).toBe('viewer');

    // Removal is permanent: the person leaves the list; no unsuspend, no suspend, no invitation back.
    expect(
      (await client.delete(`/teams/${team.id}/members/${alice.id}`)).body.content.team.members.find(
        (m: { userId: string }) => m.userId === alice.id,
      ),
    ).toBeUndefined();
    // They are told: an e-mail and a notification.
    const removedMail = await smtp.waitFor(
      (m) => m.to.includes(alice.email) && /removed from the team/.test(m.subject),
    );
    expect(removedMail.subject).toBe(`You were removed from the team ${team.name}`);
    const notice = await eventually(async () =>
      (await prisma.notification.findMany({ where: { userId: alice.id } })).find((n) =>
        n.message.startsWith('You were removed'),
      ),
    );
    expect(notice?.message).toBe(TeamTexts.removedNotice.replace('{team}', team.name));
    expect(errorOf(await act(client, 'unsuspend', alice.id))).toMatchObject({
      code: 'TEAM_MEMBER_NOT_SUSPENDED',
      message: TeamTexts.cannotUnblock,
    });
    expect(errorOf(await act(client, 'suspend', alice.id))).toMatchObject({
      code: 'TEAM_MEMBER_NOT_ACTIVE',
      message: TeamTexts.cannotBlock,
    });
    expect(errorOf(await invite(client, team.id, alice.email))).toEqual({
      status: 409,
      code: 'TEAM_JOIN_FAILED',
      message: TeamTexts.joinFailed,
    });
    expect((await aliceClient.get('/teams/mine')).body.content.team).toBeNull();
  });

  it('a member of a team cannot join another team; an owner with an active subscription must cancel it first', async () => {
    const first = await teamWithSeats(3);
    const second = await teamWithSeats(3);
    const member = await createUser(app);
    await join(first.client, first.team.id, member);

    // Inviting someone who is in another team is refused at once …
    expect(errorOf(await invite(second.client, second.team.id, member.email))).toEqual({
      status: 409,
      code: 'TEAM_ALREADY_IN_TEAM',
      message: TeamTexts.alreadyInTeam,
    });
    // … and so is accepting when they joined another team after being invited.
    const later = await createUser(app);
    await invite(second.client, second.team.id, later.email);
    const secondToken = tokenFrom((await mailTo(later.email)).body)!;
    await join(first.client, first.team.id, later);
    const laterClient = await loginAs(app, later);
    expect(errorOf(await laterClient.post(`/invitations/${secondToken}/accept`))).toEqual({
      status: 409,
      code: 'TEAM_ALREADY_IN_TEAM',
      message: TeamTexts.alreadyInTeam,
    });
    expect(errorOf(await laterClient.post('/teams', { name: 'Mine' }))).toMatchObject({ code: 'TEAM_ALREADY_IN_TEAM' });

    // A paying user (here: the owner of the first team) must cancel before joining another team.
    await invite(second.client, second.team.id, first.owner.email);
    const ownerToken = tokenFrom((await mailTo(first.owner.email)).body)!;
    expect(errorOf(await first.client.post(`/invitations/${ownerToken}/accept`))).toEqual({
      status: 409,
      code: 'TEAM_ACTIVE_SUBSCRIPTION',
      message: TeamTexts.activeSubscription,
    });
  });

  it('members see and edit team diagrams by their state and rights; shared with team moves a diagram into the team folder', async () => {
    const { client, team } = await teamWithSeats(3);
    const member = await createUser(app);
    const memberClient = await join(client, team.id, member);
    const diagram = await createDiagram(client, { name: 'Team economy', document: tinyDocument() });

    // Shared with team: the owner's diagram moves into the team folder.
    expect((await memberClient.get(`/diagrams/${diagram.fuid}`)).status).toBe(404);
    const shared = await client.put(`/diagrams/${diagram.fuid}/team`, { shared: true });
    expect(shared.body.content).toEqual({ team: { id: team.id, name: team.name }, shared: true, canChange: true });
    expect(
      (await prisma.diagram.findUnique({ where: { fuid: diagram.fuid }, select: { workspaceId: true } }))?.workspaceId,
    ).toBe(team.id);
    expect(
      (await memberClient.get('/diagrams?scope=team')).body.content.items.map((d: { fuid: string }) => d.fuid),
    ).toEqual([diagram.fuid]);
    expect((await memberClient.get(`/diagrams/${diagram.fuid}/team`)).body.content).toMatchObject({
      shared: true,
      canChange: false,
    });

    // An active member edits; a created diagram belongs to the team workspace.
    const edit = (version: number) =>
      memberClient.put(`/diagrams/${diagram.fuid}/document`, {
        baseVersion: version,
        document: tinyDocument(version + 3),
      });
    expect((await edit(1)).status).toBe(200);
    const made = await memberClient.post('/diagrams', { name: 'Made in the team', workspaceId: team.id });
    expect(
      (
        await prisma.diagram.findUnique({
          where: { fuid: made.body.content.diagram.fuid },
          select: { workspaceId: true },
        })
      )?.workspaceId,
    ).toBe(team.id);
    expect((await client.get('/diagrams?scope=team')).body.content.items).toHaveLength(2);

    // View rights: can read, cannot save.
    await client.patch(`/teams/${team.id}/members/${member.id}`, { rights: 'viewer' });
    expect((await memberClient.get(`/diagrams/${diagram.fuid}`)).body.content.diagram.access).toBe('viewer');
    expect((await edit(2)).status).toBe(403);
    await client.patch(`/teams/${team.id}/members/${member.id}`, { rights: 'editor' });
    expect((await edit(2)).status).toBe(200);

    // Suspended: no access at all; unsuspended: back; removed: gone for good.
    await client.post(`/teams/${team.id}/members/${member.id}/suspend`);
    expect((await memberClient.get(`/diagrams/${diagram.fuid}`)).status).toBe(404);
    expect((await memberClient.get('/diagrams?scope=team')).body.content.items).toEqual([]);
    await client.post(`/teams/${team.id}/members/${member.id}/unsuspend`);
    expect((await memberClient.get(`/diagrams/${diagram.fuid}`)).status).toBe(200);
    await client.delete(`/teams/${team.id}/members/${member.id}`);
    expect((await memberClient.get(`/diagrams/${diagram.fuid}`)).status).toBe(404);
    expect(
      (await memberClient.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 3, document: tinyDocument(9) }))
        .status,
    ).toBe(404);

    // Moving it back out of the team folder returns it to its creator's workspace.
    expect((await client.put(`/diagrams/${diagram.fuid}/team`, { shared: false })).body.content.shared).toBe(false);
    expect(
      (await client.get('/diagrams?scope=mine')).body.content.items.map((d: { fuid: string }) => d.fuid),
    ).toContain(diagram.fuid);
  });

  it('when the subscription is cancelled, members are downgraded and lose the team folder; nothing is deleted and the owner keeps the diagrams', async () => {
    const { owner, client, team } = await teamWithSeats(3);
    const member = await createUser(app);
    const memberClient = await join(client, team.id, member);
    const diagram = await createDiagram(memberClient, {
      name: 'Member made',
      document: tinyDocument(),
      workspaceId: team.id,
    } as never);
    expect((await memberClient.get('/diagrams?scope=team')).body.content.items).toHaveLength(1);

    const personal = (await prisma.workspace.findUnique({ where: { personalUserId: owner.id }, select: { id: true } }))!
      .id;
    await app.http.app.get(SubscriptionsService).downgradeToPublic(personal, 'canceled');
    await eventually(async () =>
      (await prisma.workspace.findUnique({ where: { id: team.id }, select: { downgradedAt: true } }))?.downgradedAt
        ? true
        : undefined,
    );

    expect((await memberClient.get(`/diagrams/${diagram.fuid}`)).status).toBe(404);
    expect((await memberClient.get('/diagrams?scope=team')).body.content.items).toEqual([]);
    const seen = (await memberClient.get('/teams/mine')).body.content.team;
    expect(seen).toMatchObject({ id: team.id, role: 'member', downgraded: true });
    // Members cannot change the plan (plans refuse them), and the owner keeps every diagram.
    expect((await client.get(`/diagrams/${diagram.fuid}`)).body.content.diagram.access).toBe('owner');
    expect(await prisma.diagram.count({ where: { workspaceId: team.id, deletedAt: null } })).toBe(1);
    expect(errorOf(await invite(client, team.id, `after-${Date.now()}@studio.test`))).toMatchObject({
      status: 402,
      code: 'TEAM_PLAN_REQUIRED',
    });

    // Resumed: members are back.
    await app.http.app
      .get(SubscriptionsService)
      .applyChange(personal, { planType: 2, status: 'active' }, { reason: 'stripe' });
    await eventually(async () =>
      (await memberClient.get(`/diagrams/${diagram.fuid}`)).status === 200 ? true : undefined,
    );
  });

  it('account deletion: confirmed by e-mail; not the owner of a team with members; team diagrams stay with the team', async () => {
    const { owner, client, team } = await teamWithSeats(3);
    const member = await createUser(app);
    const memberClient = await join(client, team.id, member);
    const teamDiagram = (await memberClient.post('/diagrams', { name: 'Stays in the team', workspaceId: team.id })).body
      .content.diagram;
    const ownDiagram = await createDiagram(memberClient, { name: 'Goes with the account', document: tinyDocument() });

    const del = (who: ApiClient, confirmEmail: string) => who.request('DELETE', '/account', { confirmEmail });
    expect(errorOf(await del(memberClient, 'someone-else@example.test'))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(errorOf(await del(client, owner.email))).toEqual({
      status: 409,
      code: 'TEAM_CANNOT_DELETE_OWNER',
      message: TeamTexts.cannotDeleteOwner,
    });

    expect((await del(memberClient, member.email)).status).toBe(200);
    expect(await prisma.user.findUnique({ where: { id: member.id } })).toBeNull();
    expect(await prisma.diagram.findUnique({ where: { fuid: ownDiagram.fuid } })).toBeNull();
    expect(
      await prisma.diagram.findUnique({
        where: { fuid: teamDiagram.fuid },
        select: { workspaceId: true, ownerId: true },
      }),
    ).toEqual({ workspaceId: team.id, ownerId: owner.id });
    expect((await memberClient.get('/teams/mine')).status).toBe(401);
    expect((await client.get('/teams/mine')).body.content.team.seats).toEqual({ used: 1, total: 3 });

    // With no members left, the owner may delete, once the subscription is cancelled.
    expect(errorOf(await del(client, owner.email))).toEqual({
      status: 409,
      code: 'TEAM_ACTIVE_SUBSCRIPTION',
      message: TeamTexts.activeSubscription,
    });
    const personal = (await prisma.workspace.findUnique({ where: { personalUserId: owner.id }, select: { id: true } }))!
      .id;
    await app.http.app.get(SubscriptionsService).downgradeToPublic(personal, 'canceled');
    await eventually(async () =>
      (await prisma.workspace.findUnique({ where: { id: team.id }, select: { downgradedAt: true } }))?.downgradedAt
        ? true
        : undefined,
    );
    expect((await del(client, owner.email)).status).toBe(200);
    expect(await prisma.workspace.findUnique({ where: { id: team.id } })).toBeNull();
  });
});
