import { TeamTexts } from '@loopwright/contracts';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';

export interface Feedback {
  kind: 'error' | 'success';
  text: string;
  /** A plan limit, or team features without a paid plan: say how to get more. */
  upgrade?: boolean;
}

/** An API error as the team screens show it: the spec's text, plus the upgrade prompt for limits. */
export function feedbackOf(error: unknown): Feedback {
  const upgrade = error instanceof ApiError && error.ui === 'upgrade';
  return { kind: 'error', text: errorMessage(error), upgrade };
}

/** The invitation was refused because every seat is taken (PLAN_LIMIT_REACHED with the team's seats). */
export function isSeatLimit(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'PLAN_LIMIT_REACHED' && isSeatDetails(error.details);
}

export function isSeatDetails(details: unknown): boolean {
  return typeof details === 'object' && details !== null && 'seats' in details;
}

export function FeedbackLine({ feedback }: { feedback: Feedback | null }) {
  if (!feedback) return <div aria-live="polite" />;
  return (
    <div
      className={`acc-notice acc-notice--${feedback.kind} team-feedback`}
      role={feedback.kind === 'error' ? 'alert' : 'status'}
    >
      <span>{feedback.text}</span>
      {/* The upgrade prompt itself is the app-wide dialog (features/plans) that every limit error opens; the line keeps the context. */}
      {feedback.upgrade ? (
        <span className="team-upgrade">
          {' '}
          {TeamTexts.seatLimitHint} <Link to="/plans">Compare plans</Link>
        </span>
      ) : null}
    </div>
  );
}
