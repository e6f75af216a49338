/**
 * Every date the app shows goes through here (spec §9):
 * - `editedAgo`: the "edited" label of diagrams — under 15 minutes 'a few minutes ago', then
 *   minutes up to an hour, then days up to 30, then 'more than 1 month', then 'more than 1 year'.
 *   The spec says nothing between one hour and one day; we say hours there.
 * - `relativeDate`: relative under one week ("3 hours ago", "yesterday"), else MMM DD, YYYY ("Nov 04, 2026").
 * Dates are shown in the reader's time zone; pass `now` in tests.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const toTime = (at: string | Date | number): number =>
  at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

export function editedAgo(at: string | Date | number, now: number = Date.now()): string {
  const ms = Math.max(0, now - toTime(at));
  if (ms < 15 * MINUTE) return 'a few minutes ago';
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return plural(Math.floor(ms / HOUR), 'hour');
  if (ms <= 30 * DAY) return plural(Math.floor(ms / DAY), 'day');
  if (ms < 365 * DAY) return 'more than 1 month';
  return 'more than 1 year';
}

/** MMM DD, YYYY: "Nov 04, 2026". */
export function calendarDate(at: string | Date | number): string {
  const d = new Date(toTime(at));
  return `${MONTHS[d.getMonth()]} ${String(d.getDate()).padStart(2, '0')}, ${d.getFullYear()}`;
}

/** Relative under one week, else MMM DD, YYYY. */
export function relativeDate(at: string | Date | number, now: number = Date.now()): string {
  const time = toTime(at);
  const ms = now - time;
  if (ms < 0 || ms >= 7 * DAY) return calendarDate(time);
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return plural(Math.floor(ms / HOUR), 'hour');
  const days = Math.floor(ms / DAY);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** The exact moment, for a tooltip: "Nov 04, 2026, 14:05". */
export function exactDate(at: string | Date | number): string {
  const d = new Date(toTime(at));
  return `${calendarDate(d)}, ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}
