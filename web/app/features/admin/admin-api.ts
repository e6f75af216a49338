import type { AdminUser, AdminUserState } from '@loopwright/contracts';
import { api } from '../../lib/api-client';
import type { MailLogEntry, MailStatus } from '../account/account-api';

/** Typed calls of the administration screens (users and the mail log). */

export interface MailLogMessage extends MailLogEntry {
  html: string | null;
  text: string | null;
  links: string[];
}
export interface Page<T> {
  entries: T[];
  total: number;
  page: number;
  pageSize: number;
}
type UserAnswer = { user: AdminUser; message: string };

export const adminApi = {
  mailLog: (query: { page: number; status?: MailStatus; search?: string }) => api.get<Page<MailLogEntry>>('/admin/mail-log', { query }),
  mailMessage: (id: string) => api.get<MailLogMessage>(`/admin/mail-log/${encodeURIComponent(id)}`),
  users: (query: { page: number; search?: string; state?: AdminUserState }) => api.get<Page<AdminUser>>('/admin/users', { query }),
  confirmUser: (id: string) => api.post<UserAnswer>(`/admin/users/${id}/confirm`),
  resendConfirmation: (id: string) => api.post<UserAnswer>(`/admin/users/${id}/resend-confirmation`),
  disableUser: (id: string) => api.post<UserAnswer>(`/admin/users/${id}/disable`),
  enableUser: (id: string) => api.post<UserAnswer>(`/admin/users/${id}/enable`),
  deleteUser: (id: string) => api.delete<{ message: string }>(`/admin/users/${id}`),
};
