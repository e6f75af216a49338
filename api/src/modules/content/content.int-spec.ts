import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('content module (the spec content backend over content/)', () => {
  let app: TestApp;
  const get = async (path: string) => {
    const response = await fetch(`${app.url}/api${path}`);
    return { status: response.status, body: await response.json() };
  };
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('serves docs chapters with page counts and icons, and pages with parent, prev and next', async () => {
    const chapters = await get('/wp-json/docs/chapters');
    expect(chapters.status).toBe(200);
    expect(chapters.body[0]).toMatchObject({ slug: 'getting-started', title: 'Getting started', icon: 'rocket' });
    expect(chapters.body[0].count).toBe(chapters.body[0].pages.length);
    expect(chapters.body[0].pagesCount).toBeGreaterThan(1);

    const [page] = (await get('/wp-json/docs/slug/your-first-diagram')).body;
    expect(page).toMatchObject({ slug: 'your-first-diagram', link: '/docs/your-first-diagram', category: { slug: 'getting-started' } });
    expect(page.nav.prev.slug).toBe(chapters.body[0].pages[0].slug);
    expect(page.nav.next.slug).toBe(chapters.body[0].pages[2].slug);
    expect(page.yoast_meta_description).toMatch(/gold economy/);
    expect((await get('/wp-json/docs/slug/no-such-page')).body).toEqual([]);
    expect((await get(`/wp-json/docs/post/${page.id}`)).body).toMatchObject({ slug: 'your-first-diagram' });

    const category = await get('/wp-json/wp/v2/doc-category?slug=getting-started');
    expect(category.body).toEqual([expect.objectContaining({ slug: 'getting-started', count: chapters.body[0].count })]);
    const academy = await get('/wp-json/learn/chapters');
    expect(academy.body.length).toBeGreaterThan(2);
  });

  it('links the last page of a chapter to the first page of the next chapter', async () => {
    const chapters = (await get('/wp-json/docs/chapters')).body;
    const last = chapters[0].pages.at(-1);
    const [page] = (await get(`/wp-json/docs/slug/${last.slug}`)).body;
    expect(page.nav.next).toMatchObject({ slug: chapters[1].pages[0].slug, chapter: chapters[1].title });
  });

  it('converts page blocks to camelCase and renders markdown', async () => {
    const home = await get('/wp-json/page/home');
    expect(home.status).toBe(200);
    const types = home.body.acf.blocks.map((b: { type: string }) => b.type);
    expect(types).toContain('featureGrid');
    const hero = home.body.acf.blocks.find((b: { type: string }) => b.type === 'hero');
    expect(hero.imageAlt).toBeTruthy();
    expect(hero.text).toContain('<p>');
    expect((await get('/wp-json/page/nope')).status).toBe(404);
  });

  it('lists published posts only, newest first, with DD/MM/YYYY dates, categories and authors', async () => {
    const list = await get('/wp-json/posts/100/1');
    expect(list.body.totalPosts).toBe(list.body.posts.length);
    const slugs = list.body.posts.map((p: { slug: string }) => p.slug);
    expect(slugs).not.toContain('whats-next-for-loopwright-autumn-2026'); // a draft
    const dates = list.body.posts.map((p: { date: string }) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list.body.posts[0].displayDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(list.body.posts[0].author.name).toBeTruthy();

    const page2 = await get('/wp-json/posts/2/2');
    expect(page2.body.posts.map((p: { slug: string }) => p.slug)).toEqual(slugs.slice(2, 4));

    const categories = (await get('/wp-json/post-categories')).body;
    expect(categories.every((c: { count: number }) => c.count > 0)).toBe(true);
    const inCategory = await get(`/wp-json/posts/100/1/${categories[0].id}`);
    expect(inCategory.body.totalPosts).toBe(categories[0].count);

    const author = await get(`/wp-json/posts/author/${list.body.posts[0].author.slug}/10/1`);
    expect(author.body.author.name).toBe(list.body.posts[0].author.name);
    expect((await get('/wp-json/posts/author/nobody/10/1')).status).toBe(404);
    expect((await get('/wp-json/post/whats-next-for-loopwright-autumn-2026')).status).toBe(404);
    expect((await get('/wp-json/post/whats-next-for-loopwright-autumn-2026?preview=true')).status).toBe(404); // drafts: admins only
  });

  it('serves menus with new chips, the call-to-action, glossary, careers, partners and social posts', async () => {
    const menus = (await get('/wp-json/menus')).body;
    const learn = menus.rootMenuItems.find((i: { id: string }) => i.id === 'learn');
    expect(learn.highlighted).toBe(true);
    expect(learn.children.some((c: { isNew: boolean }) => c.isNew)).toBe(true);
    expect(menus.footerMenuItems.length).toBeGreaterThan(2);
    const cta = (await get('/wp-json/acf/options/cta')).body;
    expect(cta.cta_action[0].button_link.title).toBeTruthy();
    const glossary = (await get('/wp-json/glossary')).body;
    expect(glossary.length).toBeGreaterThan(50);
    const term = (await get('/wp-json/glossary/skill')).body;
    expect(term.related.length).toBeGreaterThan(0);
    expect(term.relatedDiagrams).toEqual([]);
    expect((await get('/wp-json/careers')).body.length).toBeGreaterThan(0);
    expect((await get('/wp-json/partners')).body.length).toBeGreaterThan(0);
    expect((await get('/system/tweets/unknown+ids')).body).toHaveLength(7);
    const one = (await get('/system/tweets/1881203349561237505')).body;
    expect(one).toHaveLength(1);
  });

  it('keeps content editing for signed-in admins', async () => {
    const response = await fetch(`${app.url}/api/content/entries/page/about`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x' }) });
    expect(response.status).toBe(401);
  });

  it('searches the docs with full text and suggests across categories', async () => {
    const docs = (await get('/wp-json/docs/search/converter')).body;
    expect(docs.length).toBeGreaterThan(0);
    const suggestions = (await get('/search/suggestions?term=pool&filter=all')).body;
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(7);
    expect(suggestions[0]).toMatchObject({ category: 'documentation' });
    expect((await get('/search/suggestions?term=po')).body).toEqual([]);
    expect((await get('/search/suggestions?term=pool&filter=diagrams')).body).toEqual([]);
  });
});
