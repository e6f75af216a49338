import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { CommunityViewsService } from './community-views.service.js';
import { RankingsJobsService } from './rankings-jobs.service.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('community rankings, see-all filters, spotlight and the spec community API', () => {
  let app: TestApp;
  let prisma: PrismaService;
  let admin: ApiClient;
  const designers: { user: TestUser; client: ApiClient }[] = [];
  const fuids: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${app.url}/api${path}`, {
      ...init,
      headers: {
        'user-agent': BROWSER,
        'content-type': 'application/json',
        ...(init.headers as Record<string, string>),
      },
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  const page = async (path: string) => {
    const response = await fetch(`${app.url}${path}`);
    return { status: response.status, html: (await response.text()).replace(/&#x27;/g, "'").replace(/&amp;/g, '&') };
  };
  const like = async (userId: string, fuid: string, at = new Date()) => {
    const diagram = await prisma.diagram.findUniqueOrThrow({ where: { fuid } });
    await prisma.$transaction([
      prisma.diagramLike.create({ data: { diagramId: diagram.id, userId, createdAt: at } }),
      prisma.diagram.update({ where: { id: diagram.id }, data: { likeCount: { increment: 1 } } }),
    ]);
  };
  const follow = async (followerId: string, followedId: string, at = new Date()) => {
    await prisma.$transaction([
      prisma.userFollow.create({ data: { followerId, followedId, createdAt: at } }),
      prisma.user.update({ where: { id: followedId }, data: { followerCount: { increment: 1 } } }),
      prisma.user.update({ where: { id: followerId }, data: { followingCount: { increment: 1 } } }),
    ]);
  };
  const publish = async (client: ApiClient, name: string, description = '') => {
    const diagram = await createDiagram(client, { name, description });
    expect((await client.put(`/diagrams/${diagram.fuid}/privacy`, { community: true })).status).toBe(200);
    return diagram.fuid as string;
  };

  beforeAll(async () => {
    // Visitors' pages are cached for 10 s by default; these tests read each change at once.
    app = await startTestApp({ web: 'production', env: { PAGE_CACHE_SECONDS: '0' } });
    prisma = app.http.app.get(PrismaService);
    admin = await loginAs(app, await createUser(app, { role: 'admin' }));
    const names = [
      ['ana', 'Ana', 'Lopez'],
      ['bo', 'Bo', 'Chen'],
      ['cy', 'Cy', 'Diallo'],
    ] as const;
    for (const [key, firstName, lastName] of names) {
      const user = await createUser(app, { username: `${key}-${Date.now() % 100000}` });
      await prisma.user.update({
        where: { id: user.id },
        data: {
          firstName,
          lastName,
          availableForHire: key === 'bo',
          createdAt: new Date(Date.now() - (key === 'cy' ? 0 : key === 'bo' ? 1 : 2) * 86_400_000),
        },
      });
      designers.push({ user, client: await loginAs(app, user) });
      ids[key] = user.id;
    }
    const [ana, bo, cy] = designers;
    fuids.loop = await publish(ana.client, 'Crafting Loop Alpha', 'A resource loop');
    fuids.arena = await publish(bo.client, 'Arena Rewards Beta');
    fuids.market = await publish(cy.client, 'Market Sinks Gamma');
    fuids.secret = (await createDiagram(ana.client, { name: 'Secret Ledger' })).fuid;
    // likes: arena 3, loop 1, market 0 ; follows: cy 2, ana 1
    const fans = await Promise.all([createUser(app), createUser(app), createUser(app)]);
    for (const fan of fans) await like(fan.id, fuids.arena);
    await like(fans[0].id, fuids.loop);
    await follow(fans[0].id, ids.cy);
    await follow(fans[1].id, ids.cy);
    await follow(fans[2].id, ids.ana);
    // Market was edited last: most recent
    await prisma.diagram.update({ where: { fuid: fuids.market }, data: { updatedAt: new Date(Date.now() + 60_000) } });
    // a tag on the loop
    const workspace = await prisma.workspace.findFirstOrThrow({ where: { personalUserId: ids.ana } });
    const tag = await prisma.tag.create({
      data: {
        workspaceId: workspace.id,
        ownerId: ids.ana,
        name: 'Crafting',
        nameKey: 'crafting',
        textColor: '#fff',
        backgroundColor: '#5A55F4',
      },
    });
    const loop = await prisma.diagram.findUniqueOrThrow({ where: { fuid: fuids.loop } });
    await prisma.diagramTag.create({ data: { diagramId: loop.id, tagId: tag.id } });
  });
  afterAll(() => app?.close());

  describe('view counts', () => {
    it('count one view per visitor per day, never the owner, never a bot', async () => {
      const count = async () => (await prisma.diagram.findUniqueOrThrow({ where: { fuid: fuids.market } })).viewCount;
      const anonymous = (id: string, agent = BROWSER) =>
        api('/community/views', {
          method: 'POST',
          body: JSON.stringify({ fuid: fuids.market }),
          headers: { cookie: `lw_anonymous_id=${id}`, 'user-agent': agent },
        });
      expect((await anonymous('visitor-one-0001')).body.content.counted).toBe(true);
      expect((await anonymous('visitor-one-0001')).body.content.counted).toBe(false); // same visitor, same day
      expect((await anonymous('visitor-two-0002')).body.content.counted).toBe(true);
      expect((await anonymous('visitor-bot-0003', BOT)).body.content.counted).toBe(false);
      expect((await anonymous('visitor-none-004', '')).body.content.counted).toBe(false); // no user agent: not a browser
      const owner = designers[2].client;
      expect(
        (await owner.request('POST', '/community/views', { fuid: fuids.market }, { 'user-agent': BROWSER })).body
          .content.counted,
      ).toBe(false);
      const other = designers[0].client;
      expect(
        (await other.request('POST', '/community/views', { fuid: fuids.market }, { 'user-agent': BROWSER })).body
          .content.counted,
      ).toBe(true);
      expect(
        (await other.request('POST', '/community/views', { fuid: fuids.market }, { 'user-agent': BROWSER })).body
          .content.counted,
      ).toBe(false);
      expect(await count()).toBe(3);
      // the next day the same visitor counts again
      const views = app.http.app.get(CommunityViewsService);
      const tomorrow = new Date(Date.now() + 86_400_000);
      expect(
        await views.diagramViewed(
          fuids.market,
          { userId: null, anonymousId: 'visitor-one-0001', userAgent: BROWSER, ip: null },
          tomorrow,
        ),
      ).toBe(true);
      expect(await count()).toBe(4);
      // private diagrams are never counted
      expect(
        (
          await anonymous('visitor-one-0001').then(() =>
            api('/community/views', { method: 'POST', body: JSON.stringify({ fuid: fuids.secret }) }),
          )
        ).body.content.counted,
      ).toBe(false);
      // profile views: the designer's own do not count
      expect(
        (
          await api('/community/views', {
            method: 'POST',
            body: JSON.stringify({ username: designers[1].user.username }),
            headers: { cookie: 'lw_anonymous_id=visitor-one-0001' },
          })
        ).body.content.counted,
      ).toBe(true);
      expect(
        (
          await designers[1].client.request(
            'POST',
            '/community/views',
            { username: designers[1].user.username },
            { 'user-agent': BROWSER },
          )
        ).body.content.counted,
      ).toBe(false);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: ids.bo } })).viewCount).toBe(1);
    });
  });

  describe('sorts and tabs', () => {
    const names = (list: { name: string }[]) => list.map((d) => d.name);
    const usernames = (list: { username: string }[]) => list.map((d) => d.username);

    it('sorts diagrams by Most Appreciated, Most Viewed and Most Recent', async () => {
      const by = async (sortBy: string) =>
        names((await api(`/community/diagrams?sortBy=${sortBy}&sortOrder=desc`)).body.content.list);
      expect(await by('likeCount')).toEqual(['Arena Rewards Beta', 'Crafting Loop Alpha', 'Market Sinks Gamma']);
      expect((await by('viewCount'))[0]).toBe('Market Sinks Gamma');
      expect((await by('last_modified'))[0]).toBe('Market Sinks Gamma');
      expect(await by('likeCount')).not.toContain('Secret Ledger');
    });

    it('sorts designers by Recently Active, Most Followed and Most Viewed, and tabs Newest and Popular', async () => {
      const by = async (sortBy: string) =>
        usernames((await api(`/community/user-search?sortBy=${sortBy}&excludeEmptyProfiles=true`)).body.content.list);
      const [ana, bo, cy] = designers.map((d) => d.user.username!);
      expect(await by('followerCount')).toEqual([cy, ana, bo]);
      expect((await by('viewCount'))[0]).toBe(bo);
      expect((await by('lastActive'))[0]).toBe(cy); // Market was updated last
      expect(await by('created')).toEqual([cy, bo, ana]);
      expect((await by('diagramLikeCount'))[0]).toBe(bo); // Arena has the most likes
    });

    it('renders the explore tabs and the see-all sorts on the server', async () => {
      const explore = await page('/community/explore');
      expect(explore.status).toBe(200);
      for (const text of ['Newest', 'Popular', 'Diagrams of the Month', 'Designers of the Month'])
        expect(explore.html).toContain(text);
      const appreciated = await page('/community/see-all?filter=diagrams');
      expect(appreciated.html).toContain('Most Appreciated');
      expect(appreciated.html.indexOf('Arena Rewards Beta')).toBeLessThan(
        appreciated.html.indexOf('Market Sinks Gamma'),
      );
      const recent = await page('/community/see-all?filter=diagrams&sort=recent');
      expect(recent.html.indexOf('Market Sinks Gamma')).toBeLessThan(recent.html.indexOf('Arena Rewards Beta'));
      const followed = await page('/community/see-all?filter=designers&sort=followed');
      for (const text of ['Recently Active', 'Most Followed', 'Most Viewed']) expect(followed.html).toContain(text);
      expect(followed.html.indexOf('Cy Diallo')).toBeLessThan(followed.html.indexOf('Ana Lopez'));
    });

    it('leaves empty profiles (no public diagram, not for hire) out of the designer lists and search (C26)', async () => {
      const empty = await createUser(app, { username: `empty-${Date.now() % 100000}` });
      await prisma.user.update({ where: { id: empty.id }, data: { firstName: 'Emma', lastName: 'Blank' } });
      for (const path of ['/community/see-all?filter=designers', '/community/see-all?filter=designers&q=Blank']) {
        const list = await page(path);
        expect(list.status).toBe(200);
        expect(list.html, path).not.toContain('Emma Blank');
      }
      expect((await page('/community/see-all?filter=designers')).html).toContain('Ana Lopez');
      const search = (await api('/search/suggestions?term=Blank&filter=designers')).body;
      expect(JSON.stringify(search)).not.toContain(empty.username);
      // Asked for explicitly, the spec's user-search still answers every public designer.
      const all = (await api(`/community/user-search?query=Blank`)).body.content.list;
      expect(all.map((d: { username: string }) => d.username)).toContain(empty.username);
    });
  });

  describe('designers and diagrams of the month', () => {
    it('are computed by the monthly job from the last 30 days and listed by rank', async () => {
      const jobs = app.http.app.get(RankingsJobsService);
      // an old like (two months ago) does not count
      const old = await createUser(app);
      await like(old.id, fuids.market, new Date(Date.now() - 60 * 86_400_000));
      // one more visitor today: Market has 4 views in the window
      await api('/community/views', {
        method: 'POST',
        body: JSON.stringify({ fuid: fuids.market }),
        headers: { cookie: 'lw_anonymous_id=visitor-three-03' },
      });
      const result = await jobs.computeOfTheMonth('2026-11');
      expect(result).toMatchObject({ month: '2026-11' });
      const diagrams = (await api('/community/diagrams?sortBy=ofTheMonth')).body.content;
      // arena: 3 likes × 3 = 9; market: 4 views today (the old like and tomorrow's view are outside the window); loop: 1 like × 3 = 3
      expect(diagrams.list.map((d: { name: string }) => d.name)).toEqual([
        'Arena Rewards Beta',
        'Market Sinks Gamma',
        'Crafting Loop Alpha',
      ]);
      const monthDesigners = (await api('/community/user-search?filter=designersOfTheMonth')).body.content.list.map(
        (d: { username: string }) => d.username,
      );
      // cy: 2 followers × 3 + views of their profile 0 = 6 ; bo: 3 likes × 2 + 1 profile view = 7 ; ana: 1 follower × 3 + 1 like × 2 = 5
      expect(monthDesigners).toEqual([
        designers[1].user.username,
        designers[2].user.username,
        designers[0].user.username,
      ]);
      const seeAll = await page('/community/see-all?filter=designersOfTheMonth');
      expect(seeAll.html).toContain('Bo Chen');
      const explore = await page('/community/explore');
      expect(explore.html).toContain('Arena Rewards Beta');
      // running again replaces the month's picks, never duplicates them
      await jobs.computeOfTheMonth('2026-11');
      expect(await prisma.communityMonthlyPick.count({ where: { month: '2026-11', kind: 'diagram' } })).toBe(3);
      const admins = await admin.post('/community/of-the-month/run');
      expect(admins.status).toBe(200);
      expect((await designers[0].client.post('/community/of-the-month/run')).status).toBe(403);
    });
  });

  describe('every see-all filter returns real results', () => {
    it('designers, diagrams, designersForHire, designersOfTheMonth, newTemplates and tags', async () => {
      const events = app.http.app.get(DomainEventsService);
      const loop = await prisma.diagram.findUniqueOrThrow({ where: { fuid: fuids.loop } });
      await events.transaction(async (_tx, emit) =>
        emit({
          type: 'TemplatePublished',
          payload: {
            diagramId: loop.id,
            fuid: loop.fuid,
            diagramName: loop.name,
            publishedById: ids.ana,
            templateType: 'patterns',
          },
        }),
      );
      await eventually(async () => ((await prisma.communityTemplate.count()) === 1 ? true : undefined));
      const expectations: Record<string, string[]> = {
        designers: ['Ana Lopez', 'Bo Chen', 'Cy Diallo'],
        diagrams: ['Crafting Loop Alpha', 'Arena Rewards Beta', 'Market Sinks Gamma'],
        designersForHire: ['Bo Chen'],
        designersOfTheMonth: ['Bo Chen', 'Cy Diallo', 'Ana Lopez'],
        newTemplates: ['Crafting Loop Alpha'],
        tags: ['Crafting'],
      };
      for (const [filter, texts] of Object.entries(expectations)) {
        const { status, html } = await page(`/community/see-all?filter=${filter}`);
        expect(status, filter).toBe(200);
        for (const text of texts) expect(html, `${filter}: ${text}`).toContain(text);
        expect(html, filter).not.toContain('Secret Ledger');
      }
      const forHire = await page('/community/see-all?filter=designersForHire');
      expect(forHire.html).not.toContain('Cy Diallo');
      const templates = await page('/community/see-all?filter=newTemplates');
      expect(templates.html).not.toContain('Arena Rewards Beta');
      expect(templates.html).toContain(`crafting-loop-alpha-${fuids.loop}?source=templates`);
      const tagged = await page('/community/see-all?filter=diagrams&tag=Crafting');
      expect(tagged.html).toContain('Crafting Loop Alpha');
      expect(tagged.html).not.toContain('Arena Rewards Beta');
      const newTemplates = (
        await api('/community/diagrams?source=templates&sortBy=last_modified&sortOrder=desc&page=1&count=4')
      ).body.content;
      expect(newTemplates).toMatchObject({ totalCount: 1, list: [{ fuid: fuids.loop, source: 'templates' }] });
      const explore = await page('/community/explore');
      expect(explore.html).toContain('Designers for hire');
      expect(explore.html).toContain('Bo Chen');
    });
  });

  describe('spotlight', () => {
    it('admins spotlight diagrams and designers; featured returns them; the landing shows them', async () => {
      expect((await api('/wp-json/community/featured')).body).toEqual({ usernames: '', fileKeys: '' });
      const [ana, , cy] = designers;
      expect((await ana.client.post('/community/spotlights', { fuid: fuids.arena })).status).toBe(403);
      expect(
        (
          await admin.post('/community/spotlights', {
            fuid: `${app.url}/community/${designers[1].user.username}/arena-rewards-beta-${fuids.arena}`,
          })
        ).status,
      ).toBe(201);
      expect((await admin.post('/community/spotlights', { fuid: fuids.market })).status).toBe(201);
      expect((await admin.post('/community/spotlights', { username: cy.user.username })).status).toBe(201);
      const missing = await admin.post('/community/spotlights', { fuid: fuids.secret });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('COMMUNITY_SPOTLIGHT_NOT_FOUND');
      expect((await api('/wp-json/community/featured')).body).toEqual({
        usernames: cy.user.username,
        fileKeys: `${fuids.arena},${fuids.market}`,
      });
      const listed = (await admin.get('/community/spotlights')).body.content;
      expect(listed.diagrams.map((d: { fuid: string }) => d.fuid).sort()).toEqual([fuids.arena, fuids.market].sort());
      expect(listed.designers[0]).toMatchObject({ username: cy.user.username, starred: true });
      const explore = await page('/community/explore');
      const spotlight = explore.html.slice(
        explore.html.indexOf('id="spotlight-diagrams"'),
        explore.html.indexOf('id="diagrams-title"'),
      );
      expect(spotlight).toContain('Spotlighted designers');
      expect(spotlight).toContain('Cy Diallo');
      expect(spotlight).toContain('Arena Rewards Beta');
      expect(spotlight).toContain('Market Sinks Gamma');
      expect(spotlight).not.toContain('Crafting Loop Alpha');
      // The blog shows the spotlights too, and its disclaimer (A42).
      const blog = await page('/articles');
      expect(blog.status).toBe(200);
      const spotlights = blog.html.slice(blog.html.indexOf('Spotlight from the community'));
      expect(spotlights).toContain('Arena Rewards Beta');
      expect(spotlights).toContain('Market Sinks Gamma');
      expect(blog.html).toContain('Our articles are general guidance on game-economy design');
      expect(blog.html).toContain('href="/disclaimer"');
      expect(
        (await admin.request('DELETE', `/community/spotlights/diagram/${fuids.market}`)).body.content.removed,
      ).toBe(true);
      expect((await api('/wp-json/community/featured')).body.fileKeys).toBe(fuids.arena);
      // a spotlighted diagram made private leaves the spotlight
      expect((await designers[1].client.put(`/diagrams/${fuids.arena}/privacy`, { community: false })).status).toBe(
        200,
      );
      expect((await api('/wp-json/community/featured')).body.fileKeys).toBe('');
      expect((await designers[1].client.put(`/diagrams/${fuids.arena}/privacy`, { community: true })).status).toBe(200);
    });
  });

  describe("the spec's community endpoints", () => {
    it('diagrams: by file keys, owner, liked by a user, current key excluded; invalid file keys give an empty list', async () => {
      const fan = await createUser(app);
      await like(fan.id, fuids.market);
      const byKeys = (await api(`/community/diagrams?fileKeys=${fuids.loop},${fuids.market}`)).body;
      expect(byKeys.success).toBe(true);
      expect(byKeys.content.list.map((d: { fuid: string }) => d.fuid).sort()).toEqual(
        [fuids.loop, fuids.market].sort(),
      );
      expect((await api(`/community/diagrams?fileKeys=${fuids.loop},not-a-key!`)).body.content).toEqual({
        list: [],
        totalCount: 0,
      });
      const owned = (await api(`/community/diagrams/?username=${designers[0].user.username}`)).body.content;
      expect(owned.list.map((d: { fuid: string }) => d.fuid)).toEqual([fuids.loop]);
      const fanName = (await prisma.user.findUniqueOrThrow({ where: { id: fan.id } })).username;
      const liked = (await api(`/community/diagrams?username=${fanName}&getLikedDiagrams=true`)).body.content;
      expect(liked.list.map((d: { fuid: string }) => d.fuid)).toEqual([fuids.market]);
      const others = (await api(`/community/diagrams?currentDiagramKey=${fuids.loop}&count=16`)).body.content;
      expect(others.list.map((d: { fuid: string }) => d.fuid)).not.toContain(fuids.loop);
      const card = (await api(`/community/diagrams?fileKeys=${fuids.loop}&additionalInfo=true`)).body.content.list[0];
      expect(card).toMatchObject({
        fuid: fuids.loop,
        uid: expect.any(String),
        title: 'Crafting Loop Alpha',
        owner: { username: designers[0].user.username, isFollowed: false },
        contributors: [{ username: designers[0].user.username }],
      });
    });

    it('diagram-card, diagrams-data-nocache (with the caller through their API key) and diagram-contributors', async () => {
      const fan = await createUser(app);
      const fanClient = await loginAs(app, fan);
      await like(fan.id, fuids.arena);
      await follow(fan.id, ids.bo);
      const key = (await fanClient.post('/users/me/api-key')).body.content.key as string;
      const withKey = { authorization: `Bearer ${key}` };
      const card = await api(`/community/diagram-card?fileKey=${fuids.arena}`, { headers: withKey });
      expect(card.body.content).toMatchObject({
        fuid: fuids.arena,
        likedByAuthenticatedUser: true,
        owner: { isFollowed: true },
        contributors: [{ username: designers[1].user.username, name: 'Bo Chen' }],
      });
      expect((await api(`/community/diagram-card?fileKey=${fuids.arena}`)).body.content.likedByAuthenticatedUser).toBe(
        false,
      );
      expect((await api(`/community/diagram-card?fileKey=${fuids.secret}`)).body.content).toBeNull();
      const live = await api(`/community/diagrams-data-nocache?fileKeys=${fuids.arena},${fuids.loop}`, {
        headers: withKey,
      });
      expect(live.headers.get('cache-control')).toContain('no-store');
      const arena = live.body.content.find((d: { fuid: string }) => d.fuid === fuids.arena);
      expect(arena).toMatchObject({
        likedByAuthenticatedUser: true,
        owner: { username: designers[1].user.username, isFollowed: true },
      });
      expect(arena.likeCount).toBe(
        (await prisma.diagram.findUniqueOrThrow({ where: { fuid: fuids.arena } })).likeCount,
      );
      // a second person saving a version becomes a contributor
      await prisma.diagramRevision.create({
        data: {
          diagramId: (await prisma.diagram.findUniqueOrThrow({ where: { fuid: fuids.arena } })).id,
          version: 99,
          firstVersion: 99,
          authorId: ids.cy,
          document: {},
        },
      });
      const contributors = (
        await api(`/community/diagram-contributors?fileKey=${fuids.arena}&ownerUsername=${designers[1].user.username}`)
      ).body.content.diagramContributors;
      expect(contributors.map((c: { username: string }) => c.username)).toEqual([
        designers[1].user.username,
        designers[2].user.username,
      ]);
    });

    it('diagram-search, diagram-search-tag, user-search, users, search, suggestions', async () => {
      const search = (await api('/community/diagram-search?query=arena&page=1&count=16')).body.content;
      expect(search).toMatchObject({ totalCount: 1, list: [{ fuid: fuids.arena }] });
      expect((await api('/community/diagram-search?query=ar')).body.content.totalCount).toBe(0); // at least 3 characters
      expect(
        (await api('/community/diagram-search-tag?tag=crafting')).body.content.list.map(
          (d: { fuid: string }) => d.fuid,
        ),
      ).toEqual([fuids.loop]);
      const hire = (await api('/community/user-search?filter=designersForHire&allUsersCount=true&getLastSeen=true'))
        .body.content;
      expect(hire.list.map((d: { username: string }) => d.username)).toEqual([designers[1].user.username]);
      expect(hire.list[0]).toMatchObject({ forHire: true, email: null, lastSeen: expect.any(String) });
      expect(hire.allUsersCount).toBeGreaterThanOrEqual(3);
      const byName = (await api('/community/user-search?query=diallo')).body.content.list;
      expect(byName.map((d: { username: string }) => d.username)).toEqual([designers[2].user.username]);
      const users = (
        await api(
          `/community/users?usernames=${designers[0].user.username},${designers[2].user.username}&excludeEmptyProfiles=true`,
        )
      ).body.content.list;
      expect(users.map((d: { username: string }) => d.username).sort()).toEqual(
        [designers[0].user.username, designers[2].user.username].sort(),
      );
      expect(users.find((d: { username: string }) => d.username === designers[2].user.username)).toMatchObject({
        followerCount: 2,
        publicDiagramCount: 1,
      });
      const mine = (await designers[0].client.get(`/community/users?usernames=${designers[0].user.username}`)).body
        .content.list[0];
      expect(mine.email).toBe(designers[0].user.email); // only to themselves
      const all = (await api('/community/search?query=market')).body;
      expect(all.success).toBe(true);
      expect(all.content).toHaveProperty('results');
      const suggestions = (await api('/community/suggestions?query=arena&filter=diagrams')).body.content;
      expect(suggestions).toEqual([
        {
          category: 'diagrams',
          id: fuids.arena,
          title: 'Arena Rewards Beta',
          url: expect.stringContaining(fuids.arena),
        },
      ]);
      const tags = (await api('/community/tags')).body.content;
      expect(tags).toEqual({ list: [{ name: 'Crafting', diagramCount: 1 }], totalCount: 1 });
    });

    it('intercom identifier: the same user_hash as userinfo, for yourself only', async () => {
      const [ana, bo] = designers;
      const mine = await ana.client.get(`/intercom/identifier/${ids.ana}`);
      expect(mine.status).toBe(200);
      const userinfo = (await ana.client.get('/oauth2/userinfo')).body;
      const expected = userinfo.content.user.user_hash;
      expect(expected).toMatch(/^[0-9a-f]{64}$/);
      expect(mine.body.content.user_hash).toBe(expected);
      expect((await bo.client.get(`/intercom/identifier/${ids.ana}`)).status).toBe(403);
      expect((await api(`/intercom/identifier/${ids.ana}`)).status).toBe(401);
      expect((await admin.get(`/intercom/identifier/${ids.ana}`)).body.content.user_hash).toBe(expected);
    });
  });
});
