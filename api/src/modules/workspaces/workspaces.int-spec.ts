import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, tinyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { InstanceService } from '../instance/instance.service.js';

describe('workspaces', () => {
  let app: TestApp;
  let prisma: PrismaService;
  beforeAll(async () => {
    app = await startTestApp();
    prisma = app.http.app.get(PrismaService);
  });
  afterAll(() => app?.close());

  const personalOf = (email: string) =>
    prisma.workspace.findFirst({
      where: { personalUser: { email } },
      include: { members: { select: { userId: true, role: true, status: true } } },
    });

  it('comes with every account: registration and the first admin get a personal workspace they own', async () => {
    const client = new ApiClient(app.url);
    const email = `ws-${Date.now()}@example.test`;
    expect(
      (
        await client.post('/oauth2/register', {
          email,
          password: 'secret-1',
          confirmPassword: 'secret-1',
          acceptTerms: true,
        })
      ).status,
    ).toBe(201);
    const registered = await personalOf(email);
    expect(registered).toMatchObject({ kind: 'personal', ownerId: registered?.personalUserId });
    expect(registered?.members).toEqual([{ userId: registered?.ownerId, role: 'owner', status: 'active' }]);

    const instanceId = (await app.http.app.get(InstanceService).ensureInstanceId()).id;
    expect(
      (await client.post('/admin/setup', { instanceId, email: 'ws-admin@example.test', password: 'admin-pass' }))
        .status,
    ).toBe(201);
    expect((await personalOf('ws-admin@example.test'))?.members).toHaveLength(1);
  });

  it('owns what its user creates: diagrams, tags and plays land in the personal workspace, the creator kept', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    const workspace = await personalOf(user.email);
    const diagram = await createDiagram(client, { name: 'Owned', document: tinyDocument() });
    expect(
      (await client.post('/tags', { name: 'Mine', textColor: '#FFFFFF', backgroundColor: '#000000' })).status,
    ).toBe(201);
    expect(
      (
        await client.post(`/diagrams/${diagram.fuid}/plays`, {
          kind: 'quick',
          diagramVersion: 1,
          seed: 1,
          runs: 1,
          steps: 3,
          endReasons: {},
        })
      ).status,
    ).toBe(201);
    expect(
      await prisma.diagram.findUnique({ where: { fuid: diagram.fuid }, select: { workspaceId: true, ownerId: true } }),
    ).toEqual({ workspaceId: workspace?.id, ownerId: user.id });
    expect(
      await prisma.tag.findFirst({ where: { name: 'Mine', ownerId: user.id }, select: { workspaceId: true } }),
    ).toEqual({ workspaceId: workspace?.id });
    expect(await prisma.play.findFirst({ where: { authorId: user.id }, select: { workspaceId: true } })).toEqual({
      workspaceId: workspace?.id,
    });
  });

  it('lets active members of a team edit its diagrams; suspended members and outsiders see nothing', async () => {
    const [owner, member, outsider] = await Promise.all([createUser(app), createUser(app), createUser(app)]);
    const [ownerClient, memberClient, outsiderClient] = await Promise.all([
      loginAs(app, owner),
      loginAs(app, member),
      loginAs(app, outsider),
    ]);
    const team = await prisma.workspace.create({
      data: {
        kind: 'team',
        name: 'Studio',
        ownerId: owner.id,
        members: {
          create: [
            { userId: owner.id, role: 'owner' },
            { userId: member.id, role: 'member' },
          ],
        },
      },
    });
    const diagram = await createDiagram(ownerClient, { name: 'Team economy', document: tinyDocument() });
    await prisma.diagram.update({ where: { fuid: diagram.fuid }, data: { workspaceId: team.id } });

    expect((await ownerClient.get(`/diagrams/${diagram.fuid}`)).body.content.diagram.access).toBe('owner');
    const seen = await memberClient.get(`/diagrams/${diagram.fuid}`);
    expect(seen.body.content.diagram.access).toBe('editor');
    expect(
      (await memberClient.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 1, document: tinyDocument(5) }))
        .status,
    ).toBe(200);
    expect((await memberClient.delete(`/diagrams/${diagram.fuid}`)).status).toBe(403);
    expect((await outsiderClient.get(`/diagrams/${diagram.fuid}`)).status).toBe(404);

    // Members create diagrams in the team workspace; outsiders cannot even see that it exists.
    const created = await memberClient.post('/diagrams', { name: 'Made in the team', workspaceId: team.id });
    expect(created.status).toBe(201);
    expect(
      await prisma.diagram.findUnique({
        where: { fuid: created.body.content.diagram.fuid },
        select: { workspaceId: true, ownerId: true },
      }),
    ).toEqual({ workspaceId: team.id, ownerId: member.id });
    expect((await outsiderClient.post('/diagrams', { name: 'Sneaky', workspaceId: team.id })).body.error).toMatchObject(
      { code: 'WORKSPACE_NOT_FOUND' },
    );

    await prisma.workspaceMember.update({
      where: { workspaceId_userId: { workspaceId: team.id, userId: member.id } },
      data: { status: 'suspended' },
    });
    expect((await memberClient.get(`/diagrams/${diagram.fuid}`)).status).toBe(404);
    expect((await memberClient.post('/diagrams', { name: 'After suspension', workspaceId: team.id })).status).toBe(404);
  });
});
