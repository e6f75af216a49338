import {
  communityFilters,
  CommunityTabTexts,
  designerSorts,
  diagramSorts,
  type CommunityFilter,
  type CommunityTag,
  type DesignerSort,
  type DiagramSort,
} from '@loopwright/contracts';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { Pagination } from '../features/content/post-card';
import { SearchBar } from '../features/search/search-bar';
import { CommunityErrorBoundary, CommunityTabs, DesignerCards, DiagramCards } from '../features/website/community';
import { CommunityTexts, WebsiteRules } from '../lib/spec';
import { seo } from '../lib/seo';
import { notFound, samePageForEveryone, website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';
import '../features/community/community.css';

const titles = CommunityTabTexts.filters;
/** Older links said newest / popular. */
const legacySorts: Record<string, DiagramSort> = { newest: 'recent', popular: 'appreciated' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filter = (url.searchParams.get('filter') ?? 'diagrams') as CommunityFilter;
  if (!communityFilters.includes(filter)) notFound();
  const q = url.searchParams.get('q')?.trim() ?? '';
  const tag = url.searchParams.get('tag')?.trim() || undefined;
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const count = filter === 'tags' ? 60 : WebsiteRules.communityDiagramsPerPage;
  const askedSort = url.searchParams.get('sort') ?? '';
  const diagramSort: DiagramSort = diagramSorts.includes(askedSort as DiagramSort)
    ? (askedSort as DiagramSort)
    : (legacySorts[askedSort] ?? 'appreciated');
  const designerSort: DesignerSort = designerSorts.includes(askedSort as DesignerSort)
    ? (askedSort as DesignerSort)
    : 'active';
  const result = await website(context).communityList(filter, {
    term: q || undefined,
    diagramSort,
    designerSort,
    tag,
    page,
    count,
  });
  samePageForEveryone(context); // likes, follows and the reader's own panels come from the client
  return {
    filter,
    q,
    tag,
    page,
    askedSort,
    diagramSort,
    designerSort,
    result,
    totalPages: Math.max(1, Math.ceil(result.totalCount / count)),
  };
}

export function meta(args: MetaArgs<typeof loader>) {
  const d = args.loaderData;
  return d
    ? seo(args, {
        title: `${titles[d.filter]} — Community`,
        description: `${titles[d.filter]} in the Loopwright community.`,
      })
    : [];
}

function TagList({ tags }: { tags: CommunityTag[] }) {
  if (!tags.length) return <p className="empty-state">No tags on public diagrams yet.</p>;
  return (
    <ul className="community-tags">
      {tags.map((t) => (
        <li key={t.name}>
          <Link to={`/community/see-all?${new URLSearchParams({ filter: 'diagrams', tag: t.name })}`}>
            {t.name} <span className="muted">({t.diagramCount})</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function CommunitySeeAll() {
  const { filter, q, tag, page, askedSort, diagramSort, designerSort, result, totalPages } =
    useLoaderData<typeof loader>();
  const query = (extra: Record<string, string>) =>
    `/community/see-all?${new URLSearchParams({ filter, ...(q ? { q } : {}), ...(tag ? { tag } : {}), ...extra })}`;
  const isDesigners = filter.startsWith('designers');
  const sortable = filter === 'diagrams' || filter === 'designers' || filter === 'designersForHire';
  const sortParam: Record<string, string> =
    askedSort && sortable ? { sort: filter === 'diagrams' ? diagramSort : designerSort } : {};
  const heading = tag ? `Diagrams tagged “${tag}”` : q ? `${titles[filter]} matching “${q}”` : titles[filter];
  return (
    <PageLayout name="community">
      <header className="page-title">
        <h1>{heading}</h1>
        {filter !== 'tags' ? (
          <SearchBar
            key={filter}
            variant="page"
            initialTerm={q}
            initialFilter={isDesigners ? 'designers' : 'diagrams'}
            allowEmpty
          />
        ) : null}
        {q && isDesigners ? (
          <p>
            <Link to="/community/see-all?filter=designers">{CommunityTexts.backToAllDesigners}</Link>
          </p>
        ) : null}
      </header>
      {filter === 'diagrams' ? (
        <CommunityTabs
          label="Sort diagrams"
          tabs={diagramSorts.map((s) => ({
            to: query({ sort: s }),
            label: CommunityTabTexts.diagramSorts[s],
            active: s === diagramSort,
          }))}
        />
      ) : null}
      {filter === 'designers' || filter === 'designersForHire' ? (
        <CommunityTabs
          label="Sort designers"
          tabs={designerSorts.map((s) => ({
            to: query({ sort: s }),
            label: CommunityTabTexts.designerSorts[s],
            active: s === designerSort,
          }))}
        />
      ) : null}
      {result.kind === 'tags' ? (
        <TagList tags={result.list} />
      ) : result.kind === 'designers' ? (
        <DesignerCards designers={result.list} />
      ) : (
        <DiagramCards diagrams={result.list} />
      )}
      <Pagination
        base={query(sortParam)}
        current={page}
        total={totalPages}
        hrefFor={(n) => query({ ...sortParam, ...(n > 1 ? { page: String(n) } : {}) })}
      />
    </PageLayout>
  );
}

export const ErrorBoundary = CommunityErrorBoundary;
