import type {
  accountEndpoints,
  BodyOf,
  ContentOf,
  invitationEndpoints,
  teamDiagramEndpoints,
  teamEndpoints,
} from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type T = typeof teamEndpoints;
type I = typeof invitationEndpoints;
type D = typeof teamDiagramEndpoints;
type A = typeof accountEndpoints;

export type TeamSharing = ContentOf<D['get']>;

const team = (id: string) => `/teams/${encodeURIComponent(id)}`;
const member = (id: string, userId: string) => `${team(id)}/members/${encodeURIComponent(userId)}`;
const invitation = (key: string) => `/invitations/${encodeURIComponent(key)}`;

/** The teams API (packages/contracts/src/teams.ts) as the team screens use it. */
export const teamsApi = {
  mine: () => api.get<ContentOf<T['mine']>>('/teams/mine').then((r) => r.team),
  create: (body: BodyOf<T['create']>) => api.post<ContentOf<T['create']>>('/teams', body).then((r) => r.team),
  rename: (id: string, body: BodyOf<T['rename']>) =>
    api.patch<ContentOf<T['rename']>>(team(id), body).then((r) => r.team),
  seats: (id: string, seats: number) =>
    api.put<ContentOf<T['seats']>>(`${team(id)}/seats`, { seats }).then((r) => r.team),
  seatsPreview: (id: string, seats: number) =>
    api.get<ContentOf<T['seatsPreview']>>(`${team(id)}/seats/preview`, { query: { seats } }).then((r) => r.preview),
  invite: (id: string, body: BodyOf<T['invite']>) =>
    api.post<ContentOf<T['invite']>>(`${team(id)}/invitations`, body).then((r) => r.team),
  resend: (id: string, invitationId: string) =>
    api.post<ContentOf<T['resend']>>(`${team(id)}/invitations/${invitationId}/resend`).then((r) => r.team),
  revoke: (id: string, invitationId: string) =>
    api.delete<ContentOf<T['revoke']>>(`${team(id)}/invitations/${invitationId}`).then((r) => r.team),
  suspend: (id: string, userId: string) =>
    api.post<ContentOf<T['suspend']>>(`${member(id, userId)}/suspend`).then((r) => r.team),
  unsuspend: (id: string, userId: string) =>
    api.post<ContentOf<T['unsuspend']>>(`${member(id, userId)}/unsuspend`).then((r) => r.team),
  remove: (id: string, userId: string) => api.delete<ContentOf<T['remove']>>(member(id, userId)).then((r) => r.team),
  rights: (id: string, userId: string, body: BodyOf<T['rights']>) =>
    api.patch<ContentOf<T['rights']>>(member(id, userId), body).then((r) => r.team),
  invitations: () => api.get<ContentOf<I['mine']>>('/invitations').then((r) => r.invitations),
  invitation: (key: string) => api.get<ContentOf<I['get']>>(invitation(key)).then((r) => r.invitation),
  accept: (key: string) => api.post<ContentOf<I['accept']>>(`${invitation(key)}/accept`).then((r) => r.invitation),
  decline: (key: string) => api.post<ContentOf<I['decline']>>(`${invitation(key)}/decline`).then((r) => r.invitation),
  diagramTeam: (fuid: string) => api.get<ContentOf<D['get']>>(`/diagrams/${encodeURIComponent(fuid)}/team`),
  setDiagramTeam: (fuid: string, shared: boolean) =>
    api.put<ContentOf<D['set']>>(`/diagrams/${encodeURIComponent(fuid)}/team`, { shared }),
  deleteAccount: (body: BodyOf<A['delete']>) => api.delete<ContentOf<A['delete']>>('/account', { body }),
};
