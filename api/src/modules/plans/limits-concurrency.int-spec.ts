import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, tinyDocument } from '../../../test/factories/diagrams.js';
import { givePaidPlan } from '../../../test/factories/teams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';

const RACERS = 10;

/** Fires `RACERS` requests at once and counts the answers by status and error code. */
async function race(request: (i: number) => Promise<{ status: number; body: any }>) {
  const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) => request(i)));
  const tally: Record<string, number> = {};
  for (const a of answers) {
    const key = a.status < 300 ? String(a.status) : `${a.status} ${a.body?.error?.code}`;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

/**
 * Limits hold under concurrency: each one is counted in the transaction that takes the place,
 * after locking the team or workspace row, so of ten requests for the last free place exactly one
 * gets it — whatever the timing.
 */
describe('limits under concurrent requests', () => {
  let app: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    // Billing on (a Stripe key): the plans' limits apply as on the hosted product.
    app = await startTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_limits' } });
    prisma = app.http.app.get(PrismaService);
  });
  afterAll(() => app?.close());

  /** An owner with a paid plan of `seats` seats and a team (the owner takes one seat). */
  async function teamWithSeats(seats: number): Promise<{ client: ApiClient; teamId: string }> {
    const owner = await createUser(app);
    const client = await loginAs(app, owner);
    await givePaidPlan(app, owner, seats);
    const created = await client.post('/teams', { name: `Studio ${owner.id.slice(0, 6)}` });
    expect(created.status).toBe(201);
    return { client, teamId: created.body.content.team.id };
  }

  const pendingInvitations = (workspaceId: string) =>
    prisma.teamInvitation.count({ where: { workspaceId, status: 'pending' } });

  it('ten invitations for one free seat: one is sent, nine get the seat limit', async () => {
    const { client, teamId } = await teamWithSeats(2);
    const tally = await race((i) => client.post(`/teams/${teamId}/invitations`, { email: `racer-${i}@studio.test` }));
    expect(tally).toEqual({ 201: 1, '402 PLAN_LIMIT_REACHED': RACERS - 1 });
    expect(await pendingInvitations(teamId)).toBe(1);
  });

  it('ten invitations of one address: one is pending, the others are told it was invited already', async () => {
    const { client, teamId } = await teamWithSeats(RACERS + 2);
    const tally = await race(() => client.post(`/teams/${teamId}/invitations`, { email: 'same@studio.test' }));
    expect(tally).toEqual({ 201: 1, '409 TEAM_ALREADY_INVITED': RACERS - 1 });
    expect(await pendingInvitations(teamId)).toBe(1);
  });

  it('the database keeps one pending invitation per team and address', async () => {
    const { teamId } = await teamWithSeats(3);
    const row = (tokenHash: string) => ({ workspaceId: teamId, email: 'twice@studio.test', tokenHash });
    await prisma.teamInvitation.create({ data: row('hash-1') });
    await expect(prisma.teamInvitation.create({ data: row('hash-2') })).rejects.toMatchObject({ code: 'P2002' });
    // Answered invitations do not count: the address can be invited again.
    await prisma.teamInvitation.updateMany({ where: { workspaceId: teamId }, data: { status: 'declined' } });
    await expect(prisma.teamInvitation.create({ data: row('hash-3') })).resolves.toBeTruthy();
  });

  it('a seat reduction racing invitations never leaves more seats in use than bought', async () => {
    for (let round = 0; round < 3; round++) {
      const { client, teamId } = await teamWithSeats(RACERS + 1);
      const answers = await Promise.all([
        ...Array.from({ length: RACERS - 1 }, (_, i) =>
          client.post(`/teams/${teamId}/invitations`, { email: `cut-${round}-${i}@studio.test` }),
        ),
        client.put(`/teams/${teamId}/seats`, { seats: 2 }),
      ]);
      expect(answers.every((a) => a.status < 500)).toBe(true);
      const { seats } = (await client.get('/teams/mine')).body.content.team;
      expect(seats.used).toBeLessThanOrEqual(seats.total);
    }
  });

  it('ten suspended members unsuspended at once for one free seat: one comes back', async () => {
    const { client, teamId } = await teamWithSeats(2);
    const members = await Promise.all(Array.from({ length: RACERS }, () => createUser(app)));
    await prisma.workspaceMember.createMany({
      data: members.map((m) => ({ workspaceId: teamId, userId: m.id, role: 'member', status: 'suspended' })),
    });
    const tally = await race((i) => client.post(`/teams/${teamId}/members/${members[i].id}/unsuspend`));
    expect(tally).toEqual({ 200: 1, '402 PLAN_LIMIT_REACHED': RACERS - 1 });
    expect(await prisma.workspaceMember.count({ where: { workspaceId: teamId, status: 'active' } })).toBe(2);
  });

  it('ten library items for the last free place on the plan: one is saved', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    const workspaceId = await app.http.app.get(WorkspacesService).personalId(user.id);
    const allowed = (await client.get('/library')).body.content.limits.items as number;
    await prisma.libraryItem.createMany({
      data: Array.from({ length: allowed - 1 }, (_, i) => ({
        workspaceId,
        ownerId: user.id,
        name: `Kept ${i}`,
        position: i,
        content: { nodes: [], connections: [] },
        componentCount: 1,
      })),
    });
    const content = {
      nodes: [
        { id: 'src', type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
        { id: 'gold', type: 'pool', name: 'Gold', x: 200, y: 0 },
      ],
      connections: [{ id: 'c', kind: 'resource', from: 'src', to: 'gold', formula: '2' }],
    };
    const tally = await race((i) => client.post('/library', { name: `Racer ${i}`, visibility: 'private', content }));
    expect(tally).toEqual({ 201: 1, '402 PLAN_LIMIT_REACHED': RACERS - 1 });
    expect(await prisma.libraryItem.count({ where: { workspaceId } })).toBe(allowed);
  });

  it("ten Predictions (multiple runs) for the month's last one: one is stored", async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    const usage = (await client.get('/subscription/usage')).body.content.items as { limit: string; allowed: number }[];
    const allowed = usage.find((u) => u.limit === 'monthlyPredictions')!.allowed;
    const diagram = await createDiagram(client, { document: tinyDocument() });
    const multiple = (seed: number) => ({ kind: 'multiple', diagramVersion: 1, seed, steps: 10, runs: 5 });
    for (let i = 0; i < allowed - 1; i++)
      expect((await client.post(`/diagrams/${diagram.fuid}/plays`, multiple(i))).status).toBe(201);
    const tally = await race((i) => client.post(`/diagrams/${diagram.fuid}/plays`, multiple(100 + i)));
    expect(tally).toEqual({ 201: 1, '402 PLAN_LIMIT_REACHED': RACERS - 1 });
    expect(await prisma.play.count({ where: { diagram: { fuid: diagram.fuid }, kind: 'multiple' } })).toBe(allowed);
  });

  it('ten diagrams that each fit only alone under the components limit: one is created', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    const usage = (await client.get('/subscription/usage')).body.content.items as { limit: string; allowed: number }[];
    const allowed = usage.find((u) => u.limit === 'components')!.allowed;
    const each = 3; // tinyDocument: two nodes and a connection
    // One existing diagram leaves room for exactly one more tiny one.
    const existing = await createDiagram(client, { document: tinyDocument() });
    await prisma.diagram.update({ where: { fuid: existing.fuid }, data: { componentCount: allowed - each } });
    const tally = await race((i) => client.post('/diagrams', { name: `Racer ${i}`, document: tinyDocument(i) }));
    expect(tally).toEqual({ 201: 1, '402 PLAN_LIMIT_REACHED': RACERS - 1 });
    const total = await prisma.diagram.aggregate({
      where: { ownerId: user.id, deletedAt: null },
      _sum: { componentCount: true },
    });
    expect(total._sum.componentCount).toBe(allowed);
  });
});
