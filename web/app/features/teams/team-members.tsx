import {
  createTeamBodySchema,
  inviteBodySchema,
  renameTeamBodySchema,
  TeamTexts,
  type Team,
  type TeamMember,
  type TeamRights,
} from '@loopwright/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Field, FormMessage, SubmitButton, TextField, useContractForm } from '../account/forms';
import { PageLoading } from '../account/page-shell';
import { FeedbackLine, feedbackOf, isSeatLimit, type Feedback } from './team-feedback';
import { PendingInvitations } from './pending-invitations';
import { AddSeatOffer, SeatsPanel } from './seat-change';
import { teamsApi } from './teams-api';
import './teams.css';
import { ConfirmButton } from '../../ui/confirm-button';

const STATE_LABELS: Record<TeamMember['state'], string> = {
  active: 'Active',
  suspended: 'Suspended',
  removed: 'Removed',
  invited: 'Invited',
};
const RIGHTS_LABELS: Record<TeamRights, string> = { editor: 'Can edit', viewer: 'Can view' };

/** Settings › Team members: the team, its members with their states, seats, invitations and team settings. */
export function TeamMembersScreen() {
  const [team, setTeam] = useState<Team | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(() => {
    teamsApi.mine().then(setTeam, (e: unknown) => setLoadError(feedbackOf(e).text));
  }, []);
  useEffect(load, [load]);
  if (loadError) return <FormMessage>{loadError}</FormMessage>;
  if (team === undefined) return <PageLoading label="Loading your team" />;
  if (team === null) return <NoTeam onCreated={setTeam} />;
  return <TeamScreen team={team} onChange={setTeam} />;
}

function NoTeam({ onCreated }: { onCreated: (team: Team) => void }) {
  const form = useContractForm(createTeamBodySchema, { name: '' });
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  return (
    <>
      <PendingInvitations onAccepted={() => void teamsApi.mine().then((t) => t && onCreated(t))} />
      <form
        className="acc-panel"
        noValidate
        aria-labelledby="create-team-title"
        onSubmit={(event) => {
          setFeedback(null);
          void form.submitWith(async (data) => onCreated(await teamsApi.create(data)), {
            onError: (e) => (setFeedback(feedbackOf(e)), true),
          })(event);
        }}
      >
        <h2 id="create-team-title">Create a team</h2>
        <p className="acc-panel__lead">
          A team shares a team folder: anyone in the team can edit its diagrams. {TeamTexts.paidPlanRequired}; every
          active or invited member takes a seat.
        </p>
        <FeedbackLine feedback={feedback} />
        <TextField label="Team name" required {...form.field('name')} />
        <div className="acc-panel__actions">
          <SubmitButton busy={form.submitting} busyLabel="Creating…" className="button button--primary">
            Create team
          </SubmitButton>
        </div>
      </form>
    </>
  );
}

