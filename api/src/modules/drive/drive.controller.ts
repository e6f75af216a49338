import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import { driveEndpoints as endpoints } from '@loopwright/contracts';
import type { Response } from 'express';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { DriveService } from './drive.service.js';

/** Only a path on this site (no scheme, no protocol-relative address) may be a return address. */
function safeReturn(value: string | undefined): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/diagrams';
}
function withFlag(path: string, flag: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}drive=${flag}`;
}

@Controller()
export class DriveController {
  constructor(private readonly drive: DriveService) {}

  @Endpoint(endpoints.status)
  async status(@CurrentCaller() caller: Caller) {
    return { success: true, content: await this.drive.status(caller) };
  }

  @Endpoint(endpoints.connect)
  connect(
    @CurrentCaller() caller: Caller,
    @Query() query: EndpointInput<typeof endpoints.connect.query>,
    @Res() response: Response,
  ) {
    response.redirect(302, this.drive.authorizeUrl(caller, safeReturn(query.returnTo)));
  }

  @Endpoint(endpoints.callback)
  async callback(
    @CurrentCaller() caller: Caller,
    @Query() query: EndpointInput<typeof endpoints.callback.query>,
    @Res() response: Response,
  ) {
    const landing =
      query.error || !query.code || !query.state ? null : await this.drive.finish(caller, query.code, query.state);
    response.redirect(302, landing ? withFlag(landing, 'connected') : withFlag('/diagrams', 'error'));
  }

  @Endpoint(endpoints.disconnect)
  async disconnect(@CurrentCaller() caller: Caller) {
    await this.drive.disconnect(caller);
    return { success: true, content: { message: 'Google Drive disconnected' } };
  }

  @Endpoint(endpoints.export)
  async export(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<typeof endpoints.export.body>) {
    return { success: true, content: { file: await this.drive.export(caller, body.fuid, body.folderId) } };
  }

  @Endpoint(endpoints.files)
  async files(@CurrentCaller() caller: Caller) {
    return { success: true, content: { files: await this.drive.list(caller) } };
  }

  @Endpoint(endpoints.import)
  async import(@CurrentCaller() caller: Caller, @Param() params: EndpointInput<typeof endpoints.import.params>) {
    return { success: true, content: { diagram: await this.drive.import(caller, params.fileId) } };
  }
}
