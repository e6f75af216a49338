import type { ActivityFeed, BodyOf, communityEndpoints, ContentOf } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type C = typeof communityEndpoints;

/** The community calls the browser makes: Recent Activity, view counting, the admin spotlight. */
export const communityApi = {
  activityFeed: (page: number, count = 10) =>
    api.get<ActivityFeed>('/community/user/get-activity-feed', { query: { page: String(page), count: String(count) } }),
  markActivity: (activityIds: string[], username?: string) =>
    api.post<ContentOf<C['markActivity']>>('/community/user/mark-activity/', {
      activityIds,
      ...(username ? { username } : {}),
    }),
  recordView: (body: BodyOf<C['recordView']>) => api.post<ContentOf<C['recordView']>>('/community/views', body),
  spotlights: () => api.get<ContentOf<C['spotlights']>>('/community/spotlights'),
  addSpotlight: (body: BodyOf<C['addSpotlight']>) =>
    api.post<ContentOf<C['addSpotlight']>>('/community/spotlights', body),
  removeSpotlight: (kind: 'diagram' | 'designer', key: string) =>
    api.delete<ContentOf<C['removeSpotlight']>>(`/community/spotlights/${kind}/${encodeURIComponent(key)}`),
  runOfTheMonth: () => api.post<ContentOf<C['runOfTheMonth']>>('/community/of-the-month/run', {}),
};
