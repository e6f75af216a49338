import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { SearchBar } from '../features/search/search-bar';
import { seo } from '../lib/seo';
import { website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

export async function loader({ context }: LoaderFunctionArgs) {
  return { terms: await website(context).glossary() };
}

export function meta(args: MetaArgs<typeof loader>) {
  return seo(args, {
    title: 'Glossary of game economy design',
    description:
      'The vocabulary of game economies and systems design, from faucets and sinks to feedback loops, explained in plain words.',
  });
}

export default function Glossary() {
  const { terms } = useLoaderData<typeof loader>();
  const letters = [...new Set(terms.map((t) => t.title[0].toUpperCase()))];
  return (
    <PageLayout name="resources">
      <header className="page-title page-title--center">
        <h1>Glossary</h1>
        <p>The vocabulary of game economies, explained in plain words and tied to the docs.</p>
        <SearchBar variant="page" initialFilter="documentation" />
      </header>
      <nav className="letters" aria-label="Letters">
        {letters.map((l) => (
          <a key={l} href={`#letter-${l}`}>
            {l}
          </a>
        ))}
      </nav>
      {letters.map((letter) => (
        <section key={letter} className="glossary-letter" aria-labelledby={`letter-${letter}`}>
          <h2 id={`letter-${letter}`}>{letter}</h2>
          <dl className="glossary-list">
            {terms
              .filter((t) => t.title[0].toUpperCase() === letter)
              .map((t) => (
                <div key={t.slug}>
                  <dt>
                    <Link to={`/glossary/${t.slug}`}>{t.title}</Link>
                  </dt>
                  <dd>{t.description}</dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </PageLayout>
  );
}
