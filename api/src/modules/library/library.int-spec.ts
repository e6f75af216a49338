import { LIBRARY_MAX_COMPONENTS_PER_ITEM, LibraryTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { givePaidPlan } from '../../../test/factories/teams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';

const selection = (prefix = 'a') => ({
  nodes: [
    { id: `${prefix}src`, type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
    { id: `${prefix}gold`, type: 'pool', name: 'Gold', x: 200, y: 0 },
  ],
  connections: [
    { id: `${prefix}c`, kind: 'resource', from: `${prefix}src`, to: `${prefix}gold`, formula: '2' },
    { id: 'dangling', kind: 'resource', from: `${prefix}gold`, to: 'elsewhere', formula: '1' },
  ],
});

describe('library items, Global Settings preferences, diagram token', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Billing on: a workspace without a subscription has the Public plan's limits (20 library items).
    app = await startTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_library' } });
  });
  afterAll(() => app?.close());

  it('saves selections with visibility and position, lists mine then public ones, reorders, renames, deletes', async () => {
    const me = await loginAs(app, await createUser(app));
    const other = await loginAs(app, await createUser(app));
    const first = await me.post('/library', { name: 'Mine loop', visibility: 'private', content: selection() });
    expect(first.status).toBe(201);
    expect(first.body.content.item).toMatchObject({
      name: 'Mine loop',
      visibility: 'private',
      position: 0,
      componentCount: 3,
      mine: true,
    });
    // The connection to an element outside the selection is left out.
    expect(first.body.content.item.content.connections.map((c: { id: string }) => c.id)).toEqual(['ac']);
    const second = (await me.post('/library', { name: 'Shared loop', visibility: 'public', content: selection('b') }))
      .body.content.item;
    expect(second.position).toBe(1);

    const list = (await me.get('/library')).body.content;
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(['Mine loop', 'Shared loop']);
    expect(list.limits).toEqual({ items: 20, used: 2, componentsPerItem: LIBRARY_MAX_COMPONENTS_PER_ITEM });
    const theirs = (await other.get('/library')).body.content.items;
    expect(theirs.map((i: { name: string; mine: boolean }) => [i.name, i.mine])).toEqual([['Shared loop', false]]);

    const reordered = (await me.put('/library/order', { ids: [second.id, first.body.content.item.id] })).body.content
      .items;
    expect(reordered.map((i: { name: string; position: number }) => [i.name, i.position])).toEqual([
      ['Shared loop', 0],
      ['Mine loop', 1],
    ]);
    expect(
      (await me.patch(`/library/${second.id}`, { name: 'Renamed', visibility: 'team' })).body.content.item,
    ).toMatchObject({ name: 'Renamed', visibility: 'team' });
    expect((await other.get('/library')).body.content.items).toEqual([]);
    expect((await other.patch(`/library/${second.id}`, { name: 'Hijack' })).body.error.code).toBe(
      'LIBRARY_ITEM_NOT_FOUND',
    );
    expect((await other.delete(`/library/${second.id}`)).status).toBe(404);
    expect((await me.delete(`/library/${second.id}`)).status).toBe(200);
    expect((await me.get('/library')).body.content.limits.used).toBe(1);
  });

  it("team items belong to the team's workspace and are listed for its active members, not for others", async () => {
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    await givePaidPlan(app, ownerUser, 3);
    const team = (await owner.post('/teams', { name: 'Library Studio' })).body.content.team;
    const memberUser = await createUser(app);
    const member = await loginAs(app, memberUser);
    const prisma = app.http.app.get(PrismaService);
    await prisma.workspaceMember.create({ data: { workspaceId: team.id, userId: memberUser.id, role: 'member' } });
    const outsider = await loginAs(app, await createUser(app));

    const created = await owner.post('/library', { name: 'team-x', visibility: 'team', content: selection('t') });
    expect(created.status).toBe(201);
    expect(created.body.content.item).toMatchObject({ name: 'team-x', visibility: 'team', mine: true });
    const stored = await prisma.libraryItem.findUniqueOrThrow({ where: { id: created.body.content.item.id } });
    expect(stored.workspaceId).toBe(team.id);

    const names = async (client: typeof owner) =>
      (await client.get('/library')).body.content.items.map((i: { name: string; mine: boolean }) => [i.name, i.mine]);
    expect(await names(member)).toEqual([['team-x', false]]);
    expect(await names(owner)).toEqual([['team-x', true]]);
    expect(await names(outsider)).toEqual([]);
    // A member's team item reaches the owner; the member may change it, the outsider may not.
    const fromMember = (
      await member.post('/library', { name: 'member-y', visibility: 'team', content: selection('m') })
    ).body.content.item;
    expect((await names(owner)).map(([name]: [string]) => name).sort()).toEqual(['member-y', 'team-x']);
    expect((await outsider.patch(`/library/${fromMember.id}`, { name: 'Hijack' })).status).toBe(404);
    // Made private, it leaves the team for the member's own workspace.
    expect((await member.patch(`/library/${fromMember.id}`, { visibility: 'private' })).status).toBe(200);
    expect((await names(owner)).map(([name]: [string]) => name)).toEqual(['team-x']);
    expect(await names(member)).toEqual([
      ['member-y', true],
      ['team-x', false],
    ]);
    // A suspended member no longer sees the team's items.
    await prisma.workspaceMember.updateMany({
      where: { workspaceId: team.id, userId: memberUser.id },
      data: { status: 'suspended' },
    });
    expect(await names(member)).toEqual([['member-y', true]]);
  });

  it('enforces the plan limit on items and the maximum components per item, with upgrade details', async () => {
    const me = await loginAs(app, await createUser(app));
    const big = {
      nodes: Array.from({ length: LIBRARY_MAX_COMPONENTS_PER_ITEM + 1 }, (_, i) => ({
        id: `p${i}`,
        type: 'pool',
        name: `P${i}`,
        x: i * 10,
        y: 0,
      })),
      connections: [],
    };
    const tooBig = await me.post('/library', { name: 'Huge', content: big });
    expect(tooBig.status).toBe(402);
    expect(tooBig.body.error).toMatchObject({
      code: 'LIBRARY_COMPONENTS_LIMIT_REACHED',
      message: LibraryTexts.libraryComponentsLimit,
    });
    expect((await me.post('/library', { name: 'Empty', content: { nodes: [], connections: [] } })).status).toBe(400);

    for (let i = 0; i < 20; i++)
      expect((await me.post('/library', { name: `Item ${i}`, content: selection(`x${i}`) })).status).toBe(201);
    const over = await me.post('/library', { name: 'One too many', content: selection('z') });
    expect(over.status).toBe(402);
    expect(over.body.error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: 'Limit reached',
      details: { limit: 'libraryItems', allowed: 20, requested: 21 },
    });
  });

  it('keeps Global Settings per user and regenerates the diagram token', async () => {
    const me = await loginAs(app, await createUser(app));
    const other = await loginAs(app, await createUser(app));
    expect((await me.get('/users/me/preferences')).body.content.preferences).toEqual({
      grid: true,
      snap: true,
      defaultTimeSteps: 100,
      numberFormat: 'plain',
      theme: 'system',
      reducedMotion: false,
    });
    const saved = await me.put('/users/me/preferences', {
      grid: false,
      defaultTimeSteps: 250,
      theme: 'dark',
      reducedMotion: true,
    });
    expect(saved.body.content.preferences).toMatchObject({
      grid: false,
      snap: true,
      defaultTimeSteps: 250,
      theme: 'dark',
      reducedMotion: true,
    });
    expect((await me.get('/users/me/preferences')).body.content.preferences.defaultTimeSteps).toBe(250);
    expect((await other.get('/users/me/preferences')).body.content.preferences.defaultTimeSteps).toBe(100);
    expect((await me.put('/users/me/preferences', { defaultTimeSteps: 0 })).status).toBe(400);

    // Profile web addresses are web URLs (a missing scheme is taken as https, K7; Discord is a username).
    const bad = await me.patch('/users/me/profile', {
      socials: { linkedin: 'linkedin.com/in/me', discord: 'me#1234' },
      games: [{ name: 'Hex', website: 'javascript:alert(1)' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields.map((f: { field: string }) => f.field)).toEqual(['games.0.website']);
    const good = await me.patch('/users/me/profile', {
      socials: { linkedin: 'https://www.linkedin.com/in/me', discord: 'me#1234' },
    });
    expect(good.status).toBe(200);

    const diagram = await createDiagram(me);
    const before = (await me.get(`/diagrams/${diagram.fuid}/details`)).body.content.fileToken;
    const after = await me.post(`/diagrams/${diagram.fuid}/file-token`, {});
    expect(after.status).toBe(200);
    expect(after.body.content.fileToken).toMatch(/^ft_/);
    expect(after.body.content.fileToken).not.toBe(before);
    expect((await me.get(`/diagrams/${diagram.fuid}/details`)).body.content.fileToken).toBe(
      after.body.content.fileToken,
    );
    // Free diagrams are public: others may look, not change the token.
    expect((await other.post(`/diagrams/${diagram.fuid}/file-token`, {})).status).toBe(403);
  });
});
