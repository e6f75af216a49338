import type { AuthenticatedUser } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

/** Typed calls of the accounts area; paths and bodies as the contracts declare them. */

export interface SessionInfo {
  id: string;
  userAgent: string | null;
  ip: string | null;
  method: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}
export interface ApiKeySummary {
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface MailSettingsView {
  source: 'database' | 'environment' | 'none';
  settings: { sender: string; host: string; port: number; secure: boolean; username: string | null; hasPassword: boolean; updatedAt: string } | null;
  environment: { host: string; port: number; secure: boolean } | null;
}
export interface MailSettingsInput {
  instanceId: string;
  sender: string;
  host: string;
  port: number;
  secure: boolean;
  username?: string;
  password?: string;
}
export type MailStatus = 'queued' | 'sent' | 'failed' | 'stored';
export interface MailLogEntry {
  id: string;
  template: string;
  to: string;
  subject: string | null;
  status: MailStatus;
  error: string | null;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
}
export interface ProfileInput {
  firstName?: string;
  lastName?: string;
  jobTitle?: string;
  company?: string;
  city?: string;
  country?: string;
  countryCode?: string;
  about?: string;
  bio?: string;
  games?: { name: string; website?: string; storeLink?: string }[];
  socials?: { linkedin?: string; facebook?: string; discord?: string; twitter?: string };
}
export interface OnboardingInput {
  username: string;
  company?: string;
  privatePhone?: string;
  userRole?: string;
  designFocus?: string;
  developmentStage?: string;
  school?: string;
  projectDescription?: string;
  jobTitle?: string;
  companySize?: string;
  newsletter?: boolean;
}
type UserContent = { user: AuthenticatedUser };
type Message = { message: string };

export const accountApi = {
  userinfo: () => api.get<UserContent>('/oauth2/userinfo').then((c) => c.user),
  refresh: () => api.post<{ accessTokenExpiresAt: string }>('/oauth2/refresh', {}),
  login: (body: { email: string; password: string }) => api.post<UserContent>('/oauth2/login', body).then((c) => c.user),
  logout: () => api.post<Message>('/oauth2/logout', {}),
  register: (body: { email: string; password: string; confirmPassword?: string; acceptTerms?: boolean; captchaToken?: string }) =>
    api.post<{ segmentData: { email: string; method: string } }>('/oauth2/register', body),
  confirmEmail: (token: string) => api.post<Message>('/oauth2/confirm-email', { token }),
  resendConfirmation: (email: string) => api.post<Message>('/oauth2/resend-confirmation', { email }),
  recoverPassword: (email: string) => api.post<Message>('/oauth2/password/recover', { email }),
  resetPassword: (body: { token: string; password: string; confirmPassword: string }) => api.post<Message>('/oauth2/password/reset', body),
  changePassword: (body: { oldPassword?: string; password: string; confirmPassword: string }) => api.post<Message>('/oauth2/password/change', body),
  sessions: () => api.get<{ sessions: SessionInfo[] }>('/sessions').then((c) => c.sessions),
  revokeSession: (id: string) => api.delete<Message>(`/sessions/${encodeURIComponent(id)}`),

  updateProfile: (body: ProfileInput) => api.patch<UserContent>('/users/me/profile', body).then((c) => c.user),
  completeOnboarding: (body: OnboardingInput) => api.post<UserContent>('/users/me/onboarding', body).then((c) => c.user),
  usernameAvailable: (username: string, signal?: AbortSignal) =>
    api.get<{ available: boolean }>('/users/username-available', { query: { username }, signal }).then((c) => c.available),
  setPrivacy: (isPrivateAccount: boolean) => api.patch<UserContent>('/users/me/privacy', { isPrivateAccount }).then((c) => c.user),
  uploadImage: (kind: 'avatar' | 'cover', file: File) => api.put<UserContent>(`/users/me/images/${kind}`, file, { contentType: file.type }).then((c) => c.user),
  deleteImage: (kind: 'avatar' | 'cover') => api.delete<UserContent>(`/users/me/images/${kind}`).then((c) => c.user),
  getApiKey: () => api.get<{ key: ApiKeySummary | null }>('/users/me/api-key').then((c) => c.key),
  createApiKey: () => api.post<{ key: string; summary: ApiKeySummary }>('/users/me/api-key', {}),
  revokeApiKey: () => api.delete<Message>('/users/me/api-key'),

  setupStatus: () => api.get<{ needsAdmin: boolean }>('/admin/setup'),
  setupAdmin: (body: { instanceId: string; email: string; password: string }) => api.post<UserContent>('/admin/setup', body).then((c) => c.user),
  mailSettings: () => api.get<MailSettingsView>('/admin/mail-settings'),
  saveMailSettings: (body: MailSettingsInput) => api.put<MailSettingsView>('/admin/mail-settings', body),
  deleteMailSettings: () => api.delete<MailSettingsView>('/admin/mail-settings'),
  testMail: (body: MailSettingsInput & { to: string }) => api.post<Message>('/admin/mail-settings/test', body),
};

/** The Google sign-in start: a full page navigation that comes back to `returnTo`. */
export function googleStartUrl(returnTo: string): string {
  return `/api/oauth2/google/start?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/** Only same-site paths are followed after sign-in (no `//host` or `https:` tricks). */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
