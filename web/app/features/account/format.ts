/** "12 Nov 2026, 14:05": dates in settings, sessions and the mail log. */
export const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
