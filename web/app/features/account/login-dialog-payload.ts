import { localStore } from '../../lib/safe-storage';

/** What the login dialog carries along (its own module: the dialog's panel and its opener both need it). */
export interface LoginDialogPayload {
  /** A diagram link to open in a new tab once the visitor has an account (after a like). */
  link?: string;
  /** Where to come back to after logging in or confirming a new account (default: this page). */
  returnTo?: string;
}

/** Where the dialog keeps the payload's link across sign-up, e-mail confirmation and the first log-in (opened then in a new tab). */
export const OPEN_AFTER_SIGNUP_KEY = 'loopwright:open-after-signup';

export function rememberLinkForAfterSignup(link: string | undefined): void {
  if (!link) return;
  localStore.set(OPEN_AFTER_SIGNUP_KEY, link);
}

/** The remembered link, once (it is forgotten as it is read). */
export function takeLinkAfterSignup(): string | null {
  const link = localStore.get(OPEN_AFTER_SIGNUP_KEY);
  localStore.remove(OPEN_AFTER_SIGNUP_KEY);
  return link;
}
