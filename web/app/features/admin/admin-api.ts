import type { adminEndpoints, ContentOf, QueryOf } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

// Typed calls of the administration screens (users and the mail log); types from the contracts.
type M = typeof adminEndpoints;

export type MailLogMessage = ContentOf<M['mailLogMessage']>;
type UserAnswer = ContentOf<M['confirmUser']>;
/** A list query as the screens send it (the contract coerces the page from the query string). */
type ListQuery<E extends M['mailLog'] | M['users']> = Omit<QueryOf<E>, 'page'> & { page: number };

export const adminApi = {
  mailLog: (query: ListQuery<M['mailLog']>) => api.get<ContentOf<M['mailLog']>>('/admin/mail-log', { query }),
  mailMessage: (id: string) => api.get<MailLogMessage>(`/admin/mail-log/${encodeURIComponent(id)}`),
  users: (query: ListQuery<M['users']>) => api.get<ContentOf<M['users']>>('/admin/users', { query }),
  confirmUser: (id: string) => api.post<UserAnswer>(`/admin/users/${id}/confirm`),
  resendConfirmation: (id: string) => api.post<UserAnswer>(`/admin/users/${id}/resend-confirmation`),
  disableUser: (id: string) => api.post<UserAnswer>(`/admin/users/${id}/disable`),
  enableUser: (id: string) => api.post<UserAnswer>(`/admin/users/${id}/enable`),
  deleteUser: (id: string) => api.delete<ContentOf<M['deleteUser']>>(`/admin/users/${id}`),
};
