import { prefix, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import { accountRoutes } from './route-groups/account';
import { appRoutes } from './route-groups/app';
import { websiteRoutes } from './route-groups/website';

/** Every route exists both without a prefix and under /en; ids keep the two apart. */
function localized(idPrefix: string): RouteConfigEntry[] {
  return [
    ...websiteRoutes(idPrefix),
    ...accountRoutes(idPrefix),
    ...appRoutes(idPrefix),
    route('*', 'routes/not-found.tsx', { id: `${idPrefix}not-found` }),
  ];
}

export default [...localized(''), ...prefix('en', localized('en/'))] satisfies RouteConfig;
