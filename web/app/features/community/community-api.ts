import type { BodyOf, communityEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type C = typeof communityEndpoints;

/** The community calls the browser makes: Recent Activity, view counting, the admin spotlight. */
export const communityApi = {
  activityFeed: (page: number, count = 10) =>
    api.community.activityFeed({ query: { page: String(page), count: String(count) } }),
  markActivity: (activityIds: string[], username?: string) =>
    api.community.markActivity({
      body: {
        activityIds,
        ...(username ? { username } : {}),
      },
    }),
  recordView: (body: BodyOf<C['recordView']>) => api.community.recordView({ body }),
  spotlights: () => api.community.spotlights(),
  addSpotlight: (body: BodyOf<C['addSpotlight']>) => api.community.addSpotlight({ body }),
  removeSpotlight: (kind: 'diagram' | 'designer', key: string) =>
    api.community.removeSpotlight({ params: { kind, key } }),
  runOfTheMonth: () => api.community.runOfTheMonth(),
};
