import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoPaths } from '../../api/src/core/paths.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';

/** Front matter of a content file: the independent source of what a page must show. */
function frontMatter(relative: string): Record<string, unknown> {
  const source = readFileSync(path.join(repoPaths.content, relative), 'utf8');
  return parse(source.split(/^---$/m)[1]) as Record<string, unknown>;
}

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const titleOf = (html: string) => decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');

describe('every route of website.md §2, server-rendered, with and without /en', () => {
  let app: BuiltApp;
  let routes: { path: string; title: string; content: string }[] = [];
  const api = async (p: string) => (await fetch(`${app.url}/api${p}`)).json();

  beforeAll(async () => {
    app = await startBuiltApp();
    const page = (slug: string, route = `/${slug}`) => {
      const d = frontMatter(`pages/${slug}.md`);
      const blocks = (d.blocks as { type: string; title?: string }[]) ?? [];
      return {
        path: route,
        title: String(d.title),
        content: String(blocks.find((b) => b.type === 'hero')?.title ?? d.title),
      };
    };
    const [post] = (await api('/wp-json/posts/1/1')).posts;
    const category = (await api('/wp-json/post-categories'))[0];
    const [docChapter] = await api('/wp-json/docs/chapters');
    const [academyChapter] = await api('/wp-json/learn/chapters');
    const [job] = await api('/wp-json/careers');
    const term = frontMatter('glossary/skill.md');
    routes = [
      page('home', '/'),
      ...[
        'about',
        'aup',
        'careers',
        'contact',
        'disclaimer',
        'game-design-tool',
        'games',
        'liveops-whitepaper',
        'partners',
        'pricing',
        'terms-and-conditions',
      ].map((s) => page(s)),
      page('academic-research-publications', '/resources/academic-research-publications'),
      { path: '/articles', title: 'Articles', content: post.title },
      { path: '/articles/page/1', title: 'Articles', content: post.title },
      { path: `/articles/category/${category.slug}`, title: category.name, content: category.description },
      { path: `/articles/category/${category.slug}/page/1`, title: category.name, content: category.description },
      { path: `/articles/author/${post.author.slug}`, title: post.author.name, content: post.author.bio },
      { path: `/articles/author/${post.author.slug}/page/1`, title: post.author.name, content: post.author.bio },
      { path: `/articles/${post.slug}`, title: post.title, content: post.displayDate },
      { path: `/careers/job/${job.slug}`, title: job.title, content: job.department },
      { path: '/docs', title: 'Documentation', content: docChapter.title },
      {
        path: `/docs/${docChapter.pages[1].slug}`,
        title: docChapter.pages[1].title,
        content: docChapter.pages[0].title,
      },
      { path: '/docs/search?q=converter', title: 'in the docs', content: 'Converter' },
      { path: '/learn', title: 'Academy', content: academyChapter.title },
      {
        path: `/learn/${academyChapter.pages[0].slug}`,
        title: academyChapter.pages[0].title,
        content: academyChapter.title,
      },
      { path: '/glossary', title: 'Glossary', content: String(term.title) },
      { path: '/glossary/skill', title: String(term.title), content: String(term.description) },
      { path: '/search-results?q=pool', title: 'Search results', content: 'Pool' },
      { path: '/community/explore', title: 'Community', content: 'No diagrams yet' },
      { path: '/community/see-all?filter=diagrams', title: 'Diagrams', content: 'No diagrams yet' },
      {
        path: '/community/see-all?filter=designers&q=nobody-at-all',
        title: 'Designers',
        content: 'No designers found',
      },
      {
        path: '/community/see-all?filter=designersForHire',
        title: 'Designers for hire',
        content: 'Designers for hire',
      },
    ];
  });
  afterAll(() => app?.close());

  it('renders each route with its title and content in the first response', async () => {
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      for (const prefix of ['', '/en']) {
        const url = `${app.url}${prefix}${route.path === '/' && prefix ? '/' : route.path}`;
        const response = await fetch(url);
        const html = decode(await response.text());
        expect(response.status, url).toBe(200);
        expect(titleOf(html), url).toContain(route.title);
        expect(html, url).toContain(route.content);
        expect(html, url).toMatch(/<link rel="canonical" href="[^"]+"/);
      }
    }
  });

  it('answers unknown slugs and invalid parameters with 404 and the not-found text', async () => {
    const missing = [
      '/no-such-page',
      '/en/no-such-page',
      '/articles/no-such-post',
      '/articles/page/0',
      '/articles/page/x',
      '/articles/page/999',
      '/articles/category/nope',
      '/articles/author/nobody',
      '/docs/no-such-doc',
      '/learn/no-such-lesson',
      '/glossary/no-such-term',
      '/careers/job/no-such-job',
      '/about/',
      '/en/a/b/c',
      '/Bad_Slug',
    ];
    for (const p of missing) {
      const response = await fetch(`${app.url}${p}`);
      expect(response.status, p).toBe(404);
      expect(await response.text(), p).toContain('This page could not be found');
    }
    const community = await fetch(`${app.url}/community/nobody/profile`);
    expect(community.status).toBe(404);
    expect(await community.text()).toContain('This page is missing or under maintenance');
  });

  it('serves sitemap.xml, robots.txt, Open Graph tags and meta descriptions', async () => {
    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('<urlset');
    expect(sitemap).toContain('/docs/your-first-diagram</loc>');
    expect(sitemap).toContain('/glossary/skill</loc>');
    const robots = await (await fetch(`${app.url}/robots.txt`)).text();
    // Without APP_URL the address the request came to is the canonical one.
    expect(robots).toContain(`Sitemap: ${app.url}/sitemap.xml`);
    const html = await (await fetch(`${app.url}/en/pricing`)).text();
    expect(html).toContain('property="og:title"');
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/pricing"/); // canonical drops /en
  });

  it('renders the plan catalogue with trial links and the contact form', async () => {
    const pricing = await (await fetch(`${app.url}/pricing`)).text();
    for (const name of ['Public', 'Essential', 'Professional', 'Power']) expect(pricing).toContain(`>${name}</h3>`);
    // This instance has no STRIPE_SECRET_KEY: self-hosted, billing off, no trials, and the page says so
    // (the trial links with billing on are walked in e2e/plans/trial.e2e.ts).
    expect(pricing).not.toContain('href="/start-trial/');
    expect(pricing).toContain('This instance is self-hosted: billing is off');
    // Self-hosted shows the plans without prices or calls to pay.
    expect(pricing).not.toContain('€29');
    const contact = await (await fetch(`${app.url}/contact`)).text();
    expect(contact).toContain('name="message"');
  });
});

describe('an instance behind a proxy, with APP_URL set', () => {
  const publicUrl = 'https://play.example.test';
  let app: BuiltApp;
  beforeAll(async () => {
    app = await startBuiltApp({ APP_URL: publicUrl });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('names its public address, not the one the request came to, in robots.txt, the sitemap and canonical links', async () => {
    const robots = await (await fetch(`${app.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    const locations = [...(await (await fetch(`${app.url}/sitemap.xml`)).text()).matchAll(/<loc>([^<]*)<\/loc>/g)];
    expect(locations.length).toBeGreaterThan(10);
    expect(locations.filter(([, loc]) => !loc.startsWith(`${publicUrl}/`))).toEqual([]);
    const html = await (await fetch(`${app.url}/en/pricing`)).text();
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/pricing"`);
  });
});
