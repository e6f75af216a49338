import type { adminEndpoints, authEndpoints, BodyOf, ContentOf, QueryOf, userEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

// Typed calls of the accounts area. Request and response types come from the endpoint contracts in
// packages/contracts (type-only: no zod in the page bundle); nothing here re-declares them.
type A = typeof authEndpoints;
type U = typeof userEndpoints;
type M = typeof adminEndpoints;

export type SessionInfo = ContentOf<A['listSessions']>['sessions'][number];
export type ApiKeySummary = NonNullable<ContentOf<U['getApiKey']>['key']>;
export type ApiKeyUsage = ContentOf<U['getApiKey']>['usage'];
export type MailSettingsView = ContentOf<M['getMailSettings']>;
export type MailSettingsInput = Omit<BodyOf<M['saveMailSettings']>, 'to'>;
export type MailLogEntry = ContentOf<M['mailLog']>['entries'][number];
export type MailStatus = NonNullable<QueryOf<M['mailLog']>['status']>;
export type ProfileInput = BodyOf<U['updateProfile']>;
export type OnboardingInput = BodyOf<U['completeOnboarding']>;

export const accountApi = {
  userinfo: () => api.auth.userinfo().then((c) => c.user),
  refresh: () => api.auth.refresh({ body: {} }),
  login: (body: BodyOf<A['login']>) => api.auth.login({ body }).then((c) => c.user),
  logout: () => api.auth.logout(),
  register: (body: BodyOf<A['register']>) => api.auth.register({ body }),
  confirmEmail: (token: string) => api.auth.confirmEmail({ body: { token } }),
  resendConfirmation: (email: string) => api.auth.resendConfirmation({ body: { email } }),
  recoverPassword: (email: string) => api.auth.recoverPassword({ body: { email } }),
  resetPassword: (body: BodyOf<A['resetPassword']>) => api.auth.resetPassword({ body }),
  unlockAccount: (token: string) => api.auth.unlockAccount({ body: { token } }),
  changePassword: (body: BodyOf<A['changePassword']>) => api.auth.changePassword({ body }),
  sessions: () => api.auth.listSessions().then((c) => c.sessions),
  revokeSession: (id: string) => api.auth.revokeSession({ params: { id } }),

  updateProfile: (body: ProfileInput) => api.user.updateProfile({ body }).then((c) => c.user),
  completeOnboarding: (body: OnboardingInput) => api.user.completeOnboarding({ body }).then((c) => c.user),
  usernameAvailable: (username: string, signal?: AbortSignal) =>
    api.user.usernameAvailable({ query: { username } }, { signal }).then((c) => c.available),
  setPrivacy: (isPrivateAccount: boolean, confirmIrreversible?: boolean) =>
    api.user.setPrivacy({ body: { isPrivateAccount, confirmIrreversible } }).then((c) => c.user),
  uploadImage: (kind: 'avatar' | 'cover', file: File) =>
    api.user.uploadImage({ params: { kind }, body: file, contentType: file.type }).then((c) => c.user),
  deleteImage: (kind: 'avatar' | 'cover') => api.user.deleteImage({ params: { kind } }).then((c) => c.user),
  getApiKey: () => api.user.getApiKey(),
  createApiKey: () => api.user.createApiKey(),
  revokeApiKey: () => api.user.revokeApiKey(),

  setupStatus: () => api.admin.setupStatus(),
  setupAdmin: (body: Omit<BodyOf<M['setup']>, 'confirmPassword'>) => api.admin.setup({ body }).then((c) => c.user),
  proveInstanceId: (instanceId: string) => api.admin.proveInstanceId({ body: { instanceId } }),
  mailSettings: () => api.admin.getMailSettings(),
  saveMailSettings: (body: MailSettingsInput) => api.admin.saveMailSettings({ body }),
  deleteMailSettings: () => api.admin.deleteMailSettings(),
  testMail: (body: BodyOf<M['testMail']>) => api.admin.testMail({ body }),
};

/** The Google sign-in start: a full page navigation that comes back to `returnTo`. */
export function googleStartUrl(returnTo: string): string {
  return api.auth.googleStart.url({ query: { returnTo: safeReturnTo(returnTo) } });
}

/** Only same-site paths are followed after sign-in (no `//host` or `https:` tricks). */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
