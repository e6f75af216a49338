import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { forgetPersonalCopies, holdsUnsentEdits } from '../../lib/personal-copies';
import { Avatar, AvatarSkeleton, CARD_AVATAR_SIZE } from './avatar';
import { NotificationsBox } from './notifications-box';
import { usePopover } from './popover';
import { displayName, useSession } from './session';

export const APP_PATH = '/diagrams';
export const communityProfilePath = (username: string) => `/community/${encodeURIComponent(username)}/profile`;

const UNSENT_EDITS_ON_LOGOUT =
  'This browser holds diagram changes that have not reached the server yet. Logging out discards them. Log out anyway?';

/** Paths that only make sense logged in: logging out there goes home. */
const PRIVATE_PATHS = /^(?:\/en)?\/(?:settings|admin\/(?!setup)|onboarding)/;

function useLogoutAndLeave() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return async () => {
    if (holdsUnsentEdits() && !window.confirm(UNSENT_EDITS_ON_LOGOUT)) return;
    await logout();
    // The next person at this browser finds none of this one's diagrams in it.
    await forgetPersonalCopies();
    if (PRIVATE_PATHS.test(location.pathname)) void navigate('/');
  };
}

function LoggedOutActions({ className = 'account-menu' }: { className?: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const onAuthPage = /^(?:\/en)?\/(?:login|register)/.test(location.pathname);
  const returnTo = onAuthPage ? '' : `?returnTo=${encodeURIComponent(here)}`;
  return (
    <div className={className}>
      <Link to={`/login${returnTo}`} className="button button--ghost">
        Log in
      </Link>
      <Link to="/register" className="button button--primary">
        Register
      </Link>
    </div>
  );
}

function ProfileLinks({ username, onNavigate }: { username: string | null; onNavigate?: () => void }) {
  return (
    <ul className="acc-profile-links">
      {username ? (
        <li>
          <Link to={communityProfilePath(username)} onClick={onNavigate}>
            Community profile
          </Link>
        </li>
      ) : null}
      {username ? (
        <li>
          <Link to="/activity" onClick={onNavigate}>
            Recent Activity
          </Link>
        </li>
      ) : null}
      <li>
        <a href={APP_PATH} target="_blank" rel="noopener">
          My app<span className="acc-visually-hidden"> (opens in a new tab)</span>
        </a>
      </li>
      <li>
        <Link to="/settings/profile" onClick={onNavigate}>
          Settings
        </Link>
      </li>
    </ul>
  );
}

function ProfileCard() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const cardId = useId();
  const logoutAndLeave = useLogoutAndLeave();
  usePopover(open, setOpen, root, button);
  if (!user) return null;
  const name = displayName(user);
  return (
    <div className="acc-popover-anchor" ref={root}>
      <button
        ref={button}
        type="button"
        className="acc-avatar-button"
        aria-label={`Account: ${name}`}
        aria-expanded={open}
        aria-controls={open ? cardId : undefined}
        onClick={() => setOpen(!open)}
      >
        <Avatar user={user} size={36} />
      </button>
      {open ? (
        <div className="acc-popover acc-profile-card" id={cardId} role="region" aria-label="Your account">
          <div className="acc-profile-card__head">
            <Avatar user={user} size={CARD_AVATAR_SIZE} />
            <div className="acc-profile-card__who">
              <p className="acc-profile-card__name">{name}</p>
              <p className="acc-profile-card__email">{user.email}</p>
            </div>
          </div>
          <ProfileLinks username={user.username} onNavigate={() => setOpen(false)} />
          <button
            type="button"
            className="button button--ghost acc-button--block"
            onClick={() => {
              setOpen(false);
              void logoutAndLeave();
            }}
          >
            Log out
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The header's account corner: Log in / Register, a skeleton while loading, or the user's menu. */
export function AccountMenu() {
  const { user, loading } = useSession();
  if (loading) {
    return (
      <div className="account-menu" aria-busy="true">
        <AvatarSkeleton />
      </div>
    );
  }
  if (!user) return <LoggedOutActions />;
  return (
    <div className="account-menu account-menu--user">
      {user.username ? <NotificationsBox /> : null}
      <ProfileCard />
      {user.username ? (
        <a href={APP_PATH} className="button button--primary account-menu__app">
          Open App
        </a>
      ) : (
        <Link to="/onboarding" className="button button--primary account-menu__app">
          Finish sign-up
        </Link>
      )}
    </div>
  );
}

/** The mobile drawer's footer: Log in / Register, or who is logged in with their links and Log out. */
export function MobileAccountFooter({ onNavigate }: { onNavigate?: () => void }): ReactNode {
  const { user, loading } = useSession();
  const logoutAndLeave = useLogoutAndLeave();
  if (loading) {
    return (
      <div className="acc-mobile-account">
        <AvatarSkeleton size={48} />
      </div>
    );
  }
  if (!user) return <LoggedOutActions className="acc-mobile-account acc-mobile-account--guest" />;
  return (
    <div className="acc-mobile-account">
      <div className="acc-profile-card__head">
        <Avatar user={user} size={48} />
        <div className="acc-profile-card__who">
          <p className="acc-profile-card__name">{displayName(user)}</p>
          <p className="acc-profile-card__email">{user.email}</p>
        </div>
      </div>
      <ProfileLinks username={user.username} onNavigate={onNavigate} />
      <button
        type="button"
        className="button button--ghost acc-button--block"
        onClick={() => {
          onNavigate?.();
          void logoutAndLeave();
        }}
      >
        Log out
      </button>
    </div>
  );
}
