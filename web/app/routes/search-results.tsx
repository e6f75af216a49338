import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { ResultsList } from '../features/search/results-list';
import { SearchBar } from '../features/search/search-bar';
import { seo } from '../lib/seo';
import { website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get('q') ?? '';
  return website(context).search(q, 'all');
}

export function meta(args: MetaArgs<typeof loader>) {
  const term = args.loaderData?.term;
  return seo(args, {
    title: term ? `Search results for “${term}”` : 'Search',
    description: 'Search docs, articles, the glossary and designers.',
    noindex: true,
  });
}

export default function SearchResults() {
  const { term, results, total } = useLoaderData<typeof loader>();
  return (
    <PageLayout name="main">
      <header className="page-title">
        <h1>Search results</h1>
        <SearchBar variant="page" initialTerm={term} allowEmpty />
      </header>
      <ResultsList term={term} results={results} total={total} />
    </PageLayout>
  );
}
