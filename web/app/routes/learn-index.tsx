import { countOf } from '@loopwright/contracts';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { Blocks } from '../features/content/blocks';
import { Icon } from '../features/content/icon';
import type { Block } from '../features/content/types';
import { SearchBar } from '../features/search/search-bar';
import { loadBlockData } from '../features/content/page-data.server';
import { seo } from '../lib/seo';
import { notFound, website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

/** /docs and /learn: the chapter list (an empty list is DOC_NOT_FOUND / ACADEMY_NOT_FOUND, 404). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const collection: 'docs' | 'learn' = new URL(request.url).pathname.replace(/^\/en/, '').startsWith('/learn')
    ? 'learn'
    : 'docs';
  const gateway = website(context);
  const chapters = await gateway.chapters(collection);
  if (!chapters.length) notFound();
  const intro = collection === 'learn' ? await gateway.page('learn', false) : null;
  const blocks = (intro?.acf.blocks ?? []) as Block[];
  return { collection, chapters, intro, blockData: intro ? await loadBlockData(gateway, blocks) : {} };
}

const texts = {
  docs: {
    title: 'Documentation',
    description:
      'Every element, connection, formula and rule of the Loopwright engine, with guides for running simulations, the CLI, the API and self-hosting.',
  },
  learn: { title: 'Academy', description: 'Free course: Economy design fundamentals.' },
};

export function meta(args: MetaArgs<typeof loader>) {
  const d = args.loaderData;
  if (!d) return [];
  return seo(args, d.intro ? { title: d.intro.title, description: d.intro.metadata.description } : texts[d.collection]);
}

export default function LearnIndex() {
  const { collection, chapters, intro, blockData } = useLoaderData<typeof loader>();
  const base = collection === 'docs' ? '/docs' : '/learn';
  return (
    <PageLayout name={collection === 'docs' ? 'docs' : 'resources'}>
      {intro ? (
        <Blocks blocks={(intro.acf.blocks as Block[]).filter((b) => b.type === 'hero')} data={blockData} body="" />
      ) : (
        <header className="page-title page-title--center">
          <h1>{texts.docs.title}</h1>
          <p>{texts.docs.description}</p>
          <SearchBar variant="page" initialFilter="documentation" />
        </header>
      )}
      <ul className="chapter-grid">
        {chapters.map((chapter) => (
          <li key={chapter.slug} className="card">
            <span className="card__icon">
              <Icon name={chapter.icon} />
            </span>
            <h2>
              <Link to={`${base}/${chapter.pages[0]?.slug ?? ''}`}>{chapter.title}</Link>
            </h2>
            <p>{chapter.description}</p>
            <p className="muted">{countOf(chapter.pagesCount, 'page')}</p>
            <ul className="chapter-grid__pages">
              {chapter.pages.map((page) => (
                <li key={page.slug}>
                  <Link to={`${base}/${page.slug}`}>{page.title}</Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {intro ? (
        <Blocks
          blocks={(intro.acf.blocks as Block[]).filter((b) => b.type !== 'hero')}
          data={blockData}
          body={intro.content}
        />
      ) : null}
    </PageLayout>
  );
}
