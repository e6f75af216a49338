import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Every route of website.md §2 (served with and without /en). `id` prefixes keep the two copies apart. */
export function websiteRoutes(idPrefix: string): RouteConfigEntry[] {
  const r = (path: string, file: string, id: string) => route(path, `routes/${file}`, { id: `${idPrefix}${id}` });
  const page = (path: string) => r(path, 'content-page.tsx', `page-${path.replace(/\//g, '-')}`);
  return [
    index('routes/home.tsx', { id: `${idPrefix}home` }),
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
      'resources/academic-research-publications',
    ].map(page),
    r('articles', 'articles.tsx', 'articles'),
    r('articles/page/:pageNumber?', 'articles.tsx', 'articles-page'),
    r('articles/category/:slugCategory', 'articles.tsx', 'articles-category'),
    r('articles/category/:slugCategory/page/:pageNumber', 'articles.tsx', 'articles-category-page'),
    r('articles/author/:slugAuthor', 'articles.tsx', 'articles-author'),
    r('articles/author/:slugAuthor/page/:pageNumber', 'articles.tsx', 'articles-author-page'),
    r('articles/:slugPost', 'article.tsx', 'article'),
    r('careers/job/:jobSlug?', 'job.tsx', 'job'),
    r('docs', 'learn-index.tsx', 'docs'),
    r('docs/search', 'docs-search.tsx', 'docs-search'),
    r('docs/:docSlug', 'learn-page.tsx', 'doc'),
    r('learn', 'learn-index.tsx', 'learn'),
    r('learn/:learnSlug', 'learn-page.tsx', 'learn-page'),
    r('glossary', 'glossary.tsx', 'glossary'),
    r('glossary/:slug', 'glossary-term.tsx', 'glossary-term'),
    r('search-results', 'search-results.tsx', 'search-results'),
    r('community', 'community-explore.tsx', 'community'),
    r('community/explore', 'community-explore.tsx', 'community-explore'),
    r('community/see-all', 'community-see-all.tsx', 'community-see-all'),
    r('community/profile', 'community-my-profile.tsx', 'community-profile-self'),
    r('community/:communityUser/profile', 'community-profile.tsx', 'community-profile'),
    r('community/:communityUser/:userAction?', 'community-profile.tsx', 'community-user'),
    r('embed/:fuid', 'embed.tsx', 'embed'),
    r('sitemap.xml', 'sitemap.ts', 'sitemap'),
    r('robots.txt', 'robots.ts', 'robots'),
    r(':slug', 'content-page.tsx', 'page'),
  ];
}
