import { Controller, Param, Query, Req } from '@nestjs/common';
import { adminEndpoints } from '@loopwright/contracts';
import type { Request } from 'express';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { RequireRole } from '../../core/auth/roles.decorator.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { clientInfo } from '../auth/client-info.js';
import { AdminUsersService } from './admin-users.service.js';

type E = typeof adminEndpoints;
type IdParams = Input<E['confirmUser']['params']>;

@Controller()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Endpoint(adminEndpoints.users)
  @RequireRole('admin')
  async list(@Query() query: Input<E['users']['query']>) {
    return { success: true, content: await this.users.list(query) };
  }

  @Endpoint(adminEndpoints.confirmUser)
  @RequireRole('admin')
  async confirm(@CurrentCaller() caller: Caller, @Param() params: IdParams) {
    return { success: true, content: await this.users.confirm(caller.userId, params.id) };
  }

  @Endpoint(adminEndpoints.resendConfirmation)
  @RequireRole('admin')
  async resend(@Param() params: IdParams, @Req() request: Request) {
    return { success: true, content: await this.users.resendConfirmation(params.id, clientInfo(request).ip) };
  }

  @Endpoint(adminEndpoints.disableUser)
  @RequireRole('admin')
  async disable(@CurrentCaller() caller: Caller, @Param() params: IdParams) {
    return { success: true, content: await this.users.disable(caller.userId, params.id) };
  }

  @Endpoint(adminEndpoints.enableUser)
  @RequireRole('admin')
  async enable(@CurrentCaller() caller: Caller, @Param() params: IdParams) {
    return { success: true, content: await this.users.enable(caller.userId, params.id) };
  }

  @Endpoint(adminEndpoints.deleteUser)
  @RequireRole('admin')
  async delete(@CurrentCaller() caller: Caller, @Param() params: IdParams) {
    return { success: true, content: await this.users.delete(caller.userId, params.id) };
  }
}
