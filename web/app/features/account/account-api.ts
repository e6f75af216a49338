import type { adminEndpoints, authEndpoints, BodyOf, ContentOf, QueryOf, userEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

// Typed calls of the accounts area. Request and response types come from the endpoint contracts in
// packages/contracts (type-only: no zod in the page bundle); nothing here re-declares them.
type A = typeof authEndpoints;
type U = typeof userEndpoints;
type M = typeof adminEndpoints;

export type SessionInfo = ContentOf<A['listSessions']>['sessions'][number];
export type ApiKeySummary = NonNullable<ContentOf<U['getApiKey']>['key']>;
export type MailSettingsView = ContentOf<M['getMailSettings']>;
export type MailSettingsInput = Omit<BodyOf<M['saveMailSettings']>, 'to'>;
export type MailLogEntry = ContentOf<M['mailLog']>['entries'][number];
export type MailStatus = NonNullable<QueryOf<M['mailLog']>['status']>;
export type ProfileInput = BodyOf<U['updateProfile']>;
export type OnboardingInput = BodyOf<U['completeOnboarding']>;
type UserContent = ContentOf<A['userinfo']>;
type Message = { message: string };

export const accountApi = {
  userinfo: () => api.get<UserContent>('/oauth2/userinfo').then((c) => c.user),
  refresh: () => api.post<ContentOf<A['refresh']>>('/oauth2/refresh', {}),
  login: (body: BodyOf<A['login']>) => api.post<UserContent>('/oauth2/login', body).then((c) => c.user),
  logout: () => api.post<Message>('/oauth2/logout', {}),
  register: (body: BodyOf<A['register']>) => api.post<ContentOf<A['register']>>('/oauth2/register', body),
  confirmEmail: (token: string) => api.post<Message>('/oauth2/confirm-email', { token }),
  resendConfirmation: (email: string) => api.post<Message>('/oauth2/resend-confirmation', { email }),
  recoverPassword: (email: string) => api.post<Message>('/oauth2/password/recover', { email }),
  resetPassword: (body: BodyOf<A['resetPassword']>) => api.post<Message>('/oauth2/password/reset', body),
  changePassword: (body: BodyOf<A['changePassword']>) => api.post<Message>('/oauth2/password/change', body),
  sessions: () => api.get<ContentOf<A['listSessions']>>('/sessions').then((c) => c.sessions),
  revokeSession: (id: string) => api.delete<Message>(`/sessions/${encodeURIComponent(id)}`),

  updateProfile: (body: ProfileInput) => api.patch<UserContent>('/users/me/profile', body).then((c) => c.user),
  completeOnboarding: (body: OnboardingInput) =>
    api.post<UserContent>('/users/me/onboarding', body).then((c) => c.user),
  usernameAvailable: (username: string, signal?: AbortSignal) =>
    api
      .get<ContentOf<U['usernameAvailable']>>('/users/username-available', { query: { username }, signal })
      .then((c) => c.available),
  setPrivacy: (isPrivateAccount: boolean, confirmIrreversible?: boolean) =>
    api.patch<UserContent>('/users/me/privacy', { isPrivateAccount, confirmIrreversible }).then((c) => c.user),
  uploadImage: (kind: 'avatar' | 'cover', file: File) =>
    api.put<UserContent>(`/users/me/images/${kind}`, file, { contentType: file.type }).then((c) => c.user),
  deleteImage: (kind: 'avatar' | 'cover') => api.delete<UserContent>(`/users/me/images/${kind}`).then((c) => c.user),
  getApiKey: () => api.get<ContentOf<U['getApiKey']>>('/users/me/api-key').then((c) => c.key),
  createApiKey: () => api.post<ContentOf<U['createApiKey']>>('/users/me/api-key', {}),
  revokeApiKey: () => api.delete<Message>('/users/me/api-key'),

  setupStatus: () => api.get<ContentOf<M['setupStatus']>>('/admin/setup'),
  setupAdmin: (body: Omit<BodyOf<M['setup']>, 'confirmPassword'>) =>
    api.post<UserContent>('/admin/setup', body).then((c) => c.user),
  mailSettings: () => api.get<MailSettingsView>('/admin/mail-settings'),
  saveMailSettings: (body: MailSettingsInput) => api.put<MailSettingsView>('/admin/mail-settings', body),
  deleteMailSettings: () => api.delete<MailSettingsView>('/admin/mail-settings'),
  testMail: (body: BodyOf<M['testMail']>) => api.post<Message>('/admin/mail-settings/test', body),
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
