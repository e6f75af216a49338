import type { Team, TeamInvitation, TeamMember } from '@loopwright/contracts';
import type { InvitationRow, TeamRow, TeamsRepository } from './teams.repository.js';

type Person = { id: string; email: string; username: string | null; firstName: string | null; lastName: string | null };
type MemberRow = Awaited<ReturnType<TeamsRepository['members']>>[number];
type PendingRow = Awaited<ReturnType<TeamsRepository['pendingInvitations']>>[number];

export const personName = (p: Person | null): string =>
  p ? [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username || p.email : 'Someone';

/** The team as its members see it: members (not removed ones) and pending invitations as `invited`. */
export function teamView(
  team: TeamRow,
  callerId: string,
  members: MemberRow[],
  pending: PendingRow[],
  seats: { used: number; total: number | null },
): Team {
  const me = members.find((m) => m.userId === callerId);
  const memberViews: TeamMember[] = members.map((m) => ({
    id: m.userId,
    userId: m.userId,
    invitationId: null,
    email: m.user.email,
    name: personName(m.user),
    role: m.role,
    rights: m.rights,
    state: m.status,
    since: m.createdAt.toISOString(),
  }));
  const invited: TeamMember[] = pending.map((i) => ({
    id: i.id,
    userId: null,
    invitationId: i.id,
    email: i.email,
    name: i.email,
    role: 'member',
    rights: i.rights,
    state: 'invited',
    since: i.sentAt.toISOString(),
  }));
  const isOwner = team.ownerId === callerId;
  const role = isOwner ? 'owner' : me?.role === 'admin' && me.status === 'active' ? 'admin' : 'member';
  return {
    id: team.id,
    name: team.name,
    owner: { id: team.owner.id, name: personName(team.owner), email: team.owner.email },
    role,
    rights: isOwner ? 'editor' : (me?.rights ?? 'viewer'),
    seats,
    downgraded: !!team.downgradedAt,
    // Members see who is in the team; the owner and admins also see suspended people and invitations.
    // Removed people leave the list.
    members:
      role === 'member'
        ? memberViews.filter((m) => m.state === 'active')
        : [...memberViews.filter((m) => m.state !== 'removed'), ...invited],
  };
}

export function invitationView(i: InvitationRow): TeamInvitation {
  return {
    id: i.id,
    teamId: i.workspaceId,
    teamName: i.workspace.name,
    invitedBy: personName(i.invitedBy),
    email: i.email,
    status: i.status,
    sentAt: i.sentAt.toISOString(),
  };
}
