import type { TeamInvitation } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { Link, useParams, type MetaFunction } from 'react-router';
import { AuthCard, PageLoading, PageTitle, StatusIcon } from '../../features/account/page-shell';
import { useSession } from '../../features/account/session';
import { FeedbackLine, feedbackOf, type Feedback } from '../../features/teams/team-feedback';
import { teamsApi } from '../../features/teams/teams-api';
import { PendingInvitations } from '../../features/teams/pending-invitations';

export const meta: MetaFunction = () => [
  { title: 'Team invitation — Loopwright' },
  { name: 'robots', content: 'noindex' },
];

export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageLoading label="Loading the invitation" />;
}

/**
 * /invitations/:key — the link of the invitation e-mail (key = token) or of the notification
 * (key = invitation id): accept or decline. Without an account: log in or sign up first.
 * /invitations — every pending invitation of the signed-in user.
 */
export default function InvitationPage() {
  const { key } = useParams();
  const session = useSession();
  const [invitation, setInvitation] = useState<TeamInvitation | null | undefined>(undefined);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!key || !session.fetchUserComplete) return;
    teamsApi.invitation(key).then(setInvitation, (e: unknown) => {
      setInvitation(null);
      setFeedback(feedbackOf(e));
    });
  }, [key, session.fetchUserComplete]);

  if (!key) {
    return (
      <AuthCard title="Team invitations" wide>
        <PageTitle>Team invitations</PageTitle>
        {session.user ? (
          <PendingInvitations />
        ) : (
          <p>
            <Link to="/login?returnTo=%2Finvitations">Log in</Link> to see your invitations.
          </p>
        )}
        <p className="acc-auth-card__footer">
          <Link to="/settings/team">Team members</Link> · <Link to="/diagrams">My Diagrams</Link>
        </p>
      </AuthCard>
    );
  }
  if (invitation === undefined) return <PageLoading label="Loading the invitation" />;
  const here = `/invitations/${encodeURIComponent(key)}`;
  const answer = async (accept: boolean) => {
    setBusy(true);
    setFeedback(null);
    try {
      const result = accept ? await teamsApi.accept(key) : await teamsApi.decline(key);
      setInvitation(result);
      setFeedback({
        kind: 'success',
        text: accept ? `You joined the team ${result.teamName}.` : 'You declined the invitation.',
      });
    } catch (e) {
      setFeedback(feedbackOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard
      title={invitation ? `Join the team ${invitation.teamName}` : 'Team invitation'}
      icon={<StatusIcon kind={invitation ? 'mail' : 'error'} />}
    >
      <PageTitle>Team invitation</PageTitle>
      {invitation ? (
        <p className="acc-auth-card__lead">
          <strong>{invitation.invitedBy}</strong> invited <strong>{invitation.email}</strong> to join the team{' '}
          <strong>{invitation.teamName}</strong>. Team members see and edit the diagrams in the team folder.
        </p>
      ) : null}
      <FeedbackLine feedback={feedback} />
      {invitation?.status === 'pending' ? (
        session.user ? (
          <div className="acc-panel__actions">
            <button type="button" className="button" disabled={busy} onClick={() => void answer(false)}>
              Decline
            </button>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void answer(true)}>
              Accept and join
            </button>
          </div>
        ) : (
          <div className="acc-panel__actions">
            <Link className="button" to={`/login?returnTo=${encodeURIComponent(here)}`}>
              Log in to answer
            </Link>
            <Link
              className="button button--primary"
              to={`/register?${new URLSearchParams({ email: invitation.email, invitation: key, returnTo: '/diagrams?list=team' })}`}
            >
              Create an account
            </Link>
          </div>
        )
      ) : null}
      {invitation?.status === 'accepted' ? (
        <Link className="button button--primary acc-button--block" to="/diagrams?list=team">
          Open the team folder
        </Link>
      ) : null}
      {!session.user && invitation?.status === 'pending' ? (
        <p className="acc-field__hint">
          New here? Create an account with {invitation.email}: this link confirms the address, and you land in the team.
        </p>
      ) : null}
    </AuthCard>
  );
}
