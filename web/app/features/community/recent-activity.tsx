import {
  CommunityRules,
  CommunityTabTexts,
  DiagramTexts,
  RealtimeEvents,
  TrackingEvents,
  type ActivityItem,
} from '@loopwright/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { failureText } from '../../lib/failure-text';
import { subscribeLive } from '../../lib/live-socket';
import { When } from '../../ui/when';
import { track } from '../tracking/track';
import { communityApi } from './community-api';

interface FeedState {
  list: ActivityItem[];
  lastPage: number;
  page: number;
  hasNew: boolean;
  hasMore: boolean;
}

/** The items of `list` that `shown` does not hold yet. */
const notShown = (list: ActivityItem[], shown: ActivityItem[]) => list.filter((i) => !shown.some((s) => s.id === i.id));

/** Page 1 read again (a live nudge): its items not shown yet go on top, the pages already loaded stay. */
function withFirstPage(previous: FeedState | null, next: FeedState): FeedState {
  if (!previous) return next;
  return { ...previous, list: [...notShown(next.list, previous.list), ...previous.list], hasNew: next.hasNew };
}

/**
 * Recent Activity (app.md §3, §4): pages of 10 appended on "Load more"; the new items a page shows
 * are marked viewed (their ids sent, then the list of viewed ids reset); hasNew while any is new.
 * New items arrive live: the server nudges the user's socket and page 1 is read again.
 */
export function RecentActivity({ username }: { username: string }) {
  const [feed, setFeed] = useState<FeedState | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const idsViewed = useRef<string[]>([]);

  const markShown = useCallback(
    async (items: ActivityItem[]) => {
      idsViewed.current.push(...items.filter((i) => i.isNew).map((i) => i.id));
      if (!idsViewed.current.length) return;
      const ids = idsViewed.current;
      idsViewed.current = [];
      await communityApi.markActivity(ids, username).catch(() => undefined); // the spec does not read this answer
    },
    [username],
  );

  const load = useCallback(
    async (page: number, live = false) => {
      setLoading(true);
      setError(null);
      try {
        const next = await communityApi.activityFeed(page, CommunityRules.activityPageSize);
        const state = {
          list: next.list,
          lastPage: next.lastPage,
          page: next.page,
          hasNew: next.hasNew,
          hasMore: next.hasMore,
        };
        setFeed((previous) => {
          if (live) return withFirstPage(previous, state);
          if (page === 1 || !previous) return state;
          return { ...state, list: [...previous.list, ...notShown(next.list, previous.list)] };
        });
        await markShown(next.list);
      } catch (e) {
        setError(failureText(DiagramTexts.activityFeedFailed, e));
      } finally {
        setLoading(false);
      }
    },
    [markShown],
  );

  useEffect(() => {
    void load(1);
    track(TrackingEvents.activityFeedView, { label: username }); // website.md §3: "Activity feed view"
  }, [load, username]);

  useEffect(() => {
    const refresh = () => void load(1, true);
    return subscribeLive(RealtimeEvents.activity, refresh, refresh);
  }, [load]);

  return (
    <section className="recent-activity card" aria-labelledby="recent-activity-title" aria-busy={loading}>
      <h2 id="recent-activity-title">
        {CommunityTabTexts.recentActivity}
        {feed?.hasNew ? (
          <span className="recent-activity__dot" role="status">
            New
          </span>
        ) : null}
      </h2>
      {error ? (
        <p className="recent-activity__error" role="alert">
          {error}
        </p>
      ) : null}
      {feed && !feed.list.length ? <p className="muted">{CommunityTabTexts.noActivity}</p> : null}
      {feed?.list.length ? (
        <ol className="recent-activity__list">
          {feed.list.map((item) => (
            <li
              key={item.id}
              className={item.isNew ? 'recent-activity__item is-new' : 'recent-activity__item'}
              data-type={item.type}
            >
              <p>
                {item.diagram ? (
                  <Link to={item.diagram.url}>{item.text}</Link>
                ) : item.user && !item.aboutCurrentUser ? (
                  <Link to={`/community/${item.user.username}/profile`}>{item.text}</Link>
                ) : (
                  item.text
                )}
                {item.isNew ? <span className="recent-activity__new">New</span> : null}
              </p>
              <p className="muted recent-activity__when">
                <When at={item.createdAt} />
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      {feed?.hasMore ? (
        <button
          type="button"
          className="button button--ghost"
          disabled={loading}
          onClick={() => void load(feed.page + 1)}
        >
          {CommunityTabTexts.loadMore}
        </button>
      ) : null}
      {!feed && loading ? <p className="muted">Loading…</p> : null}
    </section>
  );
}
