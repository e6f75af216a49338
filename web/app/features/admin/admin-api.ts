import type {
  adminEndpoints,
  auditEndpoints,
  BodyOf,
  ContentOf,
  QueryOf,
  ssoEndpoints,
  webhookEndpoints,
} from '@loopwright/contracts';
import { api } from '../../lib/api-client';

// Typed calls of the administration screens (users and the mail log); types from the contracts.
type M = typeof adminEndpoints;

export type MailLogMessage = ContentOf<M['mailLogMessage']>;
/** A list query as the screens send it (the contract coerces the page from the query string). */
type ListQuery<E extends M['mailLog'] | M['users']> = Omit<QueryOf<E>, 'page'> & { page: number };

type S = typeof ssoEndpoints;
export type SsoSettingsView = ContentOf<S['getSsoSettings']>;
export type SsoSettingsInput = BodyOf<S['saveSsoSettings']>;
export type AuditLogPage = ContentOf<(typeof auditEndpoints)['list']>;
type AuditQuery = Omit<QueryOf<(typeof auditEndpoints)['list']>, 'page'> & { page: number };

export type DisabledWebhooksPage = ContentOf<(typeof webhookEndpoints)['adminDisabled']>;

export const adminApi = {
  ssoSettings: () => api.sso.getSsoSettings(),
  saveSsoSettings: (body: SsoSettingsInput) => api.sso.saveSsoSettings({ body }),
  deleteSsoSettings: () => api.sso.deleteSsoSettings(),
  auditLog: (query: AuditQuery) => api.audit.list({ query }),
  mailLog: (query: ListQuery<M['mailLog']>) => api.admin.mailLog({ query }),
  mailMessage: (id: string) => api.admin.mailLogMessage({ params: { id } }),
  users: (query: ListQuery<M['users']>) => api.admin.users({ query }),
  confirmUser: (id: string) => api.admin.confirmUser({ params: { id } }),
  resendConfirmation: (id: string) => api.admin.resendConfirmation({ params: { id } }),
  disableUser: (id: string) => api.admin.disableUser({ params: { id } }),
  enableUser: (id: string) => api.admin.enableUser({ params: { id } }),
  deleteUser: (id: string) => api.admin.deleteUser({ params: { id } }),
  disabledWebhooks: (page: number) => api.webhook.adminDisabled({ query: { page } }),
  enableWebhook: (id: string) => api.webhook.adminEnable({ params: { id } }),
};
