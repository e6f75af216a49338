import type { Notification } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

export interface NotificationList {
  notifications: Notification[];
  unviewedCount: number;
}

export const notificationsApi = {
  list: (limit = 10) => api.get<NotificationList>('/notifications', { query: { limit: String(limit) } }),
  /** No ids: every notification. */
  markViewed: (ids?: string[]) => api.post<{ updated: number }>('/notifications/mark-as-viewed', ids ? { ids } : {}),
};
