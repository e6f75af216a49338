import { Body, Controller, Param, Query, Req, Res } from '@nestjs/common';
import { userEndpoints } from '@loopwright/contracts';
import type { Request, Response } from 'express';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { UsersService } from './users.service.js';

type E = typeof userEndpoints;

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Endpoint(userEndpoints.updateProfile)
  async updateProfile(@CurrentCaller() caller: Caller, @Body() body: Input<E['updateProfile']['body']>) {
    return { success: true, content: { user: await this.users.updateProfile(caller.userId, body) } };
  }

  @Endpoint(userEndpoints.completeOnboarding)
  async completeOnboarding(@CurrentCaller() caller: Caller, @Body() body: Input<E['completeOnboarding']['body']>) {
    return { success: true, content: { user: await this.users.completeOnboarding(caller.userId, body) } };
  }

  @Endpoint(userEndpoints.usernameAvailable)
  async usernameAvailable(
    @CurrentCaller() caller: Caller | undefined,
    @Query() query: Input<E['usernameAvailable']['query']>,
  ) {
    return {
      success: true,
      content: { available: await this.users.usernameAvailable(query.username, caller?.userId) },
    };
  }

  @Endpoint(userEndpoints.setPrivacy)
  async setPrivacy(@CurrentCaller() caller: Caller, @Body() body: Input<E['setPrivacy']['body']>) {
    return {
      success: true,
      content: { user: await this.users.setPrivacy(caller.userId, body.isPrivateAccount, body.confirmIrreversible) },
    };
  }

  @Endpoint(userEndpoints.uploadImage)
  async uploadImage(
    @CurrentCaller() caller: Caller,
    @Param() params: Input<E['uploadImage']['params']>,
    @Req() request: Request,
  ) {
    const user = await this.users.saveImage(caller.userId, params.kind, request.header('content-type'), request.body);
    return { success: true, content: { user } };
  }

  @Endpoint(userEndpoints.deleteImage)
  async deleteImage(@CurrentCaller() caller: Caller, @Param() params: Input<E['deleteImage']['params']>) {
    return { success: true, content: { user: await this.users.deleteImage(caller.userId, params.kind) } };
  }

  @Endpoint(userEndpoints.image)
  async image(@Param() params: Input<E['image']['params']>, @Res() response: Response) {
    const image = await this.users.image(params.id, params.kind);
    response.setHeader('Content-Type', image.contentType);
    response.setHeader('Cache-Control', 'public, max-age=86400');
    response.setHeader('Content-Security-Policy', "default-src 'none'");
    response.end(Buffer.from(image.data));
  }
}
