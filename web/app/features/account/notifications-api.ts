import type { ContentOf, notificationEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type N = typeof notificationEndpoints;
export type NotificationList = ContentOf<N['list']>;

export const notificationsApi = {
  list: (limit = 10) => api.get<NotificationList>('/notifications', { query: { limit: String(limit) } }),
  /** No ids: every notification. */
  markViewed: (ids?: string[]) => api.post<ContentOf<N['markViewed']>>('/notifications/mark-as-viewed', ids ? { ids } : {}),
};
