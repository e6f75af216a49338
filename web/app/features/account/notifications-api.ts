import type { ContentOf, notificationEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type N = typeof notificationEndpoints;
export type NotificationList = ContentOf<N['list']>;

export const notificationsApi = {
  list: (limit = 10) => api.get<NotificationList>('/notifications', { query: { limit: String(limit) } }),
  /** The center: one page, optionally of one type. */
  page: (query: { page: number; limit: number; type?: string }) =>
    api.get<NotificationList>('/notifications', {
      query: { page: String(query.page), limit: String(query.limit), ...(query.type ? { type: query.type } : {}) },
    }),
  /** No ids: every notification. */
  markViewed: (ids?: string[]) =>
    api.post<ContentOf<N['markViewed']>>('/notifications/mark-as-viewed', ids ? { ids } : {}),
};
