import { CommunityTabTexts, designerTabs, diagramTabs } from '@loopwright/contracts';
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { useSession } from '../features/account/session';
import { RankedTabs } from '../features/community/ranked-tabs';
import { RecentActivity } from '../features/community/recent-activity';
import { SearchBar } from '../features/search/search-bar';
import { CommunityErrorBoundary, DesignerCards, DiagramCards } from '../features/website/community';
import { seo } from '../lib/seo';
import { samePageForEveryone, website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';
import '../features/community/community.css';

export async function loader({ context }: LoaderFunctionArgs) {
  samePageForEveryone(context); // likes, follows and Recent Activity come from the client
  return website(context).communityExplore();
}

export function meta(args: MetaArgs<typeof loader>) {
  return seo(args, {
    title: 'Community — explore diagrams and designers',
    description:
      'Spotlighted game economy diagrams and the designers who build them. Fork a diagram, follow a designer, or hire one.',
  });
}

const diagramSeeAll = {
  newest: '/community/see-all?filter=diagrams&sort=recent',
  popular: '/community/see-all?filter=diagrams&sort=appreciated',
  ofTheMonth: '/community/see-all?filter=diagrams&sort=appreciated',
} as const;
const designerSeeAll = {
  newest: '/community/see-all?filter=designers',
  popular: '/community/see-all?filter=designers&sort=followed',
  ofTheMonth: '/community/see-all?filter=designersOfTheMonth',
} as const;

export default function CommunityExplore() {
  const data = useLoaderData<typeof loader>();
  const { authenticated, user } = useSession();
  return (
    <PageLayout name="community">
      <header className="page-title page-title--center">
        <h1>Explore the community</h1>
        <p>Diagrams shared by game designers, and the people who build them.</p>
        <SearchBar variant="page" initialFilter="designers" />
      </header>
      <div
        className={
          authenticated && user?.username ? 'community-layout community-layout--with-activity' : 'community-layout'
        }
      >
        <div className="community-layout__main">
          {data.spotlightDiagrams.length || data.spotlightDesigners.length ? (
            <section className="section" aria-labelledby="spotlight-diagrams">
              <header className="section__head section__head--row">
                <h2 id="spotlight-diagrams">{CommunityTabTexts.spotlightedDiagrams}</h2>
              </header>
              <DiagramCards diagrams={data.spotlightDiagrams} />
              {data.spotlightDesigners.length ? (
                <>
                  <h2 className="community-subhead">{CommunityTabTexts.spotlightedDesigners}</h2>
                  <DesignerCards designers={data.spotlightDesigners} />
                </>
              ) : null}
            </section>
          ) : null}
          <section className="section" aria-labelledby="diagrams-title">
            <header className="section__head section__head--row">
              <h2 id="diagrams-title">Diagrams</h2>
              <Link to="/community/see-all?filter=diagrams">See all</Link>
            </header>
            <RankedTabs
              label="Diagram lists"
              tabs={diagramTabs.map((key) => ({ key, label: CommunityTabTexts.diagramTabs[key] }))}
            >
              {(tab) => (
                <>
                  <DiagramCards diagrams={data.diagramTabs[tab]} />
                  {data.diagramTabs[tab].length ? (
                    <p className="community-more">
                      <Link to={diagramSeeAll[tab]}>See all {CommunityTabTexts.diagramTabs[tab].toLowerCase()}</Link>
                    </p>
                  ) : null}
                </>
              )}
            </RankedTabs>
          </section>
          <section className="section" aria-labelledby="designers-title">
            <header className="section__head section__head--row">
              <h2 id="designers-title">Designers</h2>
              <Link to="/community/see-all?filter=designers">See all</Link>
            </header>
            <RankedTabs
              label="Designer lists"
              tabs={designerTabs.map((key) => ({ key, label: CommunityTabTexts.designerTabs[key] }))}
            >
              {(tab) => (
                <>
                  <DesignerCards designers={data.designerTabs[tab]} />
                  {data.designerTabs[tab].length ? (
                    <p className="community-more">
                      <Link to={designerSeeAll[tab]}>See all {CommunityTabTexts.designerTabs[tab].toLowerCase()}</Link>
                    </p>
                  ) : null}
                </>
              )}
            </RankedTabs>
          </section>
          <section className="section" aria-labelledby="hire-title">
            <header className="section__head section__head--row">
              <h2 id="hire-title">Designers for hire</h2>
              <Link to="/community/see-all?filter=designersForHire">See all</Link>
            </header>
            {data.designersForHire.length ? (
              <DesignerCards designers={data.designersForHire} />
            ) : (
              <p className="empty-state">No designers are open for hire yet.</p>
            )}
          </section>
          <section className="section" aria-labelledby="templates-title">
            <header className="section__head section__head--row">
              <h2 id="templates-title">New templates</h2>
              <Link to="/community/see-all?filter=newTemplates">See all</Link>
            </header>
            {data.newTemplates.length ? (
              <DiagramCards diagrams={data.newTemplates} />
            ) : (
              <p className="empty-state">No templates have been published yet.</p>
            )}
            <p className="community-more">
              <Link to="/community/see-all?filter=tags">Browse diagrams by tag</Link>
            </p>
          </section>
        </div>
        {authenticated && user?.username ? (
          <aside className="community-layout__aside">
            <RecentActivity username={user.username} />
          </aside>
        ) : null}
      </div>
    </PageLayout>
  );
}

export const ErrorBoundary = CommunityErrorBoundary;
