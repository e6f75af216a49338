import { Body, Controller, Param } from '@nestjs/common';
import { sharingEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { SharingService } from './sharing.service.js';

type FuidParams = EndpointInput<typeof endpoints.list.params>;
type ShareParams = EndpointInput<typeof endpoints.update.params>;

@Controller()
export class SharingController {
  constructor(private readonly sharing: SharingService) {}

  @Endpoint(endpoints.privacy)
  async privacy(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Body() body: EndpointInput<typeof endpoints.privacy.body>,
  ) {
    return { success: true, content: { privacy: await this.sharing.setPrivacy(params.fuid, caller, body) } };
  }

  @Endpoint(endpoints.list)
  async list(@CurrentCaller() caller: Caller, @Param() params: FuidParams) {
    return { success: true, content: { shares: await this.sharing.list(params.fuid, caller) } };
  }

  @Endpoint(endpoints.create)
  async create(
    @CurrentCaller() caller: Caller,
    @Param() params: FuidParams,
    @Body() body: EndpointInput<typeof endpoints.create.body>,
  ) {
    return { success: true, content: { share: await this.sharing.create(params.fuid, caller, body.email, body.role) } };
  }

  @Endpoint(endpoints.update)
  async update(
    @CurrentCaller() caller: Caller,
    @Param() params: ShareParams,
    @Body() body: EndpointInput<typeof endpoints.update.body>,
  ) {
    return {
      success: true,
      content: { share: await this.sharing.update(params.fuid, caller, params.shareId, body.role) },
    };
  }

  @Endpoint(endpoints.delete)
  async delete(@CurrentCaller() caller: Caller, @Param() params: ShareParams) {
    await this.sharing.delete(params.fuid, caller, params.shareId);
    return { success: true, content: { message: 'The diagram is no longer shared with this person' } };
  }
}
