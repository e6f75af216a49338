import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { DiagramCards } from '../features/website/community';
import { seo } from '../lib/seo';
import { notFound, website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const gateway = website(context);
  const term = await gateway.glossaryTerm(params.slug ?? '');
  if (!term) notFound();
  // Related diagrams: public community diagrams that name the term.
  const diagrams = await gateway
    .diagrams({ term: term.title, sort: 'popular', page: 1, count: 4 })
    .catch(() => ({ list: [], totalCount: 0 }));
  return { term, diagrams: diagrams.list };
}

export function meta(args: MetaArgs<typeof loader>) {
  const term = args.loaderData?.term;
  return term ? seo(args, { title: `${term.title} — Glossary`, description: term.description }) : [];
}

export default function GlossaryTerm() {
  const { term, diagrams } = useLoaderData<typeof loader>();
  return (
    <PageLayout name="resources">
      <article className="article">
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link to="/glossary">Glossary</Link>
        </nav>
        <h1>{term.title}</h1>
        <p className="lead">{term.description}</p>
        <div className="prose" dangerouslySetInnerHTML={{ __html: term.content }} />
        <div className="related">
          {term.related.length ? (
            <section>
              <h2>Related terms</h2>
              <ul className="chips">
                {term.related.map((r) => (
                  <li key={r.slug}>
                    <Link className="chip" to={`/glossary/${r.slug}`}>
                      {r.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {term.docs.length ? (
            <section>
              <h2>In the docs</h2>
              <ul>
                {term.docs.map((d) => (
                  <li key={d.slug}>
                    <Link to={`/docs/${d.slug}`}>{d.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section>
            <h2>Diagrams about {term.title.toLowerCase()}</h2>
            <DiagramCards diagrams={diagrams} />
          </section>
        </div>
      </article>
    </PageLayout>
  );
}
