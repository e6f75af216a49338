import { describe, expect, it } from 'vitest';
import { calendarDate, editedAgo, relativeDate } from './dates';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const now = new Date(2026, 10, 24, 12, 0).getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('edited-ago labels (spec §9)', () => {
  it.each([
    [0, 'a few minutes ago'],
    [14 * MIN + 59_000, 'a few minutes ago'],
    [15 * MIN, '15 minutes ago'],
    [59 * MIN, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [DAY, '1 day ago'],
    [30 * DAY, '30 days ago'],
    [31 * DAY, 'more than 1 month'],
    [364 * DAY, 'more than 1 month'],
    [365 * DAY, 'more than 1 year'],
    [3 * 365 * DAY, 'more than 1 year'],
  ])('%i ms ago is "%s"', (ms, label) => {
    expect(editedAgo(ago(ms), now)).toBe(label);
  });
});

describe('relative dates under a week, else MMM DD, YYYY', () => {
  it.each([
    [10_000, 'just now'],
    [MIN, '1 minute ago'],
    [5 * HOUR, '5 hours ago'],
    [DAY, 'yesterday'],
    [6 * DAY, '6 days ago'],
  ])('%i ms ago is "%s"', (ms, label) => {
    expect(relativeDate(ago(ms), now)).toBe(label);
  });

  it('a week or more ago, and the future, are calendar dates with a two-digit day', () => {
    expect(relativeDate(new Date(2026, 10, 17, 12, 0).toISOString(), now)).toBe('Nov 17, 2026');
    expect(relativeDate(new Date(2025, 0, 4, 9, 30).toISOString(), now)).toBe('Jan 04, 2025');
    expect(relativeDate(new Date(2026, 11, 1).toISOString(), now)).toBe('Dec 01, 2026');
    expect(calendarDate(new Date(2026, 1, 28))).toBe('Feb 28, 2026');
  });
});
