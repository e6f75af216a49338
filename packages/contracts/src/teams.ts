import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { envelope } from './errors.js';
import { TeamTexts } from './teams-texts.js';

export { TeamTexts };

export const teamRightsSchema = z.enum(['editor', 'viewer']);
export const teamMemberStateSchema = z.enum(['active', 'suspended', 'removed', 'invited']);
/** owner: everything, billing and ownership included; admin: members and invitations; member: the team's diagrams. */
export const teamRoleSchema = z.enum(['owner', 'admin', 'member']);

const uuid = z.string().uuid();
const teamNameSchema = z.string().trim().min(1, 'Enter a name for the team').max(80);
export const inviteEmailSchema = z.string().trim().toLowerCase().email(TeamTexts.invalidEmail).max(254);

export const teamMemberSchema = z
  .object({
    /** The member's user id; the invitation id for state `invited`. */
    id: z.string(),
    userId: uuid.nullable(),
    invitationId: uuid.nullable(),
    email: z.string(),
    name: z.string(),
    role: teamRoleSchema,
    rights: teamRightsSchema,
    state: teamMemberStateSchema,
    since: z.string(),
  })
  .meta({ id: 'TeamMember' });

/** total null: unlimited (self-hosted). */
export const seatsSchema = z.object({ used: z.number().int(), total: z.number().int().nullable() });

export const teamSchema = z
  .object({
    id: uuid,
    name: z.string(),
    owner: z.object({ id: uuid, name: z.string(), email: z.string() }),
    /** The caller's place in it: the owner and admins manage members and invitations; billing is the owner's. */
    role: teamRoleSchema,
    rights: teamRightsSchema,
    seats: seatsSchema,
    /** Set while the team's subscription is cancelled or expired: members have no access. */
    downgraded: z.boolean(),
    members: z.array(teamMemberSchema),
  })
  .meta({ id: 'Team' });

export const invitationSchema = z
  .object({
    id: uuid,
    teamId: uuid,
    teamName: z.string(),
    invitedBy: z.string(),
    email: z.string(),
    status: z.enum(['pending', 'accepted', 'declined', 'revoked']),
    sentAt: z.string(),
  })
  .meta({ id: 'TeamInvitation' });

export const createTeamBodySchema = z.object({ name: teamNameSchema });
export const renameTeamBodySchema = z.object({ name: teamNameSchema });
export const inviteBodySchema = z.object({ email: inviteEmailSchema, rights: teamRightsSchema.default('editor') });
export const teamSeatsBodySchema = z.object({ seats: z.number().int().min(1).max(1000) });
export const memberRightsBodySchema = z.object({ rights: teamRightsSchema });
export const memberRoleBodySchema = z.object({ role: z.enum(['admin', 'member']) });
export const seatPreviewQuerySchema = z.object({ seats: z.coerce.number().int().min(1).max(1000) });

const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });
/** What a change of seats costs, shown before it is made. */
export const seatPreviewSchema = z
  .object({
    seats: z.number().int(),
    /** Seats paid for now. */
    current: z.number().int(),
    /** charged: Stripe bills the change (prorated); trial: free until the trial ends; free: billing is off. */
    billing: z.enum(['charged', 'trial', 'free']),
    cycle: z.enum(['monthly', 'yearly']).nullable(),
    /** One seat per billing cycle (cents). */
    seatPrice: moneySchema.nullable(),
    /** All the seats per billing cycle after the change (cents). */
    newPrice: moneySchema.nullable(),
    /** The prorated amount for the rest of this period, added to the next invoice (negative: a credit). */
    prorated: moneySchema.nullable(),
    /** When a trial ends (billing 'trial'): the first charge. */
    trialEndsAt: z.string().nullable(),
    /** The most seats a trial may have (null: no limit). */
    maxSeats: z.number().int().nullable(),
  })
  .meta({ id: 'SeatPreview' });
export type SeatPreview = z.infer<typeof seatPreviewSchema>;
export const teamDiagramBodySchema = z.object({ shared: z.boolean() });
export const deleteAccountBodySchema = z.object({
  /** The account's e-mail address, typed again to confirm. */
  confirmEmail: z.string().trim().toLowerCase().email(TeamTexts.invalidEmail),
});

const teamParams = z.object({ teamId: uuid });
const memberParams = z.object({ teamId: uuid, userId: uuid });
const teamInvitationParams = z.object({ teamId: uuid, invitationId: uuid });
/** The token from the e-mail's link, or the invitation id (for the invitee signed in with the invited address). */
const invitationKeyParams = z.object({ key: z.string().min(10).max(200) });
const fuidParams = z.object({ fuid: z.string().min(1).max(64) });
const teamEnvelope = envelope(z.object({ team: teamSchema }));

