import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { ResultsList } from '../features/search/results-list';
import { SearchBar } from '../features/search/search-bar';
import { seo } from '../lib/seo';
import { website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get('q') ?? '';
  return website(context).search(q, 'documentation');
}

export function meta(args: MetaArgs<typeof loader>) {
  const term = args.loaderData?.term;
  return seo(args, {
    title: term ? `“${term}” in the docs` : 'Search the docs',
    description: 'Search the Loopwright documentation.',
    noindex: true,
  });
}

export default function DocsSearch() {
  const { term, results, total } = useLoaderData<typeof loader>();
  return (
    <PageLayout name="docs">
      <header className="page-title">
        <h1>Search the documentation</h1>
        <SearchBar variant="page" initialTerm={term} initialFilter="documentation" allowEmpty />
      </header>
      <ResultsList term={term} results={results} total={total} />
    </PageLayout>
  );
}
