import type { MetaFunction } from 'react-router';
import { RequireAccount } from '../features/account/guards';
import { RecentActivity } from '../features/community/recent-activity';
import '../features/community/community.css';

export const meta: MetaFunction = () => [
  { title: 'Recent Activity — Loopwright' },
  { name: 'robots', content: 'noindex' },
];

export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="activity-page" role="status">
      Loading…
    </div>
  );
}

/** Recent Activity in the app (app.md: users find notifications, Recent Activity and settings): the same feed as on the community page. */
export default function ActivityRoute() {
  return (
    <RequireAccount>
      {(user) => (
        <main className="activity-page">
          {user.username ? (
            <RecentActivity username={user.username} />
          ) : (
            <p className="muted">Choose a username to take part in the community.</p>
          )}
        </main>
      )}
    </RequireAccount>
  );
}
