import { Body, Controller, Param } from '@nestjs/common';
import { libraryEndpoints as endpoints, preferenceEndpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { LibraryService } from './library.service.js';
import { PreferencesService } from './preferences.service.js';

type IdParams = EndpointInput<typeof endpoints.update.params>;

@Controller()
export class LibraryController {
  constructor(
    private readonly library: LibraryService,
    private readonly preferences: PreferencesService,
  ) {}

  @Endpoint(endpoints.list)
  async list(@CurrentCaller() caller: Caller) {
    return { success: true, content: await this.library.list(caller) };
  }

  @Endpoint(endpoints.create)
  async create(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<typeof endpoints.create.body>) {
    return { success: true, content: { item: await this.library.create(caller, body) } };
  }

  @Endpoint(endpoints.reorder)
  async reorder(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<typeof endpoints.reorder.body>) {
    return { success: true, content: { items: await this.library.reorder(caller, body.ids) } };
  }

  @Endpoint(endpoints.update)
  async update(
    @CurrentCaller() caller: Caller,
    @Param() params: IdParams,
    @Body() body: EndpointInput<typeof endpoints.update.body>,
  ) {
    return { success: true, content: { item: await this.library.update(caller, params.id, body) } };
  }

  @Endpoint(endpoints.delete)
  async delete(@CurrentCaller() caller: Caller, @Param() params: IdParams) {
    await this.library.delete(caller, params.id);
    return { success: true, content: { message: 'The library item was deleted' } };
  }

  @Endpoint(preferenceEndpoints.get)
  async getPreferences(@CurrentCaller() caller: Caller) {
    return { success: true, content: { preferences: await this.preferences.get(caller) } };
  }

  @Endpoint(preferenceEndpoints.save)
  async savePreferences(
    @CurrentCaller() caller: Caller,
    @Body() body: EndpointInput<typeof preferenceEndpoints.save.body>,
  ) {
    return { success: true, content: { preferences: await this.preferences.save(caller, body) } };
  }

  @Endpoint(preferenceEndpoints.regenerateToken)
  async regenerateToken(
    @CurrentCaller() caller: Caller,
    @Param() params: EndpointInput<typeof preferenceEndpoints.regenerateToken.params>,
  ) {
    return { success: true, content: { fileToken: await this.preferences.regenerateToken(params.fuid, caller) } };
  }
}
