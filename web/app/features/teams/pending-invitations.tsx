import type { TeamInvitation } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { FeedbackLine, feedbackOf, type Feedback } from './team-feedback';
import { teamsApi } from './teams-api';
import './teams.css';

/**
 * Team invitations waiting for the signed-in user (by their e-mail address): accept or decline
 * here. Shown on the diagram list and the team page, so someone who signed up from an invitation
 * e-mail lands in the team with one click.
 */
export function PendingInvitations({ onAccepted }: { onAccepted?: (invitation: TeamInvitation) => void }) {
  const [invitations, setInvitations] = useState<TeamInvitation[]>([]);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  useEffect(() => {
    let live = true;
    teamsApi.invitations().then(
      (list) => live && setInvitations(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!invitations.length && !feedback) return null;
  const answer = async (invitation: TeamInvitation, accept: boolean) => {
    setFeedback(null);
    try {
      const result = accept ? await teamsApi.accept(invitation.id) : await teamsApi.decline(invitation.id);
      setInvitations((list) => list.filter((i) => i.id !== invitation.id));
      setFeedback({
        kind: 'success',
        text: accept ? `You joined the team ${result.teamName}.` : `You declined the invitation to ${result.teamName}.`,
      });
      if (accept) onAccepted?.(result);
    } catch (e) {
      setFeedback(feedbackOf(e));
    }
  };
  return (
    <section className="team-invitations" aria-label="Team invitations">
      <FeedbackLine feedback={feedback} />
      {invitations.map((i) => (
        <div key={i.id} className="team-invitation">
          <p>
            <strong>{i.invitedBy}</strong> invited you to join the team <strong>{i.teamName}</strong>.
          </p>
          <div className="team-actions">
            <button
              type="button"
              className="button button--primary acc-button--small"
              onClick={() => void answer(i, true)}
            >
              Accept
            </button>
            <button type="button" className="button acc-button--small" onClick={() => void answer(i, false)}>
              Decline
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
