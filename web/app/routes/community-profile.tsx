import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { ViewBeacon } from '../features/community/view-beacon';
import { Avatar, CommunityErrorBoundary, CommunityTabs, DiagramCards } from '../features/website/community';
import { seo } from '../lib/seo';
import { notFound, website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

const TABS = ['diagrams', 'liked', 'following', 'followers'] as const;
type Tab = (typeof TABS)[number];
const tabNames: Record<Tab, string> = { diagrams: 'Diagrams', liked: 'Liked', following: 'Following', followers: 'Followers' };

/** /community/{user}/profile (a designer) and /community/{user}/{name-slug}-{fuid} (a public diagram). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const username = params.communityUser;
  const action = params.userAction ?? 'profile';
  if (!username) notFound();
  const gateway = website(context);
  if (action !== 'profile') {
    const fuid = action.match(/-?([A-Za-z0-9]{16})$/)?.[1];
    const diagram = fuid ? await gateway.diagram(fuid) : null;
    if (!diagram || diagram.owner.username !== username) notFound();
    return { kind: 'diagram' as const, diagram };
  }
  const designer = await gateway.designer(username);
  if (!designer) notFound();
  const asked = new URL(request.url).searchParams.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'diagrams';
  const diagrams = tab === 'diagrams' ? await gateway.diagrams({ owner: username, sort: 'newest', page: 1, count: 24 }) : { list: [], totalCount: 0 };
  return { kind: 'profile' as const, designer, tab, diagrams };
}

export function meta(args: MetaArgs<typeof loader>) {
  const d = args.loaderData;
  if (!d) return [];
  if (d.kind === 'diagram') return seo(args, { title: `${d.diagram.name} by ${d.diagram.owner.name}`, description: d.diagram.description || `A game economy diagram by ${d.diagram.owner.name} on Loopwright.`, image: d.diagram.thumbnail });
  return seo(args, { title: `${d.designer.name} (@${d.designer.username}) — Community`, description: d.designer.about ?? `${d.designer.name}'s game economy diagrams on Loopwright.` });
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
            <Link to="/community/explore">Community</Link> / <Link to={`/community/${diagram.owner.username}/profile`}>{diagram.owner.name}</Link>
          </nav>
          <h1>{diagram.name}</h1>
          <p className="post-meta">
            {diagram.likeCount} likes · {diagram.playCount} plays · {diagram.forkCount} forks · {diagram.nodeCount} nodes
          </p>
          <img className="article__image" src={diagram.thumbnail.replace('/png', '/large/png')} alt={`The diagram ${diagram.name}`} width={960} height={540} />
          {diagram.description ? <p className="lead">{diagram.description}</p> : null}
          <p>
            <Link className="button button--primary" to={`/diagrams/${diagram.fuid}`}>
              Open in Loopwright
            </Link>
          </p>
        </article>
      </PageLayout>
    );
  }
  const { designer, tab, diagrams } = data;
  return (
    <PageLayout name="community">
      <ViewBeacon username={designer.username} />
      <header className="profile-head">
        <Avatar name={designer.name} url={designer.avatarUrl} />
        <div>
          <h1>{designer.name}</h1>
          <p className="muted">@{designer.username}</p>
          {designer.jobTitle ? <p>{designer.jobTitle}</p> : null}
          <p className="muted">
            {`${designer.followerCount} follower${designer.followerCount === 1 ? '' : 's'} · ${designer.publicDiagramCount} public diagram${designer.publicDiagramCount === 1 ? '' : 's'}`}
          </p>
          {designer.about ? <p>{designer.about}</p> : null}
        </div>
      </header>
      <CommunityTabs label="Profile sections" tabs={TABS.map((t) => ({ to: `?tab=${t}`, label: tabNames[t], active: t === tab }))} />
      {tab === 'diagrams' ? <DiagramCards diagrams={diagrams.list} /> : <p className="empty-state">Nothing here yet.</p>}
    </PageLayout>
  );
}

export const ErrorBoundary = CommunityErrorBoundary;
