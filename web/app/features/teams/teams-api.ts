import type { accountEndpoints, BodyOf, ContentOf, teamDiagramEndpoints, teamEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type T = typeof teamEndpoints;
type D = typeof teamDiagramEndpoints;
type A = typeof accountEndpoints;

export type TeamSharing = ContentOf<D['get']>;

/** The teams API (packages/contracts/src/teams.ts) as the team screens use it. */
export const teamsApi = {
  mine: () => api.team.mine().then((r) => r.team),
  create: (body: BodyOf<T['create']>) => api.team.create({ body }).then((r) => r.team),
  rename: (id: string, body: BodyOf<T['rename']>) =>
    api.team.rename({ params: { teamId: id }, body }).then((r) => r.team),
  seats: (id: string, seats: number) => api.team.seats({ params: { teamId: id }, body: { seats } }).then((r) => r.team),
  seatsPreview: (id: string, seats: number) =>
    api.team.seatsPreview({ params: { teamId: id }, query: { seats } }).then((r) => r.preview),
  invite: (id: string, body: BodyOf<T['invite']>) =>
    api.team.invite({ params: { teamId: id }, body }).then((r) => r.team),
  resend: (id: string, invitationId: string) =>
    api.team.resend({ params: { teamId: id, invitationId } }).then((r) => r.team),
  revoke: (id: string, invitationId: string) =>
    api.team.revoke({ params: { teamId: id, invitationId } }).then((r) => r.team),
  suspend: (id: string, userId: string) => api.team.suspend({ params: { teamId: id, userId } }).then((r) => r.team),
  unsuspend: (id: string, userId: string) => api.team.unsuspend({ params: { teamId: id, userId } }).then((r) => r.team),
  remove: (id: string, userId: string) => api.team.remove({ params: { teamId: id, userId } }).then((r) => r.team),
  rights: (id: string, userId: string, body: BodyOf<T['rights']>) =>
    api.team.rights({ params: { teamId: id, userId }, body }).then((r) => r.team),
  role: (id: string, userId: string, body: BodyOf<T['role']>) =>
    api.team.role({ params: { teamId: id, userId }, body }).then((r) => r.team),
  invitations: () => api.invitation.mine().then((r) => r.invitations),
  invitation: (key: string) => api.invitation.get({ params: { key } }).then((r) => r.invitation),
  accept: (key: string) => api.invitation.accept({ params: { key } }).then((r) => r.invitation),
  decline: (key: string) => api.invitation.decline({ params: { key } }).then((r) => r.invitation),
  diagramTeam: (fuid: string) => api.teamDiagram.get({ params: { fuid } }),
  setDiagramTeam: (fuid: string, shared: boolean) => api.teamDiagram.set({ params: { fuid }, body: { shared } }),
  deleteAccount: (body: BodyOf<A['delete']>) => api.account.delete({ body }),
};
