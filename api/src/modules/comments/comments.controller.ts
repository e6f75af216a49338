import { Body, Controller, Param, Query } from '@nestjs/common';
import { commentEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { CommentsService } from './comments.service.js';

type E = typeof endpoints;

@Controller()
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Endpoint(endpoints.list)
  async list(
    @CurrentCaller() caller: Caller | undefined,
    @Param() params: EndpointInput<E['list']['params']>,
    @Query() query: EndpointInput<E['list']['query']>,
  ) {
    return { success: true, content: await this.comments.list(params.fuid, caller, query.status) };
  }

  @Endpoint(endpoints.create)
  async create(
    @CurrentCaller() caller: Caller,
    @Param() params: EndpointInput<E['create']['params']>,
    @Body() body: EndpointInput<E['create']['body']>,
  ) {
    return { success: true, content: { thread: await this.comments.create(params.fuid, caller, body) } };
  }

  @Endpoint(endpoints.reply)
  async reply(
    @CurrentCaller() caller: Caller,
    @Param() params: EndpointInput<E['reply']['params']>,
    @Body() body: EndpointInput<E['reply']['body']>,
  ) {
    return {
      success: true,
      content: { thread: await this.comments.reply(params.fuid, params.threadId, caller, body) },
    };
  }

  @Endpoint(endpoints.resolve)
  async resolve(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<E['resolve']['params']>) {
    return {
      success: true,
      content: { thread: await this.comments.setResolved(params.fuid, params.threadId, caller, true) },
    };
  }

  @Endpoint(endpoints.reopen)
  async reopen(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<E['reopen']['params']>) {
    return {
      success: true,
      content: { thread: await this.comments.setResolved(params.fuid, params.threadId, caller, false) },
    };
  }

  @Endpoint(endpoints.edit)
  async edit(
    @CurrentCaller() caller: Caller,
    @Param() params: EndpointInput<E['edit']['params']>,
    @Body() body: EndpointInput<E['edit']['body']>,
  ) {
    return {
      success: true,
      content: { thread: await this.comments.edit(params.fuid, params.commentId, caller, body) },
    };
  }

  @Endpoint(endpoints.remove)
  async remove(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<E['remove']['params']>) {
    return { success: true, content: await this.comments.remove(params.fuid, params.commentId, caller) };
  }

  @Endpoint(endpoints.people)
  async people(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<E['people']['params']>) {
    return { success: true, content: { people: await this.comments.people(params.fuid, caller) } };
  }
}
