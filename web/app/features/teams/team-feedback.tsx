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
