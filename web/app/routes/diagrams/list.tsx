import type { MetaFunction } from 'react-router';
import { RequireAccount } from '../../features/account/guards';
import { DiagramList } from '../../features/diagrams/diagram-list';

export const meta: MetaFunction = () => [{ title: 'My Diagrams — Loopwright' }, { name: 'robots', content: 'noindex' }];

export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="diagram-list" role="status">
      Loading…
    </div>
  );
}

export default function DiagramsRoute() {
  return <RequireAccount>{() => <DiagramList />}</RequireAccount>;
}
