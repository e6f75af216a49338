import type { ContentOf, notificationEndpoints, QueryOf } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type N = typeof notificationEndpoints;
export type NotificationList = ContentOf<N['list']>;

export const notificationsApi = {
  list: (limit = 10) => api.notification.list({ query: { limit: String(limit) } }),
  /** The center: one page, optionally of one type. */
  page: (query: { page: number; limit: number; type?: string }) =>
    api.notification.list({
      query: {
        page: String(query.page),
        limit: String(query.limit),
        ...(query.type ? { type: query.type as QueryOf<N['list']>['type'] } : {}),
      },
    }),
  /** No ids: every notification. */
  markViewed: (ids?: string[]) => api.notification.markViewed({ body: ids ? { ids } : {} }),
};
