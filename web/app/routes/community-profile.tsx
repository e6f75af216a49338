import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import type { GlossaryIndexItem } from '@loopwright/contracts';
import { countOf } from '@loopwright/contracts';
import { Pagination } from '../features/content/post-card';
import { PlayPanel } from '../features/editor/player/play-panel';
import {
  Contributors,
  EmbedCodeButton,
  FollowButton,
  ForkButton,
  HireButton,
  LikeButton,
  ProfileCounts,
  ShareButtons,
} from '../features/social/social-buttons';
import {
  Avatar,
  CommunityErrorBoundary,
  CommunityTabs,
  DesignerCards,
  DiagramCards,
} from '../features/website/community';
import { ViewBeacon } from '../features/community/view-beacon';
import { seo } from '../lib/seo';
import { notFound, pageNumber, website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

const TABS = ['diagrams', 'liked', 'following', 'followers'] as const;
type Tab = (typeof TABS)[number];
const tabNames: Record<Tab, string> = {
  diagrams: 'Diagrams',
  liked: 'Liked',
  following: 'Following',
  followers: 'Followers',
};
/** Cards per page of a profile tab; ?page=N pages on. */
const PROFILE_PAGE_SIZE = 24;

/** Glossary terms named in the diagram's title or description (the diagram page's related terms). */
function relatedTerms(glossary: GlossaryIndexItem[], text: string): GlossaryIndexItem[] {
  const haystack = ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  return glossary
    .filter((t) => {
      const title = t.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
      return title.length > 2 && (haystack.includes(` ${title} `) || haystack.includes(` ${title}s `));
    })
    .slice(0, 8);
}

/** /community/{user}/profile and /community/{user}/{diagrams|liked|following|followers} (a designer), /community/{user}/{name-slug}-{fuid} (a public diagram). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const username = params.communityUser;
  const action = params.userAction ?? 'profile';
  if (!username) notFound();
  const gateway = website(context);
  if (action !== 'profile' && !TABS.includes(action as Tab)) {
    const fuid = action.match(/-?([A-Za-z0-9]{16})$/)?.[1];
    const diagram = fuid ? await gateway.diagram(fuid) : null;
    if (!diagram || diagram.owner.username !== username) notFound();
    const terms = relatedTerms(await gateway.glossary().catch(() => []), `${diagram.name} ${diagram.description}`);
    return { kind: 'diagram' as const, diagram, terms };
  }
  const designer = await gateway.designer(username);
  if (!designer) notFound();
  const asked = (TABS.includes(action as Tab) ? action : new URL(request.url).searchParams.get('tab')) as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'diagrams';
  const page = pageNumber(new URL(request.url).searchParams.get('page') ?? undefined);
  const at = { page, count: PROFILE_PAGE_SIZE };
  const empty = { list: [], totalCount: 0 };
  const diagrams =
    tab === 'diagrams'
      ? await gateway.diagrams({ owner: username, sort: 'newest', ...at })
      : tab === 'liked'
        ? await gateway.likedDiagrams(username, at)
        : empty;
  const people = tab === 'following' || tab === 'followers' ? await gateway.connections(username, tab, at) : empty;
  const totalPages = Math.max(1, Math.ceil(Math.max(diagrams.totalCount, people.totalCount) / PROFILE_PAGE_SIZE));
  return { kind: 'profile' as const, designer, tab, diagrams, people: people.list, page, totalPages };
}

export function meta(args: MetaArgs<typeof loader>) {
  const d = args.loaderData;
  if (!d) return [];
  if (d.kind === 'diagram')
    return seo(args, {
      title: `${d.diagram.name} by ${d.diagram.owner.name}`,
      description: d.diagram.description || `A game economy diagram by ${d.diagram.owner.name} on Loopwright.`,
      image: d.diagram.thumbnail,
    });
  return seo(args, {
    title: `${d.designer.name} (@${d.designer.username}) — Community`,
    description: d.designer.about ?? `${d.designer.name}'s game economy diagrams on Loopwright.`,
  });
}

export default function CommunityUserPage() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'diagram') {
    const { diagram } = data;
    return (
      <PageLayout name="community">
        <article className="article diagram-page">
          <ViewBeacon fuid={diagram.fuid} />
          <nav className="breadcrumbs" aria-label="Breadcrumbs">
            <Link to="/community/explore">Community</Link> /{' '}
            <Link to={`/community/${diagram.owner.username}/profile`}>{diagram.owner.name}</Link>
          </nav>
          <h1>{diagram.name}</h1>
          {diagram.forkedFrom ? (
            <p className="post-meta forked-from-notice" data-testid="forked-from">
              Forked from{' '}
              {diagram.forkedFrom.url ? (
                <Link to={diagram.forkedFrom.url}>{diagram.forkedFrom.name}</Link>
              ) : diagram.forkedFrom.name ? (
                diagram.forkedFrom.name
              ) : (
                'a diagram (source no longer available)'
              )}
            </p>
          ) : null}
          <p className="post-meta">
            {countOf(diagram.playCount, 'play')} · {countOf(diagram.nodeCount, 'node')}
          </p>
          <Contributors fuid={diagram.fuid} ownerUsername={diagram.owner.username} />
          <div className="social-bar">
            <LikeButton fuid={diagram.fuid} likeCount={diagram.likeCount} link={diagram.url} />
            <ForkButton fuid={diagram.fuid} forkCount={diagram.forkCount} link={diagram.url} />
            <span className="muted">by {diagram.owner.name}</span>
            <FollowButton username={diagram.owner.username} followerCount={0} />
          </div>
          <PlayPanel
            fuid={diagram.fuid}
            name={diagram.name}
            thumbnail={diagram.thumbnail.replace('/png', '/large/png')}
          />
          {diagram.description ? <p className="lead">{diagram.description}</p> : null}
          <p>
            <Link className="button button--primary" to={`/diagrams/${diagram.fuid}`}>
              Open in Loopwright
            </Link>
          </p>
          <ShareButtons
            url={diagram.url}
            title={diagram.name}
            thumbnail={diagram.thumbnail.replace('/png', '/small/png')}
          />
          <EmbedCodeButton fuid={diagram.fuid} title={diagram.name} />
          {data.terms.length ? (
            <section className="related-terms" aria-labelledby="related-terms">
              <h2 id="related-terms">Related glossary terms</h2>
              <ul>
                {data.terms.map((t) => (
                  <li key={t.slug}>
                    <Link to={`/glossary/${t.slug}`} title={t.description}>
                      {t.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </article>
      </PageLayout>
    );
  }
  const { designer, tab, diagrams, people, page, totalPages } = data;
  const tabPath = `/community/${designer.username}/${tab}`;
  return (
    <PageLayout name="community">
      <ViewBeacon username={designer.username} />
      <header className="profile-head">
        <Avatar name={designer.name} url={designer.avatarUrl} />
        <div>
          <h1>{designer.name}</h1>
          <p className="muted">@{designer.username}</p>
          {designer.jobTitle ? <p>{designer.jobTitle}</p> : null}
          <ProfileCounts
            username={designer.username}
            followerCount={designer.followerCount}
            publicDiagramCount={designer.publicDiagramCount}
          />
          {designer.about ? <p>{designer.about}</p> : null}
          <div className="social-bar">
            <FollowButton username={designer.username} followerCount={designer.followerCount} />
            <HireButton username={designer.username} name={designer.name} />
          </div>
        </div>
      </header>
      <CommunityTabs
        label="Profile sections"
        tabs={TABS.map((t) => ({ to: `/community/${designer.username}/${t}`, label: tabNames[t], active: t === tab }))}
      />
      {tab === 'diagrams' || tab === 'liked' ? (
        <DiagramCards diagrams={diagrams.list} />
      ) : (
        <DesignerCards designers={people} />
      )}
      <Pagination
        base={tabPath}
        current={page}
        total={totalPages}
        hrefFor={(n) => (n > 1 ? `${tabPath}?page=${n}` : tabPath)}
      />
    </PageLayout>
  );
}

export const ErrorBoundary = CommunityErrorBoundary;
