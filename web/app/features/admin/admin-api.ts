import type { adminEndpoints, ContentOf, QueryOf } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

// Typed calls of the administration screens (users and the mail log); types from the contracts.
type M = typeof adminEndpoints;

export type MailLogMessage = ContentOf<M['mailLogMessage']>;
/** A list query as the screens send it (the contract coerces the page from the query string). */
type ListQuery<E extends M['mailLog'] | M['users']> = Omit<QueryOf<E>, 'page'> & { page: number };

export const adminApi = {
  mailLog: (query: ListQuery<M['mailLog']>) => api.admin.mailLog({ query }),
  mailMessage: (id: string) => api.admin.mailLogMessage({ params: { id } }),
  users: (query: ListQuery<M['users']>) => api.admin.users({ query }),
  confirmUser: (id: string) => api.admin.confirmUser({ params: { id } }),
  resendConfirmation: (id: string) => api.admin.resendConfirmation({ params: { id } }),
  disableUser: (id: string) => api.admin.disableUser({ params: { id } }),
  enableUser: (id: string) => api.admin.enableUser({ params: { id } }),
  deleteUser: (id: string) => api.admin.deleteUser({ params: { id } }),
};
