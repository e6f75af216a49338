import type { Notification } from '@loopwright/contracts';
import { Link } from 'react-router';
import { When } from '../../ui/when';

/** The spec's notification types; colour is never the only cue: each has its word and icon. */
export const TYPE_LABEL = { info: 'Info', warning: 'Warning', error: 'Error' } as const;

export function TypeIcon({ type }: { type: Notification['type'] }) {
  const path =
    type === 'info' ? (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 11v6M12 7.5v.5" strokeLinecap="round" />
      </>
    ) : type === 'warning' ? (
      <>
        <path d="M12 3l10 18H2z" strokeLinejoin="round" />
        <path d="M12 10v5M12 17.5v.5" strokeLinecap="round" />
      </>
    ) : (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M9 9l6 6M15 9l-6 6" strokeLinecap="round" />
      </>
    );
  return (
    <svg
      className={`ntf-icon ntf-icon--${type}`}
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      focusable="false"
    >
      {path}
    </svg>
  );
}

/**
 * Any notification, whatever made it (shares, copies, batches, and later likes, follows,
 * invitations, billing): its type, optional title, message, time and optional link.
 */
export function NotificationBody({ notification: n }: { notification: Notification }) {
  return (
    <>
      <span className="ntf-item__type">
        <TypeIcon type={n.type} />
        <span className="visually-hidden">{TYPE_LABEL[n.type]}: </span>
      </span>
      <span className="ntf-item__text">
        {n.title ? <strong className="ntf-item__title">{n.title}</strong> : null}
        <span className="acc-notification__message">{n.message}</span>
        <When className="acc-notification__time" at={n.createdAt} />
      </span>
    </>
  );
}

export function NotificationLink({
  notification: n,
  onOpen,
  className,
}: {
  notification: Notification;
  onOpen: () => void;
  className?: string;
}) {
  return n.link ? (
    <Link to={n.link} onClick={onOpen} className={className}>
      <NotificationBody notification={n} />
    </Link>
  ) : (
    <div className={className}>
      <NotificationBody notification={n} />
    </div>
  );
}

/** The box and the center tell each other what was marked as viewed (same tab). */
export const VIEWED_EVENT = 'loopwright:notifications-viewed';
export function announceViewed(ids?: string[], from: 'box' | 'center' = 'center'): void {
  window.dispatchEvent(new CustomEvent<{ ids?: string[]; from: string }>(VIEWED_EVENT, { detail: { ids, from } }));
}
