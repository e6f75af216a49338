import { RealtimeEvents, type Notification, type NotificationType } from '@loopwright/contracts';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { subscribeLive } from '../../lib/live-socket';
import { DiagramTexts } from '../../lib/spec';
import { notificationsApi, type NotificationList } from './notifications-api';
import { announceViewed, NotificationLink, TYPE_LABEL, VIEWED_EVENT } from './notification-item';
import './notifications.css';

const PAGE_SIZE = 20;
type Filter = NotificationType | 'all';
const FILTERS: Filter[] = ['all', 'info', 'warning', 'error'];
const FILTER_LABEL: Record<Filter, string> = { all: 'All', info: 'Info', warning: 'Warnings', error: 'Errors' };

/** /notifications: every notification, newest first, paged, by type; mark one or all as viewed. New ones arrive live. */
export function NotificationsCenter() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const [list, setList] = useState<NotificationList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setList(await notificationsApi.page({ page, limit: PAGE_SIZE, type: filter === 'all' ? undefined : filter }));
      setError(null);
    } catch {
      setError(DiagramTexts.notificationsFailed);
    }
  }, [page, filter]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(
    () =>
      subscribeLive(
        RealtimeEvents.notification,
        (payload) => {
          const n = payload as Notification;
          setList((current) => {
            if (!current || current.notifications.some((x) => x.id === n.id)) return current;
            const counts = { unviewedCount: current.unviewedCount + (n.viewed ? 0 : 1) };
            if (page !== 1 || (filter !== 'all' && filter !== n.type)) return { ...current, ...counts };
            return {
              ...current,
              ...counts,
              total: current.total + 1,
              notifications: [n, ...current.notifications].slice(0, PAGE_SIZE),
            };
          });
        },
        () => void load(),
      ),
    [page, filter, load],
  );
  useEffect(() => {
    // Marked in the header's box: mirror it here.
    const onViewed = (e: Event) => {
      const { ids, from } = (e as CustomEvent<{ ids?: string[]; from: string }>).detail;
      if (from === 'box') setList((current) => current && mark(current, ids));
    };
    window.addEventListener(VIEWED_EVENT, onViewed);
    return () => window.removeEventListener(VIEWED_EVENT, onViewed);
  }, []);
  const markViewed = async (ids?: string[]) => {
    try {
      await notificationsApi.markViewed(ids);
      setList((current) => current && mark(current, ids));
      announceViewed(ids);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const pages = list ? Math.max(1, Math.ceil(list.total / PAGE_SIZE)) : 1;
  return (
    <div className="ntf-center">
      <header className="ntf-center__head">
        <h1>Notifications</h1>
        {list && list.unviewedCount ? (
          <button type="button" className="button button--ghost" onClick={() => void markViewed()}>
            Mark all as viewed
          </button>
        ) : null}
      </header>
      <div className="ntf-center__filters" role="group" aria-label="Show">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="ntf-filter"
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setPage(1);
            }}
          >
            {FILTER_LABEL[f]}
          </button>
        ))}
        {list ? (
          <span className="ntf-center__count" aria-live="polite">
            {list.unviewedCount ? `${list.unviewedCount} not viewed` : 'All viewed'}
          </span>
        ) : null}
      </div>
      {error ? (
        <p className="diagram-list__error" role="alert">
          {error}{' '}
          <button type="button" className="acc-link-button" onClick={() => void load()}>
            Try again
          </button>
        </p>
      ) : null}
      {list === null && !error ? <p role="status">Loading…</p> : null}
      {list && list.notifications.length === 0 ? (
        <p className="ntf-center__empty">
          {filter === 'all' ? 'No notifications yet.' : `No ${FILTER_LABEL[filter].toLowerCase()}.`}
        </p>
      ) : null}
      {list && list.notifications.length > 0 ? (
        <ul className="ntf-list" aria-label="Notifications">
          {list.notifications.map((n) => (
            <li
              key={n.id}
              className={`ntf-item acc-notification acc-notification--${n.type}${n.viewed ? '' : ' is-unread'}`}
              aria-label={`${TYPE_LABEL[n.type]}${n.viewed ? '' : ', not viewed'}`}
            >
              <NotificationLink
                notification={n}
                className="ntf-item__main"
                onOpen={() => {
                  if (!n.viewed) void markViewed([n.id]);
                }}
              />
              {n.viewed ? (
                <span className="ntf-item__viewed">Viewed</span>
              ) : (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => void markViewed([n.id])}
                  aria-label={`Mark “${n.title ?? n.message}” as viewed`}
                >
                  Mark as viewed
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {list && pages > 1 ? (
        <nav className="ntf-pager" aria-label="Pages">
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Newer
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Older
          </button>
        </nav>
      ) : null}
    </div>
  );
}

function mark(list: NotificationList, ids?: string[]): NotificationList {
  const marked = list.notifications.filter((n) => !n.viewed && (!ids || ids.includes(n.id))).length;
  return {
    ...list,
    notifications: list.notifications.map((n) => (!ids || ids.includes(n.id) ? { ...n, viewed: true } : n)),
    unviewedCount: ids ? Math.max(0, list.unviewedCount - marked) : 0,
  };
}
