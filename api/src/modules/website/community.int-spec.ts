import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';

describe('community pages and search over public diagrams and designers', () => {
  let app: TestApp;
  let username: string;
  let publicFuid: string;
  let privateFuid: string;
  const page = async (path: string) => {
    const response = await fetch(`${app.url}${path}`);
    return {
      status: response.status,
      html: (await response.text()).replace(/&#x27;/g, "'").replaceAll('<!-- -->', ''),
    };
  };

  beforeAll(async () => {
    app = await startTestApp({ web: 'production' });
    const user = await createUser(app, { username: `wright${Date.now() % 100000}` });
    username = user.username!;
    const owner = await loginAs(app, user);
    publicFuid = (await createDiagram(owner, { name: 'Crafting Economy Loop' })).fuid;
    const coreLoop = (await createDiagram(owner, { name: 'A core loop for a farming game' })).fuid;
    expect((await owner.put(`/diagrams/${coreLoop}/privacy`, { community: true })).status).toBe(200);
    privateFuid = (await createDiagram(owner, { name: 'Crafting Secret Plans' })).fuid;
    const shared = await owner.put(`/diagrams/${publicFuid}/privacy`, { community: true });
    expect(shared.status).toBe(200);
  });
  afterAll(() => app?.close());

  it('suggests public diagrams and designers, never private diagrams', async () => {
    const diagrams = await (await fetch(`${app.url}/api/search/suggestions?term=crafting&filter=diagrams`)).json();
    expect(diagrams).toEqual([
      {
        id: publicFuid,
        title: 'Crafting Economy Loop',
        category: 'diagrams',
        url: `/community/${username}/crafting-economy-loop-${publicFuid}`,
      },
    ]);
    const designers = await (await fetch(`${app.url}/api/search/suggestions?term=${username}&filter=designers`)).json();
    expect(designers[0]).toMatchObject({ category: 'designers', url: `/community/${username}/profile` });
  });

  it('lists public diagrams on explore, see-all and the owner profile, and renders the diagram page', async () => {
    for (const path of [
      '/community/explore',
      '/community/see-all?filter=diagrams',
      '/community/see-all?filter=diagrams&q=economy',
      `/community/${username}/profile`,
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain('Crafting Economy Loop');
      expect(html, path).not.toContain('Crafting Secret Plans');
    }
    const term = await page('/glossary/core-loop');
    expect(term.html).not.toContain('Crafting Economy Loop'); // "Core loop" is not in its name
    const diagram = await page(`/community/${username}/crafting-economy-loop-${publicFuid}`);
    expect(diagram.status).toBe(200);
    expect(diagram.html).toContain('<h1>Crafting Economy Loop</h1>');
    expect(diagram.html).toContain(`/share-thumbnail/${publicFuid}/large/png`);
  });

  it('counts the public diagrams a profile lists (two public, one private)', async () => {
    const { html } = await page(`/community/${username}/profile`);
    expect(html).toContain('0 followers · 2 public diagrams');
  });

  it('shows public diagrams that name a glossary term on its page', async () => {
    const { html } = await page('/glossary/core-loop');
    expect(html).toContain('A core loop for a farming game');
    expect(html).not.toContain('No diagrams yet');
  });

  it('answers the community not-found page for private diagrams, wrong owners and unknown designers', async () => {
    for (const path of [
      `/community/${username}/crafting-secret-plans-${privateFuid}`,
      `/community/someone-else/crafting-economy-loop-${publicFuid}`,
      '/community/nobody-here/profile',
      `/community/${username}/not-a-diagram`,
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('This page is missing or under maintenance');
    }
  });

  it('pages a profile tab 24 cards at a time, newest first', async () => {
    const prisma = app.http.app.get(PrismaService);
    const designer = await prisma.user.findUniqueOrThrow({ where: { username } });
    const followers = [];
    for (let i = 0; i < 26; i++) followers.push(await createUser(app, { username: `fan${i}-${Date.now() % 100000}` }));
    await prisma.userFollow.createMany({
      data: followers.map((f, i) => ({
        followerId: f.id,
        followedId: designer.id,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    });
    const card = (f: { username: string | null }) => `href="/community/${f.username}/profile"`;
    const first = await page(`/community/${username}/followers`);
    expect(first.html).toContain('Page 1 of 2');
    expect(first.html).toContain(card(followers[25]));
    expect(first.html).toContain(card(followers[2]));
    expect(first.html).not.toContain(card(followers[1]));
    expect(first.html).toContain(`href="/community/${username}/followers?page=2"`);
    const second = await page(`/community/${username}/followers?page=2`);
    expect(second.html).toContain('Page 2 of 2');
    for (const f of [followers[0], followers[1]]) expect(second.html).toContain(card(f));
    expect(second.html).not.toContain(card(followers[25]));
    const beyond = await page(`/community/${username}/followers?page=9`);
    expect(beyond.status).toBe(200);
    expect(beyond.html).not.toContain(card(followers[0]));
    // Not a page number: the not-found page, as for the articles' pages.
    for (const bad of ['0', 'abc', '-1', '1.5'])
      expect((await page(`/community/${username}/followers?page=${bad}`)).status, bad).toBe(404);
  });
});
