import { ACCESS_COOKIE, RealtimeEvents, type ActivityFeed, type ActivityItem } from '@loopwright/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, economyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { RankingsJobsService } from '../community/rankings-jobs.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { ActivityEventsConsumer } from './activity-events.consumer.js';

describe('Recent Activity: a feed built from domain events', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let events: DomainEventsService;
  let me: TestUser, alice: TestUser, bob: TestUser;
  let meClient: ApiClient, aliceClient: ApiClient, bobClient: ApiClient;
  let aliceFuid: string, mineFuid: string;

  const feed = async (client: ApiClient, query = '') => {
    const response = await client.get(`/community/user/get-activity-feed${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.content as ActivityFeed;
  };
  const all = async (client: ApiClient) => {
    const first = await feed(client, '?page=1');
    const rest = first.lastPage > 1 ? await feed(client, '?page=2') : null;
    return [...first.list, ...(rest?.list ?? [])];
  };
  const settle = (count: () => Promise<number>, n: number) =>
    eventually(async () => ((await count()) >= n ? true : undefined));
  const activities = () => prisma.activity.count();
  const emit = (
    event: Parameters<Parameters<DomainEventsService['transaction']>[0]>[1] extends (e: infer E) => unknown ? E : never,
  ) => events.transaction((_tx, e) => e(event));

  beforeAll(async () => {
    app = await startTestApp();
    prisma = app.http.app.get(PrismaService);
    events = app.http.app.get(DomainEventsService);
    [me, alice, bob] = await Promise.all([createUser(app), createUser(app), createUser(app)]);
    await prisma.user.update({ where: { id: alice.id }, data: { firstName: 'Alice', lastName: 'Arden' } });
    await prisma.user.update({ where: { id: bob.id }, data: { firstName: 'Bob', lastName: 'Brook' } });
    [meClient, aliceClient, bobClient] = await Promise.all([loginAs(app, me), loginAs(app, alice), loginAs(app, bob)]);
  });
  afterAll(() => app?.close());

  it('shows what designers I follow publish, create, update and publish as templates, my own actions, and what happens to me', async () => {
    // I follow Alice (the social module's follow endpoint emits UserFollowed; here the event is emitted directly)
    await prisma.userFollow.create({ data: { followerId: me.id, followedId: alice.id } });
    await emit({ type: 'UserFollowed', payload: { followerId: me.id, followedId: alice.id } });
    // Alice creates a diagram (private at first), then publishes it
    const created = await createDiagram(aliceClient, { name: 'Alice Orchard' });
    aliceFuid = created.fuid;
    await settle(activities, 2);
    let mine = await all(meClient);
    expect(mine.map((i) => i.type)).toEqual(['follow-user']); // a private diagram's creation is not shown to followers
    expect(mine[0]).toMatchObject({ byCurrentUser: true, isNew: false, text: 'You followed Alice Arden' });
    expect((await all(aliceClient)).map((i) => i.text)).toEqual([
      'You created “Alice Orchard”',
      expect.stringMatching(/ followed you$/),
    ]);
    expect((await aliceClient.put(`/diagrams/${aliceFuid}/privacy`, { community: true })).status).toBe(200);
    // Alice saves a new burst of changes (the first one's burst is over)
    await prisma.diagramRevision.updateMany({
      where: { diagram: { fuid: aliceFuid } },
      data: { createdAt: new Date(Date.now() - 3_600_000), updatedAt: new Date(Date.now() - 3_600_000) },
    });
    const saved = await aliceClient.put(`/diagrams/${aliceFuid}/document`, {
      baseVersion: created.version,
      document: economyDocument({ settings: { stepsLimit: 40, seed: 3 } }),
    });
    expect(saved.status).toBe(200);
    // a second save in the same burst adds nothing
    expect(
      (
        await aliceClient.put(`/diagrams/${aliceFuid}/document`, {
          baseVersion: saved.body.content.version,
          document: economyDocument({ settings: { stepsLimit: 41, seed: 3 } }),
        })
      ).status,
    ).toBe(200);
    // Bob (not followed) publishes: not in my feed
    const bobs = await createDiagram(bobClient, { name: 'Bob Quarry' });
    expect((await bobClient.put(`/diagrams/${bobs.fuid}/privacy`, { community: true })).status).toBe(200);
    const alicesDiagram = await prisma.diagram.findUniqueOrThrow({ where: { fuid: aliceFuid } });
    await emit({
      type: 'TemplatePublished',
      payload: {
        diagramId: alicesDiagram.id,
        fuid: aliceFuid,
        diagramName: 'Alice Orchard',
        publishedById: alice.id,
        templateType: 'patterns',
      },
    });
    await settle(activities, 7);
    mine = await all(meClient);
    expect(mine.map((i) => i.type)).toEqual([
      'publish-template',
      'update-diagram',
      'publish-diagram',
      'create-diagram',
      'follow-user',
    ]);
    expect(mine.map((i) => i.text)).toEqual([
      'Alice Arden published the template “Alice Orchard”',
      'Alice Arden updated “Alice Orchard”',
      'Alice Arden published “Alice Orchard” on community',
      'Alice Arden created “Alice Orchard”',
      'You followed Alice Arden',
    ]);
    expect(mine[0]).toMatchObject({
      isNew: true,
      byCurrentUser: false,
      actor: { name: 'Alice Arden' },
      diagram: {
        fuid: aliceFuid,
        url: expect.stringMatching(new RegExp(`^/community/.+/alice-orchard-${aliceFuid}$`)),
      },
    });
    expect(await prisma.activity.count({ where: { type: 'update-diagram' } })).toBe(1);
  });

  it('shows likes, forks, follows and shares of my work in their current-user variants', async () => {
    const minePublic = await createDiagram(meClient, { name: 'My Mill' });
    mineFuid = minePublic.fuid;
    expect((await meClient.put(`/diagrams/${mineFuid}/privacy`, { community: true })).status).toBe(200);
    const diagram = await prisma.diagram.findUniqueOrThrow({ where: { fuid: mineFuid } });
    const before = await activities();
    // Bob likes my diagram and follows me (events the social module's endpoints emit)
    await emit({
      type: 'DiagramLiked',
      payload: { diagramId: diagram.id, fuid: mineFuid, diagramName: 'My Mill', likedById: bob.id, ownerId: me.id },
    });
    await emit({ type: 'UserFollowed', payload: { followerId: bob.id, followedId: me.id } });
    // Bob forks my diagram through Make a Copy; I fork Alice's
    expect((await bobClient.post(`/diagrams/${mineFuid}/copies`, {})).status).toBe(201);
    expect((await meClient.post(`/diagrams/${aliceFuid}/copies`, {})).status).toBe(201);
    // Alice shares a private diagram with me
    const secret = await createDiagram(aliceClient, { name: 'Alice Secret Plans' });
    expect(
      (await aliceClient.post(`/diagrams/${secret.fuid}/shares`, { email: me.email, role: 'viewer' })).status,
    ).toBe(201);
    const expected = [
      'Bob Brook liked your diagram “My Mill”',
      'Bob Brook followed you',
      'Bob Brook forked your diagram “My Mill”',
      'You forked “Alice Orchard”',
      'Alice Arden shared “Alice Secret Plans” with you',
    ];
    const texts = await eventually(async () => {
      const now = (await all(meClient)).map((i) => i.text);
      return expected.every((t) => now.includes(t)) ? now : undefined;
    });
    expect(await activities()).toBeGreaterThanOrEqual(before + 6);
    expect(texts).toContain('Bob Brook liked your diagram “My Mill”');
    expect(texts).toContain('Bob Brook followed you');
    expect(texts).toContain('Bob Brook forked your diagram “My Mill”');
    expect(texts).toContain('You forked “Alice Orchard”');
    expect(texts).toContain('Alice Arden shared “Alice Secret Plans” with you');
    expect(texts).toContain('You published “My Mill” on community');
    expect(texts).not.toContain('Alice Arden created “Alice Secret Plans”'); // private, not mine
    const alices = (await all(aliceClient)).map((i) => i.text);
    expect(alices).toContain(`You shared “Alice Secret Plans” with ${await displayOf(me)}`);
    expect(alices.some((t) => /forked your diagram “Alice Orchard”$/.test(t))).toBe(true);
    expect(alices).not.toContain('Bob Brook liked your diagram “My Mill”');
  });

  it('trending diagrams, designers and templates reach everyone', async () => {
    const outsider = await createUser(app);
    const outsiderClient = await loginAs(app, outsider);
    const mill = await prisma.diagram.findUniqueOrThrow({ where: { fuid: mineFuid } });
    await prisma.diagramLike.create({ data: { diagramId: mill.id, userId: bob.id } });
    await prisma.userFollow.create({ data: { followerId: bob.id, followedId: me.id } });
    await prisma.userFollow.create({ data: { followerId: outsider.id, followedId: me.id } });
    const orchard = await prisma.diagram.findUniqueOrThrow({ where: { fuid: aliceFuid } });
    await prisma.diagramLike.create({ data: { diagramId: orchard.id, userId: bob.id } });
    const before = await activities();
    const picked = await app.http.app.get(RankingsJobsService).computeTrending('2026-11-24');
    expect(picked).toBe(3); // diagram, template, designer
    await settle(activities, before + 3);
    const texts = (await all(outsiderClient)).map((i) => i.text);
    expect(texts).toContain('“My Mill” by ' + (await displayOf(me)) + ' is trending');
    expect(texts.some((t) => /^The template “Alice Orchard” by Alice Arden is trending$/.test(t))).toBe(true);
    expect(texts).toContain(`${await displayOf(me)} is a trending designer this week`);
    const minePage = (await all(meClient)).map((i) => i.text);
    expect(minePage).toContain('Your diagram “My Mill” is trending');
    expect(minePage).toContain('You are a trending designer this week');
    // the next run never picks the same diagram, template or designer again within the week
    const trendingBefore = await prisma.activity.count({ where: { type: { startsWith: 'new-trending' } } });
    const again = await app.http.app.get(RankingsJobsService).computeTrending('2026-11-25');
    await settle(
      () => prisma.activity.count({ where: { type: { startsWith: 'new-trending' } } }),
      trendingBefore + again,
    );
    expect(await prisma.activity.count({ where: { type: 'new-trending-diagram', diagramId: mill.id } })).toBe(1);
    expect(await prisma.activity.count({ where: { type: 'new-trending-template', diagramId: orchard.id } })).toBe(1);
    expect(await prisma.activity.count({ where: { type: 'new-trending-user', subjectUserId: me.id } })).toBe(1);
  });

  it('pages of 10 with hasMore, isNew and hasNew; viewed ids marked once; a redelivered event adds nothing', async () => {
    const first = await feed(meClient, '?page=1&count=10');
    expect(first.recordsPerPage).toBe(10);
    expect(first.list).toHaveLength(10);
    expect(first.totalCount).toBeGreaterThan(10);
    expect(first).toMatchObject({ page: 1, lastPage: Math.ceil(first.totalCount / 10), hasMore: true, hasNew: true });
    const second = await feed(meClient, '?page=2');
    expect(second.hasMore).toBe(second.lastPage > 2);
    expect(second.list.length).toBe(first.totalCount - 10);
    expect(new Set([...first.list, ...second.list].map((i) => i.id)).size).toBe(first.totalCount);
    const created = [...first.list, ...second.list].map((i) => i.createdAt);
    expect([...created].sort().reverse()).toEqual(created); // newest first
    const isNew = (items: ActivityItem[]) => items.filter((i) => i.isNew).map((i) => i.id);
    expect([...first.list, ...second.list].filter((i) => i.byCurrentUser).every((i) => !i.isNew)).toBe(true);
    // page 1's new items are marked viewed: they are no longer new; page 2's still are
    const marked = await meClient.post('/community/user/mark-activity/', {
      username: me.username,
      activityIds: isNew(first.list),
    });
    expect(marked.status).toBe(200);
    expect(marked.body.content.marked).toBe(isNew(first.list).length);
    const again = await feed(meClient, '?page=1');
    expect(isNew(again.list)).toEqual([]);
    expect(again.hasNew).toBe(isNew(second.list).length > 0);
    // marking twice is harmless; comma-joined ids are accepted
    expect(
      (
        await meClient.post('/community/user/mark-activity', {
          activityIds: [...isNew(second.list), ...isNew(first.list)].join(','),
        })
      ).status,
    ).toBe(200);
    expect((await feed(meClient)).hasNew).toBe(false);
    // another reader's new items are their own
    expect((await feed(aliceClient)).hasNew).toBe(true);
    // a redelivered event adds nothing
    const row = await prisma.activity.findFirstOrThrow({ where: { type: 'follow-user' } });
    const event = await prisma.domainEvent.findUniqueOrThrow({ where: { id: row.eventId } });
    const consumer = app.http.app.get(ActivityEventsConsumer);
    const count = await activities();
    await prisma.$transaction((tx) =>
      consumer.handle(
        { type: 'UserFollowed', payload: event.payload as { followerId: string; followedId: string } },
        tx,
        event.id,
      ),
    );
    expect(await activities()).toBe(count);
  });

  it("answers the spec's errors: invalid username or activityId, and needs a login", async () => {
    const wrongUser = await meClient.get(`/community/user/get-activity-feed?username=${bob.username}`);
    expect(wrongUser.status).toBe(400);
    expect(wrongUser.body.error).toMatchObject({
      code: 'ACTIVITY_INVALID_INPUT',
      message: 'Invalid username or activityId',
    });
    expect((await meClient.get(`/community/user/get-activity-feed?username=${me.username}`)).status).toBe(200);
    const badId = await meClient.post('/community/user/mark-activity/', {
      username: me.username,
      activityIds: ['not-an-id'],
    });
    expect(badId.status).toBe(400);
    expect(badId.body.error.message).toBe('Invalid username or activityId');
    const unknown = await meClient.post('/community/user/mark-activity/', {
      activityIds: ['01a20d0c-0000-7000-8000-000000000000'],
    });
    expect(unknown.body.error.code).toBe('ACTIVITY_INVALID_INPUT');
    expect(
      (await meClient.post('/community/user/mark-activity/', { username: bob.username, activityIds: [] })).status,
    ).toBe(400);
    const anonymous = await fetch(`${app.url}/api/community/user/get-activity-feed`);
    expect(anonymous.status).toBe(401);
    // with the user API key
    const key = (await meClient.post('/users/me/api-key')).body.content.key as string;
    const withKey = await fetch(`${app.url}/api/community/user/get-activity-feed?count=5`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(withKey.status).toBe(200);
    expect(((await withKey.json()) as { content: ActivityFeed }).content.list).toHaveLength(5);
  });

  it("nudges the one acted on and the actor's followers live (never the actor; a private diagram only its owner)", async () => {
    const [carol, dan, erin] = await Promise.all([createUser(app), createUser(app), createUser(app)]);
    const [carolClient, danClient, erinClient] = await Promise.all([
      loginAs(app, carol),
      loginAs(app, dan),
      loginAs(app, erin),
    ]);
    const nudges = new Map<string, number>();
    const nudged = (name: string, n: number) =>
      eventually(() => Promise.resolve(nudges.get(name) === n ? true : undefined));
    const sockets: Socket[] = await Promise.all(
      [carolClient, danClient, erinClient].map(async (client, i) => {
        const name = ['carol', 'dan', 'erin'][i];
        nudges.set(name, 0);
        const socket = connect(app.url, {
          transports: ['websocket'],
          extraHeaders: { cookie: `${ACCESS_COOKIE}=${client.cookie(ACCESS_COOKIE)}` },
          reconnection: false,
        });
        socket.on(RealtimeEvents.activity, () => nudges.set(name, nudges.get(name)! + 1));
        await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
        return socket;
      }),
    );
    try {
      // Dan follows Carol: Carol (the one followed) is nudged, Dan (the actor) is not.
      expect((await danClient.put(`/community/user/connections/${carol.username}`, {})).status).toBe(200);
      await nudged('carol', 1);
      // Carol creates a private diagram: nobody is nudged; she publishes it: Dan, her follower, is.
      const diagram = await createDiagram(carolClient, { name: 'Carol Quarry' });
      await eventually(async () =>
        (await prisma.activity.count({ where: { actorId: carol.id, type: 'create-diagram' } })) === 1
          ? true
          : undefined,
      );
      expect((await carolClient.put(`/diagrams/${diagram.fuid}/privacy`, { community: true })).status).toBe(200);
      await nudged('dan', 1);
      const published = (await feed(danClient)).list.find((i) => i.type === 'publish-diagram');
      expect(published).toMatchObject({ isNew: true, text: expect.stringContaining('“Carol Quarry”') });
      // Erin likes it: Carol (the owner) is nudged; Erin follows nobody and is nudged by nothing.
      expect((await erinClient.put(`/community/diagrams/${diagram.fuid}/like`, {})).status).toBe(200);
      await nudged('carol', 2);
      await new Promise((r) => setTimeout(r, 300));
      expect(Object.fromEntries(nudges)).toEqual({ carol: 2, dan: 1, erin: 0 });
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  async function displayOf(user: TestUser): Promise<string> {
    const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    return `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.username!;
  }
});