const tag = 'teams';
export const teamEndpoints = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/teams/mine',
    summary: 'The team I own or am an active member of (null when none), with members and seats',
    tag,
    responses: { 200: envelope(z.object({ team: teamSchema.nullable() })) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/teams',
    summary: 'Create a team (needs a paid plan with seats; not while in another team)',
    tag,
    body: createTeamBodySchema,
    responses: { 201: teamEnvelope },
  }),
  rename: defineEndpoint({
    method: 'PATCH',
    path: '/teams/:teamId',
    summary: 'Team settings: rename (owner)',
    tag,
    params: teamParams,
    body: renameTeamBodySchema,
    responses: { 200: teamEnvelope },
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/teams/:teamId/invitations',
    summary: 'Invite by e-mail (owner or admin; one seat per active or invited member)',
    tag,
    params: teamParams,
    body: inviteBodySchema,
    responses: { 201: teamEnvelope },
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/teams/:teamId/invitations/:invitationId/resend',
    summary: 'Send the invitation e-mail again (owner or admin)',
    tag,
    params: teamInvitationParams,
    responses: { 200: teamEnvelope },
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/teams/:teamId/invitations/:invitationId',
    summary: 'Revoke a pending invitation (owner or admin; frees its seat)',
    tag,
    params: teamInvitationParams,
    responses: { 200: teamEnvelope },
  }),
  suspend: defineEndpoint({
    method: 'POST',
    path: '/teams/:teamId/members/:userId/suspend',
    summary: 'Suspend an active member (owner or admin; an admin only by the owner)',
    tag,
    params: memberParams,
    responses: { 200: teamEnvelope },
  }),
  unsuspend: defineEndpoint({
    method: 'POST',
    path: '/teams/:teamId/members/:userId/unsuspend',
    summary: 'Unsuspend a suspended member (owner or admin; needs a free seat)',
    tag,
    params: memberParams,
    responses: { 200: teamEnvelope },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/teams/:teamId/members/:userId',
    summary: 'Remove a member, permanently (owner or admin; an admin only by the owner)',
    tag,
    params: memberParams,
    responses: { 200: teamEnvelope },
  }),
  seats: defineEndpoint({
    method: 'PUT',
    path: '/teams/:teamId/seats',
    summary:
      'Add or remove seats through billing, prorated (owner; not below the seats in use, not while a payment is pending)',
    tag,
    params: teamParams,
    body: teamSeatsBodySchema,
    responses: { 200: teamEnvelope },
  }),
  seatsPreview: defineEndpoint({
    method: 'GET',
    path: '/teams/:teamId/seats/preview',
    summary: 'What changing to this many seats costs: the new price and the prorated amount (owner; nothing changes)',
    tag,
    params: teamParams,
    query: seatPreviewQuerySchema,
    responses: { 200: envelope(z.object({ preview: seatPreviewSchema })) },
  }),
  rights: defineEndpoint({
    method: 'PATCH',
    path: '/teams/:teamId/members/:userId',
    summary: "Change a member's rights: editor or viewer (owner or admin; an admin's only by the owner)",
    tag,
    params: memberParams,
    body: memberRightsBodySchema,
    responses: { 200: teamEnvelope },
  }),
  role: defineEndpoint({
    method: 'PUT',
    path: '/teams/:teamId/members/:userId/role',
    summary: 'Make an active member an admin (manages members and invitations) or a member again (owner)',
    tag,
    params: memberParams,
    body: memberRoleBodySchema,
    responses: { 200: teamEnvelope },
  }),
};

const invitations = 'invitations';
export const invitationEndpoints = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/invitations',
    summary: 'Pending team invitations for my e-mail address',
    tag: invitations,
    responses: { 200: envelope(z.object({ invitations: z.array(invitationSchema) })) },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/invitations/:key',
    summary: 'One invitation, by the token in its e-mail (also without a login) or by id (the invitee)',
    tag: invitations,
    public: true,
    params: invitationKeyParams,
    responses: { 200: envelope(z.object({ invitation: invitationSchema })) },
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/invitations/:key/accept',
    summary: 'Accept: join the team',
    tag: invitations,
    params: invitationKeyParams,
    responses: { 200: envelope(z.object({ invitation: invitationSchema })) },
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/invitations/:key/decline',
    summary: 'Decline the invitation',
    tag: invitations,
    params: invitationKeyParams,
    responses: { 200: envelope(z.object({ invitation: invitationSchema })) },
  }),
};

export const teamDiagramEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/diagrams/:fuid/team',
    summary: 'Is the diagram shared with my team (in the team folder), and may I change that?',
    tag: 'sharing',
    params: fuidParams,
    responses: {
      200: envelope(
        z.object({
          team: z.object({ id: uuid, name: z.string() }).nullable(),
          shared: z.boolean(),
          canChange: z.boolean(),
        }),
      ),
    },
  }),
  set: defineEndpoint({
    method: 'PUT',
    path: '/diagrams/:fuid/team',
    summary:
      'Shared with team: move the diagram into the team folder (anyone in the team can edit) or back to its creator',
    tag: 'sharing',
    params: fuidParams,
    body: teamDiagramBodySchema,
    responses: {
      200: envelope(
        z.object({
          team: z.object({ id: uuid, name: z.string() }).nullable(),
          shared: z.boolean(),
          canChange: z.boolean(),
        }),
      ),
    },
  }),
};

export const accountEndpoints = {
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/account',
    summary: 'Delete my account and its data (not the owner of a team with members)',
    tag: 'account',
    body: deleteAccountBodySchema,
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
};

export type Team = z.infer<typeof teamSchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type TeamInvitation = z.infer<typeof invitationSchema>;
export type TeamRights = z.infer<typeof teamRightsSchema>;
export type TeamRole = z.infer<typeof teamRoleSchema>;
