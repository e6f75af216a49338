import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  accountEndpoints,
  invitationEndpoints,
  teamDiagramEndpoints,
  teamEndpoints as endpoints,
} from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { InvitationsService } from './invitations.service.js';
import { TeamsService } from './teams.service.js';

type TeamParams = EndpointInput<typeof endpoints.rename.params>;
type MemberParams = EndpointInput<typeof endpoints.suspend.params>;
type InvitationParams = EndpointInput<typeof endpoints.resend.params>;
type KeyParams = EndpointInput<typeof invitationEndpoints.get.params>;
type FuidParams = EndpointInput<typeof teamDiagramEndpoints.get.params>;

@Controller()
export class TeamsController {
  constructor(
    private readonly teams: TeamsService,
    private readonly invitations: InvitationsService,
  ) {}

  @Endpoint(endpoints.mine)
  async mine(@CurrentCaller() caller: Caller) {
    return { success: true, content: { team: await this.teams.mine(caller) } };
  }

  @Endpoint(endpoints.create)
  async create(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<typeof endpoints.create.body>) {
    return { success: true, content: { team: await this.teams.create(caller, body.name) } };
  }

  @Endpoint(endpoints.rename)
  async rename(
    @CurrentCaller() caller: Caller,
    @Param() params: TeamParams,
    @Body() body: EndpointInput<typeof endpoints.rename.body>,
  ) {
    return { success: true, content: { team: await this.teams.rename(caller, params.teamId, body.name) } };
  }

  @Endpoint(endpoints.seats)
  async seats(
    @CurrentCaller() caller: Caller,
    @Param() params: TeamParams,
    @Body() body: EndpointInput<typeof endpoints.seats.body>,
  ) {
    return { success: true, content: { team: await this.teams.changeSeats(caller, params.teamId, body.seats) } };
  }

  @Endpoint(endpoints.seatsPreview)
  async seatsPreview(
    @CurrentCaller() caller: Caller,
    @Param() params: TeamParams,
    @Query() query: EndpointInput<typeof endpoints.seatsPreview.query>,
  ) {
    return { success: true, content: { preview: await this.teams.previewSeats(caller, params.teamId, query.seats) } };
  }

  @Endpoint(endpoints.invite)
  async invite(
    @CurrentCaller() caller: Caller,
    @Param() params: TeamParams,
    @Body() body: EndpointInput<typeof endpoints.invite.body>,
  ) {
    return {
      success: true,
      content: { team: await this.invitations.invite(caller, params.teamId, body.email, body.rights) },
    };
  }

  @Endpoint(endpoints.resend)
  async resend(@CurrentCaller() caller: Caller, @Param() params: InvitationParams) {
    return {
      success: true,
      content: { team: await this.invitations.resend(caller, params.teamId, params.invitationId) },
    };
  }

  @Endpoint(endpoints.revoke)
  async revoke(@CurrentCaller() caller: Caller, @Param() params: InvitationParams) {
    return {
      success: true,
      content: { team: await this.invitations.revoke(caller, params.teamId, params.invitationId) },
    };
  }

  @Endpoint(endpoints.suspend)
  async suspend(@CurrentCaller() caller: Caller, @Param() params: MemberParams) {
    return { success: true, content: { team: await this.teams.suspend(caller, params.teamId, params.userId) } };
  }

  @Endpoint(endpoints.unsuspend)
  async unsuspend(@CurrentCaller() caller: Caller, @Param() params: MemberParams) {
    return { success: true, content: { team: await this.teams.unsuspend(caller, params.teamId, params.userId) } };
  }

  @Endpoint(endpoints.remove)
  async remove(@CurrentCaller() caller: Caller, @Param() params: MemberParams) {
    return { success: true, content: { team: await this.teams.remove(caller, params.teamId, params.userId) } };
  }

  @Endpoint(endpoints.rights)
  async rights(
    @CurrentCaller() caller: Caller,
    @Param() params: MemberParams,
    @Body() body: EndpointInput<typeof endpoints.rights.body>,
  ) {
    return {
      success: true,
      content: { team: await this.teams.setRights(caller, params.teamId, params.userId, body.rights) },
    };
  }

  @Endpoint(endpoints.role)
  async role(
    @CurrentCaller() caller: Caller,
    @Param() params: MemberParams,
    @Body() body: EndpointInput<typeof endpoints.role.body>,
  ) {
    return {
      success: true,
      content: { team: await this.teams.setRole(caller, params.teamId, params.userId, body.role) },
    };
  }
}

@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Endpoint(invitationEndpoints.mine)
  async mine(@CurrentCaller() caller: Caller) {
    return { success: true, content: { invitations: await this.invitations.mine(caller) } };
  }

  @Endpoint(invitationEndpoints.get)
  async get(@CurrentCaller() caller: Caller | undefined, @Param() params: KeyParams) {
    return { success: true, content: { invitation: await this.invitations.get(params.key, caller) } };
  }

  @Endpoint(invitationEndpoints.accept)
  async accept(@CurrentCaller() caller: Caller, @Param() params: KeyParams) {
    return { success: true, content: { invitation: await this.invitations.accept(params.key, caller) } };
  }

  @Endpoint(invitationEndpoints.decline)
  async decline(@CurrentCaller() caller: Caller, @Param() params: KeyParams) {
    return { success: true, content: { invitation: await this.invitations.decline(params.key, caller) } };
  }
}

@Controller()
export class TeamDiagramsController {
  constructor(
    private readonly diagrams: DiagramsService,
    private readonly accounts: AccountDeletionService,
  ) {}

  @Endpoint(teamDiagramEndpoints.get)
  async get(@CurrentCaller() caller: Caller, @Param() params: FuidParams) {
    return { success: true, content: await this.diagrams.teamSharing(params.fuid, caller) };
  }

  @Endpoint(teamDiagramEndpoints.set)
  async set(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Body() body: EndpointInput<typeof teamDiagramEndpoints.set.body>,
  ) {
    return { success: true, content: await this.diagrams.setTeamShared(params.fuid, caller, body.shared) };
  }

  @Endpoint(accountEndpoints.delete)
  async deleteAccount(
    @CurrentCaller() caller: Caller,
    @Body() body: EndpointInput<typeof accountEndpoints.delete.body>,
  ) {
    return { success: true, content: await this.accounts.delete(caller, body.confirmEmail) };
  }
}
