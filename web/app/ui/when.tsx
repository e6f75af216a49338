import { exactDate, relativeDate } from '../lib/dates';

/** A date as the spec shows it (relative under a week, else MMM DD, YYYY), the exact time on hover. */
export function When({ at, className }: { at: string; className?: string }) {
  // Relative to "now": the server's and the browser's clocks render a moment apart.
  return (
    <time className={className} dateTime={at} title={exactDate(at)} suppressHydrationWarning>
      {relativeDate(at)}
    </time>
  );
}
