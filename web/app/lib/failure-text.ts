import { errorMessage } from './api-client';

/**
 * The spec's text for an action that failed, then why when we know: "Failed loading play history
 * items: The server took too long to answer. Please try again." Whatever went wrong (the server's
 * refusal, a lost connection, a reason the server stored), the person reads the spec's words first.
 */
export function failureText(text: string, cause: unknown): string {
  const why = typeof cause === 'string' ? cause : errorMessage(cause);
  return !why || why === text ? text : `${text}: ${why}`;
}
