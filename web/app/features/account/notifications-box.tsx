import { RealtimeEvents, type Notification } from '@loopwright/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { subscribeLive } from '../../lib/live-socket';
import { DiagramTexts } from '../../lib/spec';
import { announceViewed, NotificationLink, VIEWED_EVENT } from '../notifications/notification-item';
import { notificationsApi, type NotificationList } from '../notifications/notifications-api';
import { usePopover } from './popover';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: NotificationList };

/**
 * New notifications arrive live over the socket. As a fallback (a proxy without WebSockets, a
 * missed push), the list is read again when the tab comes back, after a reconnect, and every few minutes.
 */
const REFRESH_MS = 5 * 60_000;
const SHOWN = 10;

function useNotifications() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(async (showFailure: boolean) => {
    try {
      setState({ status: 'ready', list: await notificationsApi.list() });
    } catch {
      // A background check that fails keeps what is shown; opening the box says so.
      setState((current) => (showFailure || current.status !== 'ready' ? { status: 'error' } : current));
    }
  }, []);
  useEffect(() => {
    void load(false);
    const whenVisible = () => document.visibilityState === 'visible' && void load(false);
    document.addEventListener('visibilitychange', whenVisible);
    const timer = window.setInterval(whenVisible, REFRESH_MS);
    const unsubscribe = subscribeLive(
      RealtimeEvents.notification,
      (payload) => {
        const notification = payload as Notification;
        setState((current) => {
          if (current.status !== 'ready' || current.list.notifications.some((n) => n.id === notification.id))
            return current;
          const notifications = [notification, ...current.list.notifications].slice(0, SHOWN);
          return {
            status: 'ready',
            list: {
              ...current.list,
              notifications,
              total: current.list.total + 1,
              unviewedCount: current.list.unviewedCount + (notification.viewed ? 0 : 1),
            },
          };
        });
      },
      () => void load(false),
    );
    // Marked in the notifications center (maybe ones this box does not show): count again.
    const onViewed = (e: Event) => (e as CustomEvent<{ from?: string }>).detail.from !== 'box' && void load(false);
    window.addEventListener(VIEWED_EVENT, onViewed);
    return () => {
      document.removeEventListener('visibilitychange', whenVisible);
      window.removeEventListener(VIEWED_EVENT, onViewed);
      window.clearInterval(timer);
      unsubscribe();
    };
  }, [load]);
  const markViewed = useCallback(async (ids?: string[]) => {
    try {
      await notificationsApi.markViewed(ids);
    } catch {
      return; // still unread on the server: shown as unread, marked again next time
    }
    setState((current) => markShown(current, ids));
    announceViewed(ids, 'box');
  }, []);
  return { state, reload: load, markViewed };
}

function markShown(current: State, ids?: string[]): State {
  if (current.status !== 'ready') return current;
  const notifications = current.list.notifications.map((n) =>
    !ids || ids.includes(n.id) ? { ...n, viewed: true } : n,
  );
  const marked = current.list.notifications.filter((n) => !n.viewed && (!ids || ids.includes(n.id))).length;
  return {
    status: 'ready',
    list: { ...current.list, notifications, unviewedCount: ids ? Math.max(0, current.list.unviewedCount - marked) : 0 },
  };
}

/** The header's bell: unread count, the latest notifications, mark as read. */
export function NotificationsBox() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  usePopover(open, setOpen, root, button);
  const { state, reload, markViewed } = useNotifications();
  const unread = state.status === 'ready' ? state.list.unviewedCount : 0;
  const toggle = () => {
    if (!open) void reload(true);
    setOpen(!open);
  };
  return (
    <div className="acc-popover-anchor account-menu__notifications" ref={root}>
      <button
        ref={button}
        type="button"
        className="acc-icon-button"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <path
            d="M9.5 19.5a2.5 2.5 0 0 0 5 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
        {unread ? (
          <span className="acc-badge" aria-hidden="true">
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="acc-popover acc-notifications-popover" id={panelId} role="region" aria-label="Notifications">
          <div className="acc-notifications__head">
            <h2 className="acc-popover__title">Notifications</h2>
            {unread ? (
              <button type="button" className="acc-link-button" onClick={() => void markViewed()}>
                Mark all as read
              </button>
            ) : null}
          </div>
          {state.status === 'loading' ? (
            <p className="acc-popover__empty" role="status">
              Loading…
            </p>
          ) : null}
          {state.status === 'error' ? (
            <p className="acc-popover__empty" role="alert">
              <span>{DiagramTexts.notificationsFailed}</span>
              <button
                type="button"
                className="acc-link-button acc-notifications__retry"
                onClick={() => void reload(true)}
              >
                Try again
              </button>
            </p>
          ) : null}
          {state.status === 'ready' && state.list.notifications.length === 0 ? (
            <p className="acc-popover__empty">No notifications yet</p>
          ) : null}
          {state.status === 'ready' && state.list.notifications.length > 0 ? (
            <ul className="acc-notifications">
              {state.list.notifications.map((n) => (
                <NotificationItem
                  key={n.id}
                  notification={n}
                  onOpen={() => {
                    void markViewed([n.id]);
                    setOpen(false);
                  }}
                />
              ))}
            </ul>
          ) : null}
          <p className="acc-notifications__foot">
            <Link to="/notifications" onClick={() => setOpen(false)}>
              See all notifications
            </Link>
          </p>
        </div>
      ) : null}
    </div>
  );
}

function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  return (
    <li className={`acc-notification acc-notification--${n.type}${n.viewed ? '' : ' is-unread'}`}>
      <NotificationLink notification={n} onOpen={onOpen} />
    </li>
  );
}
