/** What the login page says when single sign-on did not end in a session (`/login?sso=<reason>`). */
export const SsoTexts = {
  domainRefused:
    'Your e-mail address’s domain may not sign in to this instance. Use an address of your organisation, or ask your administrator.',
  providerDown:
    'The sign-in provider is not answering right now, so nobody can sign in through it. Please try again in a few minutes, or ask your administrator.',
  noAccount:
    'There is no Loopwright account for this e-mail address yet, and this instance does not create one on first sign-in. Ask your administrator to create it.',
  emailUnverified: 'Your sign-in provider has not verified your e-mail address, so it cannot be used to sign in here.',
  accountDisabled: 'This account is disabled. Please contact your administrator.',
  failed: 'Single sign-on did not work. Please try again, or ask your administrator if it keeps failing.',
  passwordLoginOff:
    'Your organisation signs in with single sign-on here, not with a password: use the “Log in with …” button on the login page.',
  settingsUnverified: 'The identity provider could not be reached',
} as const;

export const ssoFailureReasons = [
  'domain',
  'provider',
  'no-account',
  'unverified',
  'disabled',
  'failed',
] as const satisfies readonly string[];
export type SsoFailureReason = (typeof ssoFailureReasons)[number];
export const ssoFailureTexts: Record<SsoFailureReason, string> = {
  domain: SsoTexts.domainRefused,
  provider: SsoTexts.providerDown,
  'no-account': SsoTexts.noAccount,
  unverified: SsoTexts.emailUnverified,
  disabled: SsoTexts.accountDisabled,
  failed: SsoTexts.failed,
};

/**
 * What a password login, registration or reset answers for an address whose domain must use single
 * sign-on: the domain and the button to use instead.
 */
export function passwordLoginOffText(domain: string, label: string): string {
  return `Addresses at ${domain} sign in with single sign-on here, not with a password: use “Log in with ${label}” on the login page.`;
}
