import type { MetaFunction } from 'react-router';
import { RequireAccount } from '../features/account/guards';
import { NotificationsCenter } from '../features/notifications/notifications-center';

export const meta: MetaFunction = () => [
  { title: 'Notifications — Loopwright' },
  { name: 'robots', content: 'noindex' },
];

export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="ntf-center" role="status">
      Loading…
    </div>
  );
}

/** The notifications center. */
export default function NotificationsRoute() {
  return <RequireAccount>{() => <NotificationsCenter />}</RequireAccount>;
}
