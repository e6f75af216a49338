import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { SearchBar } from '../features/search/search-bar';
import { CommunityErrorBoundary, CommunityTabs, DesignerCards, DiagramCards } from '../features/website/community';
import { seo } from '../lib/seo';
import { website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

export async function loader({ context }: LoaderFunctionArgs) {
  const gateway = website(context);
  const [designers, diagrams] = await Promise.all([gateway.designers({ page: 1, count: 8 }), gateway.diagrams({ sort: 'newest', page: 1, count: 8 })]);
  return { designers, diagrams };
}

export function meta(args: MetaArgs<typeof loader>) {
  return seo(args, { title: 'Community — explore diagrams and designers', description: 'Spotlighted game economy diagrams and the designers who build them. Fork a diagram, follow a designer, or hire one.' });
}

export default function CommunityExplore() {
  const { designers, diagrams } = useLoaderData<typeof loader>();
  return (
    <PageLayout name="community">
      <header className="page-title page-title--center">
        <h1>Explore the community</h1>
        <p>Diagrams shared by game designers, and the people who build them.</p>
        <SearchBar variant="page" initialFilter="designers" />
      </header>
      <section className="section">
        <header className="section__head section__head--row">
          <h2>Spotlighted diagrams</h2>
          <Link to="/community/see-all?filter=diagrams">See all</Link>
        </header>
        <CommunityTabs label="Diagram lists" tabs={[{ to: '/community/see-all?filter=diagrams', label: 'Newest', active: true }, { to: '/community/see-all?filter=diagrams&sort=popular', label: 'Popular' }]} />
        <DiagramCards diagrams={diagrams.list} />
      </section>
      <section className="section">
        <header className="section__head section__head--row">
          <h2>Designers</h2>
          <Link to="/community/see-all?filter=designers">See all</Link>
        </header>
        <DesignerCards designers={designers.list} />
      </section>
      <section className="section">
        <header className="section__head section__head--row">
          <h2>Designers for hire</h2>
          <Link to="/community/see-all?filter=designersForHire">See all</Link>
        </header>
        <p className="empty-state">No designers are open for hire yet.</p>
      </section>
    </PageLayout>
  );
}

export const ErrorBoundary = CommunityErrorBoundary;
