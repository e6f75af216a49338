/** What the login dialog carries along (its own module: the dialog's panel and its opener both need it). */
export interface LoginDialogPayload {
  /** A diagram link to open in a new tab once the visitor has an account (after a like). */
  link?: string;
  /** Where to come back to after logging in or confirming a new account (default: this page). */
  returnTo?: string;
}
