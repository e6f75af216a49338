import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { Pagination } from '../features/content/post-card';
import { SearchBar } from '../features/search/search-bar';
import { CommunityErrorBoundary, CommunityTabs, DesignerCards, DiagramCards } from '../features/website/community';
import { CommunityTexts, WebsiteRules } from '../lib/spec';
import { seo } from '../lib/seo';
import { notFound, website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

const FILTERS = ['diagrams', 'designers', 'designersForHire', 'designersOfTheMonth', 'newTemplates', 'tags'] as const;
type Filter = (typeof FILTERS)[number];
const titles: Record<Filter, string> = {
  diagrams: 'Diagrams',
  designers: 'Designers',
  designersForHire: 'Designers for hire',
  designersOfTheMonth: 'Designers of the Month',
  newTemplates: 'New templates',
  tags: 'Tags',
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filter = (url.searchParams.get('filter') ?? 'diagrams') as Filter;
  if (!FILTERS.includes(filter)) notFound();
  const q = url.searchParams.get('q')?.trim() ?? '';
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const count = WebsiteRules.communityDiagramsPerPage;
  const sort = url.searchParams.get('sort') === 'popular' ? 'popular' : 'newest';
  const gateway = website(context);
  // Designers for hire, of the month and new templates need the community issue (likes, follows, hiring).
  const empty = { list: [], totalCount: 0 };
  const [designers, diagrams] = await Promise.all([
    filter === 'designers' ? gateway.designers({ term: q || undefined, page, count }) : empty,
    filter === 'diagrams' ? gateway.diagrams({ term: q || undefined, sort, page, count }) : empty,
  ]);
  const total = Math.max(designers.totalCount, diagrams.totalCount);
  return { filter, q, page, sort, designers, diagrams, totalPages: Math.max(1, Math.ceil(total / count)) };
}

export function meta(args: MetaArgs<typeof loader>) {
  const d = args.loaderData;
  return d ? seo(args, { title: `${titles[d.filter]} — Community`, description: `${titles[d.filter]} in the Loopwright community.` }) : [];
}

export default function CommunitySeeAll() {
  const { filter, q, page, sort, designers, diagrams, totalPages } = useLoaderData<typeof loader>();
  const query = (extra: Record<string, string>) => `/community/see-all?${new URLSearchParams({ filter, ...(q ? { q } : {}), ...extra })}`;
  const isDesigners = filter.startsWith('designers');
  return (
    <PageLayout name="community">
      <header className="page-title">
        <h1>{q ? `${titles[filter]} matching “${q}”` : titles[filter]}</h1>
        <SearchBar key={filter} variant="page" initialTerm={q} initialFilter={isDesigners ? 'designers' : 'diagrams'} allowEmpty />
        {q && isDesigners ? (
          <p>
            <Link to="/community/see-all?filter=designers">{CommunityTexts.backToAllDesigners}</Link>
          </p>
        ) : null}
      </header>
      {filter === 'diagrams' ? (
        <CommunityTabs label="Sort" tabs={[{ to: query({}), label: 'Newest', active: sort === 'newest' }, { to: query({ sort: 'popular' }), label: 'Popular', active: sort === 'popular' }]} />
      ) : null}
      {isDesigners ? <DesignerCards designers={designers.list} /> : <DiagramCards diagrams={diagrams.list} />}
      <Pagination base={query({})} current={page} total={totalPages} hrefFor={(n) => query({ ...(sort === 'popular' ? { sort } : {}), ...(n > 1 ? { page: String(n) } : {}) })} />
    </PageLayout>
  );
}

export const ErrorBoundary = CommunityErrorBoundary;
