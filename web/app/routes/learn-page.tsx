import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { ChapterNav } from '../features/content/chapter-nav';
import { seo } from '../lib/seo';
import { notFound, previewAllowed, website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

/** A docs or academy page with its chapter, parent, previous and next pages. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const collection = params.docSlug !== undefined ? 'docs' : 'learn';
  const slug = params.docSlug ?? params.learnSlug ?? '';
  const gateway = website(context);
  const [page, chapters] = await Promise.all([
    gateway.learnPage(collection, slug, await previewAllowed(request, context)),
    gateway.chapters(collection),
  ]);
  if (!page) notFound();
  return { collection, page, chapters };
}

export function meta(args: MetaArgs<typeof loader>) {
  const d = args.loaderData;
  if (!d) return [];
  return seo(args, {
    title: `${d.page.title} — ${d.collection === 'docs' ? 'Docs' : 'Academy'}`,
    description: d.page.yoast_meta_description,
    type: 'article',
  });
}

export default function LearnPage() {
  const { collection, page, chapters } = useLoaderData<typeof loader>();
  const base = collection === 'docs' ? '/docs' : '/learn';
  const home = collection === 'docs' ? 'Docs' : 'Academy';
  return (
    <PageLayout name="docs" aside={<ChapterNav chapters={chapters} base={base} label={`${home} chapters`} />}>
      <article className="article article--docs">
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link to={base}>{home}</Link> / <span>{page.category.title}</span>
          {page.parent ? (
            <>
              {' / '}
              <Link to={`${base}/${page.parent.slug}`}>{page.parent.title}</Link>
            </>
          ) : null}
        </nav>
        <h1>{page.title}</h1>
        <p className="lead">{page.yoast_meta_description}</p>
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.content }} />
        <nav className="prev-next" aria-label="Previous and next">
          {page.nav.prev ? (
            <Link to={`${base}/${page.nav.prev.slug}`} rel="prev">
              <span>← Previous</span>
              <strong>{page.nav.prev.title}</strong>
            </Link>
          ) : (
            <span />
          )}
          {page.nav.next ? (
            <Link to={`${base}/${page.nav.next.slug}`} rel="next" className="prev-next__next">
              <span>Next →</span>
              <strong>{page.nav.next.title}</strong>
            </Link>
          ) : null}
        </nav>
      </article>
    </PageLayout>
  );
}
