import { relativeDate } from '../../lib/dates';

/** Dates in settings, sessions, notifications and the admin tables: the one format of lib/dates (relative under a week, else MMM DD, YYYY). */
export const dateTime = (iso: string) => relativeDate(iso);
