import { countOf, type DesignerCard, type DiagramCard } from '@loopwright/contracts';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { CommunityTexts, Texts } from '../../lib/spec';
import { ErrorPage } from '../../ui/error-page';
import { Contributors, FollowButton, LikeButton, LiveFollowerCount, LiveLikeCount } from '../social/social-buttons';

export function DesignerCards({ designers }: { designers: DesignerCard[] }) {
  if (!designers.length) return <p className="empty-state">{CommunityTexts.noDesigners}</p>;
  return (
    <ul className="card-grid card-grid--4">
      {designers.map((d) => (
        <li key={d.id} className="card designer-card">
          <Avatar name={d.name} url={d.avatarUrl} size={64} />
          <h3>
            <Link to={`/community/${d.username}/profile`}>{d.name}</Link>
          </h3>
          <p className="muted">@{d.username}</p>
          {d.jobTitle ? <p>{d.jobTitle}</p> : null}
          <p className="muted">
            <LiveFollowerCount username={d.username} followerCount={d.followerCount} /> · {d.publicDiagramCount}{' '}
            diagrams
          </p>
          <FollowButton username={d.username} followerCount={d.followerCount} />
        </li>
      ))}
    </ul>
  );
}

export function Avatar({ name, url, size = 124 }: { name: string; url: string | null; size?: number }) {
  if (url) return <img className="avatar" src={url} alt="" width={size} height={size} />;
  return (
    <span
      className="avatar avatar--initials"
      style={{ width: size, height: size, fontSize: size / 2.6 }}
      aria-hidden="true"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

export function DiagramCards({ diagrams }: { diagrams: DiagramCard[] }) {
  if (!diagrams.length) return <NoDiagrams />;
  return (
    <ul className="card-grid card-grid--4">
      {diagrams.map((d) => (
        <li key={d.fuid} className="card diagram-card">
          <Link to={d.url} className="diagram-card__thumb" tabIndex={-1} aria-hidden="true">
            <img src={d.thumbnail} alt="" width={320} height={180} loading="lazy" />
          </Link>
          <h3>
            <Link to={d.url}>{d.name}</Link>
          </h3>
          <p className="muted">
            by <Link to={`/community/${d.owner.username}/profile`}>{d.owner.name}</Link>
          </p>
          <Contributors fuid={d.fuid} ownerUsername={d.owner.username} />
          <p className="muted">
            <LiveLikeCount fuid={d.fuid} likeCount={d.likeCount} /> · {countOf(d.playCount, 'play')} ·{' '}
            {countOf(d.forkCount, 'fork')}
          </p>
          <div className="card-social">
            <LikeButton fuid={d.fuid} likeCount={d.likeCount} link={d.url} compact />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** An honest empty list. */
export function NoDiagrams() {
  return (
    <div className="empty-state">
      <p>
        <strong>{CommunityTexts.noDiagrams}</strong>
      </p>
      <p>Public diagrams shared by designers will appear here.</p>
    </div>
  );
}

export function CommunityTabs({
  tabs,
  label = 'Sections',
}: {
  tabs: { to: string; label: string; active?: boolean }[];
  label?: string;
}) {
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((t) => (
        <Link
          key={t.to}
          to={t.to}
          className={t.active ? 'tab is-active' : 'tab'}
          aria-current={t.active ? 'page' : undefined}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

/** The community's own not-found: missing or under maintenance, with a way back to Explore. */
export function CommunityErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="error-page" aria-labelledby="community-missing">
        <title>{`${Texts.notFound} | Loopwright`}</title>
        <p className="error-page__status">404</p>
        <h1 id="community-missing">{Texts.notFound}</h1>
        <p>{CommunityTexts.notFound}</p>
        <Link className="button button--primary" to="/community/explore">
          {CommunityTexts.backToExplore}
        </Link>
      </section>
    );
  }
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined;
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} message={message} />;
}