function TeamScreen({ team, onChange }: { team: Team; onChange: (team: Team) => void }) {
  const owner = team.role === 'owner';
  // The owner and the team's admins manage members and invitations; an admin acts on plain members only.
  const manager = owner || team.role === 'admin';
  const canManage = (m: TeamMember) => (owner ? m.role !== 'owner' : manager && m.role === 'member');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, call: () => Promise<Team>, done: string) => {
    setBusy(key);
    setFeedback(null);
    try {
      onChange(await call());
      setFeedback({ kind: 'success', text: done });
    } catch (e) {
      setFeedback(feedbackOf(e));
    } finally {
      setBusy(null);
    }
  };
  const seats = team.downgraded
    ? `${team.seats.used} (no team plan)`
    : team.seats.total === null
      ? `${team.seats.used} of unlimited`
      : `${team.seats.used} / ${team.seats.total}`;
  return (
    <>
      {team.downgraded ? (
        <FormMessage kind="warning">
          {owner
            ? 'The team subscription has ended: members have no access to the team folder until you resume it. Nothing was deleted.'
            : TeamTexts.downgraded}
        </FormMessage>
      ) : null}
      <section className="acc-panel" aria-labelledby="members-title">
        <div className="team-head">
          <div>
            <h2 id="members-title">{team.name}</h2>
            <p className="acc-panel__lead team-head__lead">
              Owner: {team.owner.name} ({team.owner.email})
            </p>
          </div>
          <p className="team-seats" aria-label={`Seats used: ${seats}`}>
            <span>Seats used</span> <strong>{seats}</strong>
          </p>
        </div>
        {owner ? null : manager ? (
          <FormMessage kind="info">
            You are an admin of this team: you invite, suspend and remove members. Billing, seats and admins are the
            owner’s.
          </FormMessage>
        ) : (
          <FormMessage kind="info">
            {TeamTexts.managerOnly}. {TeamTexts.contactOwner}
          </FormMessage>
        )}
        <FeedbackLine feedback={feedback} />
        <div className="acc-table-wrap">
          <table className="acc-table team-table">
            <caption className="acc-visually-hidden">Team members and invitations</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">State</th>
                <th scope="col">Rights</th>
                {manager ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {team.members.map((m) => (
                <tr key={m.id} data-email={m.email}>
                  <th scope="row">
                    <span className="team-member">
                      <span>
                        {m.name}
                        {m.role === 'admin' ? <span className="acc-badge team-badge--admin">Admin</span> : null}
                      </span>
                      {m.name !== m.email ? <span className="acc-field__hint">{m.email}</span> : null}
                    </span>
                  </th>
                  <td>
                    <span className={`acc-badge team-badge--${m.state}`}>
                      {m.role === 'owner' ? 'Owner' : STATE_LABELS[m.state]}
                    </span>
                  </td>
                  <td>
                    {canManage(m) && m.state !== 'removed' ? (
                      <select
                        aria-label={`Rights of ${m.email}`}
                        value={m.rights}
                        disabled={busy !== null || m.state === 'invited'}
                        onChange={(e) =>
                          void run(
                            `rights-${m.id}`,
                            () => teamsApi.rights(team.id, m.id, { rights: e.target.value as TeamRights }),
                            `${m.email} ${e.target.value === 'viewer' ? 'can now only view' : 'can now edit'} team diagrams.`,
                          )
                        }
                      >
                        <option value="editor">{RIGHTS_LABELS.editor}</option>
                        <option value="viewer">{RIGHTS_LABELS.viewer}</option>
                      </select>
                    ) : (
                      RIGHTS_LABELS[m.rights]
                    )}
                  </td>
                  {manager ? (
                    <td>
                      <div className="team-actions">
                        {m.state === 'invited' ? (
                          <>
                            <button
                              type="button"
                              className="button acc-button--small"
                              disabled={busy !== null}
                              onClick={() =>
                                void run(
                                  `resend-${m.id}`,
                                  () => teamsApi.resend(team.id, m.id),
                                  `The invitation to ${m.email} was sent again.`,
                                )
                              }
                            >
                              Resend
                            </button>
                            <ConfirmButton
                              label="Revoke"
                              target={m.email}
                              question="Revoke this invitation?"
                              confirm="Yes, revoke"
                              disabled={busy !== null}
                              onConfirm={() =>
                                void run(
                                  `revoke-${m.id}`,
                                  () => teamsApi.revoke(team.id, m.id),
                                  `The invitation to ${m.email} is revoked.`,
                                )
                              }
                            />
                          </>
                        ) : !canManage(m) || m.state === 'removed' ? null : (
                          <>
                            {owner && m.state === 'active' ? (
                              <button
                                type="button"
                                className="button acc-button--small"
                                disabled={busy !== null}
                                aria-label={`${m.role === 'admin' ? 'Make member' : 'Make admin'} ${m.email}`}
                                onClick={() =>
                                  void run(
                                    `role-${m.id}`,
                                    () =>
                                      teamsApi.role(team.id, m.id, { role: m.role === 'admin' ? 'member' : 'admin' }),
                                    m.role === 'admin'
                                      ? `${m.email} is a member again.`
                                      : `${m.email} is now an admin: they can invite, suspend and remove members.`,
                                  )
                                }
                              >
                                {m.role === 'admin' ? 'Make member' : 'Make admin'}
                              </button>
                            ) : null}
                            {m.state === 'active' ? (
                              <button
                                type="button"
                                className="button acc-button--small"
                                disabled={busy !== null}
                                aria-label={`Suspend ${m.email}`}
                                onClick={() =>
                                  void run(
                                    `suspend-${m.id}`,
                                    () => teamsApi.suspend(team.id, m.id),
                                    `${m.email} is suspended.`,
                                  )
                                }
                              >
                                Suspend
                              </button>
                            ) : null}
                            {m.state === 'suspended' ? (
                              <button
                                type="button"
                                className="button acc-button--small"
                                disabled={busy !== null}
                                aria-label={`Unsuspend ${m.email}`}
                                onClick={() =>
                                  void run(
                                    `unsuspend-${m.id}`,
                                    () => teamsApi.unsuspend(team.id, m.id),
                                    `${m.email} is active again.`,
                                  )
                                }
                              >
                                Unsuspend
                              </button>
                            ) : null}
                            <ConfirmButton
                              label="Remove"
                              target={m.email}
                              question="Remove for good?"
                              confirm="Yes, remove"
                              disabled={busy !== null}
                              onConfirm={() =>
                                void run(
                                  `remove-${m.id}`,
                                  () => teamsApi.remove(team.id, m.id),
                                  `${m.email} is removed from the team.`,
                                )
                              }
                            />
                          </>
                        )}
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {manager ? <InviteForm team={team} onChange={onChange} /> : null}
      {owner ? <TeamSettings team={team} onChange={onChange} /> : null}
      <p className="team-folder-link">
        <Link to="/diagrams?list=team">Open the team folder</Link>
      </p>
    </>
  );
}

type InviteValues = { email: string; rights: TeamRights };
const INVITE_DEFAULTS: InviteValues = { email: '', rights: 'editor' };

function InviteForm({ team, onChange }: { team: Team; onChange: (team: Team) => void }) {
  const form = useContractForm(inviteBodySchema, INVITE_DEFAULTS);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // Refused for want of a seat: the invitation waits while the owner adds one.
  const [waiting, setWaiting] = useState<InviteValues | null>(null);
  const rights = form.field('rights');
  const { error: _rightsError, ...rightsField } = rights;
  const send = async (data: InviteValues) => {
    onChange(await teamsApi.invite(team.id, data));
    form.reset({ email: '', rights: data.rights });
    setFeedback({ kind: 'success', text: `Invitation sent to ${data.email}.` });
  };
  return (
    <form
      className="acc-panel"
      noValidate
      aria-labelledby="invite-title"
      onSubmit={(event) => {
        setFeedback(null);
        setWaiting(null);
        void form.submitWith(
          async (data) => {
            try {
              await send(data);
            } catch (e) {
              if (isSeatLimit(e)) setWaiting(data);
              throw e;
            }
          },
          { onError: (e) => (setFeedback(feedbackOf(e)), true) },
        )(event);
      }}
    >
      <h2 id="invite-title">Invite people</h2>
      <p className="acc-panel__lead">
        They get an e-mail with a link to join; people with an account also get a notification. Every active or invited
        member takes a seat.
      </p>
      <FeedbackLine feedback={feedback} />
      {waiting && team.role !== 'owner' ? (
        <FormMessage kind="info">Every seat is taken: ask the owner of the team to add one.</FormMessage>
      ) : waiting ? (
        <AddSeatOffer
          team={team}
          onAdded={(t) => {
            onChange(t);
            setWaiting(null);
            setFeedback(null);
            send(waiting).catch((e: unknown) => setFeedback(feedbackOf(e)));
          }}
        />
      ) : null}
      <div className="acc-grid-2">
        <TextField label="E-mail address" type="email" autoComplete="off" required {...form.field('email')} />
        <Field label="Rights" error={rights.error}>
          {(aria) => (
            <select className="acc-input acc-input--select" {...rightsField} {...aria}>
              <option value="editor">{RIGHTS_LABELS.editor}</option>
              <option value="viewer">{RIGHTS_LABELS.viewer}</option>
            </select>
          )}
        </Field>
      </div>
      <div className="acc-panel__actions">
        <SubmitButton busy={form.submitting} busyLabel="Sending…" className="button button--primary">
          Send invitation
        </SubmitButton>
      </div>
    </form>
  );
}

function TeamSettings({ team, onChange }: { team: Team; onChange: (team: Team) => void }) {
  const form = useContractForm(renameTeamBodySchema, { name: team.name });
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  return (
    <div className="team-settings">
      <form
        className="acc-panel"
        noValidate
        aria-labelledby="team-settings-title"
        onSubmit={(event) => {
          setFeedback(null);
          void form.submitWith(
            async (data) => {
              onChange(await teamsApi.rename(team.id, data));
              setFeedback({ kind: 'success', text: 'The team name is saved.' });
            },
            { onError: (e) => (setFeedback(feedbackOf(e)), true) },
          )(event);
        }}
      >
        <h2 id="team-settings-title">Team settings</h2>
        <FeedbackLine feedback={feedback} />
        <TextField label="Team name" required {...form.field('name')} />
        <div className="acc-panel__actions">
          <SubmitButton busy={form.submitting} busyLabel="Saving…" className="button button--primary">
            Save
          </SubmitButton>
        </div>
      </form>
      {team.seats.total === null ? null : <SeatsPanel team={team} onChange={onChange} />}
    </div>
  );
}
