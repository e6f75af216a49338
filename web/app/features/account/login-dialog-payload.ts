/** What the login dialog carries along (its own module: the dialog's panel and its opener both need it). */
export interface LoginDialogPayload {
  /** A diagram link to open in a new tab once the visitor has an account (after a like). */
  link?: string;
}
