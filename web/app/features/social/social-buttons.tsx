import { countOf, nounFor, SocialTexts, TrackingEvents } from '@loopwright/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useLoginDialog } from '../account/login-dialog';
import { useSession } from '../account/session';
import { track } from '../tracking/track';
import { socialApi } from './social-api';
import { refreshSocialState, setFollowed, setLiked, useSocialSnapshot, useWantSocial } from './social-store';
import './social.css';

const HireDialog = lazy(() => import('./hire-dialog'));

let lastViewer: string | null | undefined;
/** The viewer's likes and follows are asked again once we know who is logged in. */
function useViewerSync(): { signedIn: boolean } {
  const session = useSession();
  const viewer = session.fetchUserComplete ? (session.user?.id ?? null) : undefined;
  useEffect(() => {
    if (viewer === undefined || viewer === lastViewer) return;
    const first = lastViewer === undefined;
    lastViewer = viewer;
    if (!first || viewer) refreshSocialState();
  }, [viewer]);
  return { signedIn: !!session.user };
}

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}

/** One click's request: busy while it runs, and the server's reason when it fails. */
function useAction(): { busy: boolean; error: string | null; run: (work: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** Like / unlike a diagram; the count next to it is the page-wide one. Visitors get the log-in dialog. */
export function LikeButton({
  fuid,
  likeCount,
  link,
  compact = false,
}: {
  fuid: string;
  likeCount: number;
  link: string;
  compact?: boolean;
}) {
  useWantSocial([fuid], []);
  const { signedIn } = useViewerSync();
  const social = useSocialSnapshot();
  const { openLoginDialog } = useLoginDialog();
  const { busy, error, run } = useAction();
  const liked = !!social.liked[fuid];
  const count = social.likeCounts[fuid] ?? likeCount;
  const toggle = async () => {
    if (!signedIn) return openLoginDialog(SocialTexts.likeSourceAction, { link });
    await run(async () => {
      const state = liked ? await socialApi.unlike(fuid) : await socialApi.like(fuid);
      track(liked ? TrackingEvents.unlike : TrackingEvents.like, { label: fuid });
      setLiked(fuid, state.liked, state.likeCount);
    });
  };
  return (
    <span className="social-action">
      <button
        type="button"
        className={`social-button${liked ? ' is-on' : ''}${compact ? ' social-button--compact' : ''}`}
        aria-pressed={liked}
        aria-label={`${liked ? 'Unlike' : 'Like'} (${countOf(count, 'like')})`}
        disabled={busy}
        onClick={() => void toggle()}
        data-testid="like-button"
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 21s-7.5-4.6-9.6-9.2C.9 8.3 3.1 4.5 6.8 4.5c2.1 0 3.7 1.1 5.2 3 1.5-1.9 3.1-3 5.2-3 3.7 0 5.9 3.8 4.4 7.3C19.5 16.4 12 21 12 21z"
            fill={liked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        <span data-testid="like-count">{count}</span>
        {compact ? null : <span>{liked ? 'Liked' : 'Like'}</span>}
      </button>
      {error ? (
        <span className="social-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/** Follow / unfollow a designer (hidden on your own profile). */
export function FollowButton({
  username,
  followerCount,
  showCount = false,
}: {
  username: string;
  followerCount: number;
  showCount?: boolean;
}) {
  useWantSocial([], [username]);
  const { signedIn } = useViewerSync();
  const session = useSession();
  const social = useSocialSnapshot();
  const { openLoginDialog } = useLoginDialog();
  const { busy, error, run } = useAction();
  const followed = !!social.followed[username];
  const count = social.followerCounts[username] ?? followerCount;
  if (session.user?.username === username) return showCount ? <FollowerCount count={count} /> : null;
  const toggle = async () => {
    if (!signedIn) return openLoginDialog(SocialTexts.followSourceAction);
    await run(async () => {
      const state = followed ? await socialApi.unfollow(username) : await socialApi.follow(username);
      track(followed ? TrackingEvents.unfollow : TrackingEvents.follow, { label: username });
      setFollowed(username, state.isFollowed, state.followerCount);
    });
  };
  return (
    <span className="social-action">
      <button
        type="button"
        className={`social-button${followed ? ' is-on' : ''}`}
        aria-pressed={followed}
        disabled={busy}
        onClick={() => void toggle()}
        data-testid="follow-button"
      >
        {followed ? 'Following' : 'Follow'}
      </button>
      {showCount ? <FollowerCount count={count} /> : null}
      {error ? (
        <span className="social-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

function FollowerCount({ count }: { count: number }) {
  return (
    <span className="muted" data-testid="follower-count">
      {countOf(count, 'follower')}
    </span>
  );
}

/** A designer's live follower count (changes with Follow anywhere on the page). */
export function LiveFollowerCount({ username, followerCount }: { username: string; followerCount: number }) {
  useWantSocial([], [username]);
  const social = useSocialSnapshot();
  return <FollowerCount count={social.followerCounts[username] ?? followerCount} />;
}

/** "N followers · M public diagrams" on a profile, the follower count live. */
export function ProfileCounts({
  username,
  followerCount,
  publicDiagramCount,
}: {
  username: string;
  followerCount: number;
  publicDiagramCount: number;
}) {
  useWantSocial([], [username]);
  const count = useSocialSnapshot().followerCounts[username] ?? followerCount;
  return (
    <p className="muted" data-testid="profile-counts">
      {`${countOf(count, 'follower')} · ${countOf(publicDiagramCount, 'public diagram')}`}
    </p>
  );
}

/** A diagram's live like count (changes with Like anywhere on the page). */
export function LiveLikeCount({ fuid, likeCount }: { fuid: string; likeCount: number }) {
  useWantSocial([fuid], []);
  const count = useSocialSnapshot().likeCounts[fuid] ?? likeCount;
  return (
    <>
      <span data-testid="live-like-count">{count}</span> {nounFor(count, 'like')}
    </>
  );
}

/** The people who saved a version of the diagram. */
export function Contributors({ fuid, ownerUsername }: { fuid: string; ownerUsername: string }) {
  useWantSocial([fuid], []);
  const list = (useSocialSnapshot().contributors[fuid] ?? []).filter((c) => c.username !== ownerUsername);
  if (!list.length) return null;
  return (
    <p className="muted contributors" data-testid="contributors">
      with{' '}
      {list.slice(0, 3).map((c, i) => (
        <span key={c.username}>
          {i ? ', ' : ''}
          <Link to={`/community/${c.username}/profile`}>{c.name}</Link>
        </span>
      ))}
      {list.length > 3 ? ` and ${list.length - 3} more` : ''}
    </p>
  );
}

/** "Hire" on a designer available for hire: the contact-designer modal. */
export function HireButton({ username, name }: { username: string; name: string }) {
  useWantSocial([], [username]);
  const session = useSession();
  const forHire = !!useSocialSnapshot().forHire[username];
  const [open, setOpen] = useState(false);
  if (!forHire || session.user?.username === username) return null;
  return (
    <>
      <button type="button" className="button button--primary" onClick={() => setOpen(true)} data-testid="hire-button">
        {SocialTexts.hireTitle}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <HireDialog username={username} designerName={name} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Fork: a copy of the diagram in the viewer's own diagrams (the copy API), then open it. */
export function ForkButton({ fuid, forkCount, link }: { fuid: string; forkCount: number; link: string }) {
  const { signedIn } = useViewerSync();
  const { openLoginDialog } = useLoginDialog();
  const navigate = useNavigate();
  const [count, setCount] = useState(forkCount);
  const { busy, error, run } = useAction();
  const fork = async () => {
    if (!signedIn) return openLoginDialog(SocialTexts.forkSourceAction, { link });
    await run(async () => {
      const { diagram } = await socialApi.copy(fuid);
      setCount((c) => c + 1);
      void navigate(`/diagrams/${diagram.fuid}`);
    });
  };
  return (
    <span className="social-action">
      <button
        type="button"
        className="social-button"
        disabled={busy}
        onClick={() => void fork()}
        data-testid="fork-button"
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 3v6a4 4 0 0 0 4 4h4a4 4 0 0 1 4 4v4M18 3v6M6 21v-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span>{busy ? 'Forking…' : 'Fork'}</span>
        <span className="muted" data-testid="fork-count">
          {count}
        </span>
      </button>
      {error ? (
        <span className="social-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Share on facebook, twitter and linkedin; discord copies the link. With the share thumbnail. */
export function ShareButtons({ url, title, thumbnail }: { url: string; title: string; thumbnail: string }) {
  const [absolute, setAbsolute] = useState(url);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => setAbsolute(new URL(url, window.location.origin).toString()), [url]);
  const u = encodeURIComponent(absolute);
  const networks = [
    { key: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    {
      key: 'twitter',
      label: 'Twitter',
      href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    },
    { key: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
  return (
    <section className="share-panel" aria-labelledby="share-title">
      <img
        className="share-panel__thumb"
        src={thumbnail}
        alt={`${title}, as shared`}
        width={160}
        height={90}
        loading="lazy"
      />
      <div>
        <h2 id="share-title" className="share-panel__title">
          Share
        </h2>
        <div className="share-panel__buttons">
          {networks.map((n) => (
            <a
              key={n.key}
              className={`share-button share-button--${n.key}`}
              href={n.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {n.label}
            </a>
          ))}
          <button
            type="button"
            className="share-button share-button--discord"
            onClick={() =>
              void copyText(absolute).then((ok) => setCopied(ok ? 'Link copied: paste it into Discord' : absolute))
            }
          >
            Discord
          </button>
        </div>
        <p className="muted" role="status" data-testid="share-status">
          {copied ?? ''}
        </p>
      </div>
    </section>
  );
}

/** The iframe code for embedding the runnable diagram elsewhere. */
export function EmbedCodeButton({ fuid, title }: { fuid: string; title: string }) {
  const [code, setCode] = useState('');
  const [copied, setCopied] = useState(false);
  useEffect(
    () =>
      setCode(
        `<iframe src="${window.location.origin}/embed/${fuid}" title="${title.replace(/"/g, '&quot;')}" width="800" height="520" style="border:0" loading="lazy" allowfullscreen></iframe>`,
      ),
    [fuid, title],
  );
  return (
    <div className="embed-code">
      <button
        type="button"
        className="social-button"
        onClick={() => void copyText(code).then(setCopied)}
        data-testid="embed-button"
      >
        {copied ? 'Embed code copied' : 'Copy embed code'}
      </button>
      <code className="embed-code__text" data-testid="embed-code">
        {code}
      </code>
    </div>
  );
}
