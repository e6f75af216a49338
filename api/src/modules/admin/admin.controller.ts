import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { adminEndpoints } from '@loopwright/contracts';
import type { Request } from 'express';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { RequireRole } from '../../core/auth/roles.decorator.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { APP_CONFIG } from '../../core/tokens.js';
import { clientInfo } from '../auth/client-info.js';
import { MailService } from '../mail/mail.service.js';
import { AdminSetupService } from './admin-setup.service.js';
import { MailSettingsService } from './mail-settings.service.js';
import { mailLogEntry, mailLogMessage } from './mail-log-view.js';

type E = typeof adminEndpoints;
const MAIL_LOG_PAGE_SIZE = 50;

@Controller()
export class AdminController {
  constructor(
    private readonly setup: AdminSetupService,
    private readonly mailSettings: MailSettingsService,
    private readonly mailLog: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Endpoint(adminEndpoints.setupStatus)
  async setupStatus() {
    return { success: true, content: { needsAdmin: await this.setup.needsAdmin() } };
  }

  @Endpoint(adminEndpoints.setup)
  async createFirstAdmin(@Body() body: Input<E['setup']['body']>, @Req() request: Request) {
    const user = await this.setup.createFirstAdmin(body.instanceId, body.email, body.password, clientInfo(request).ip);
    return { success: true, content: { user } };
  }

  @Endpoint(adminEndpoints.proveInstanceId)
  @RequireRole('admin')
  async proveInstanceId(
    @CurrentCaller() caller: Caller,
    @Body() body: Input<E['proveInstanceId']['body']>,
    @Req() request: Request,
  ) {
    await this.instanceIdOnce(caller, body.instanceId, request);
    return { success: true, content: { instanceIdProven: await this.setup.instanceIdProven(caller.sessionId) } };
  }

  /** The instance ID, given once per sign-in session (an answer without it once it was given). */
  private instanceIdOnce(caller: Caller, instanceId: string | undefined, request: Request): Promise<void> {
    return this.setup.assertInstanceIdOnce(instanceId, caller.sessionId, clientInfo(request).ip);
  }

  @Endpoint(adminEndpoints.getMailSettings)
  @RequireRole('admin')
  async getMailSettings(@CurrentCaller() caller: Caller) {
    return { success: true, content: await this.viewFor(caller, this.mailSettings.view()) };
  }

  /** The mail settings with whether this sign-in session still needs to give the instance ID. */
  private async viewFor(caller: Caller, view: ReturnType<MailSettingsService['view']>) {
    const [settings, instanceIdProven] = await Promise.all([view, this.setup.instanceIdProven(caller.sessionId)]);
    return { ...settings, instanceIdProven };
  }

  @Endpoint(adminEndpoints.saveMailSettings)
  @RequireRole('admin')
  async saveMailSettings(
    @CurrentCaller() caller: Caller,
    @Body() body: Input<E['saveMailSettings']['body']>,
    @Req() request: Request,
  ) {
    await this.instanceIdOnce(caller, body.instanceId, request);
    return { success: true, content: await this.viewFor(caller, this.mailSettings.save(body, caller.userId)) };
  }

  @Endpoint(adminEndpoints.deleteMailSettings)
  @RequireRole('admin')
  async deleteMailSettings(@CurrentCaller() caller: Caller) {
    return { success: true, content: await this.viewFor(caller, this.mailSettings.remove(caller.userId)) };
  }

  @Endpoint(adminEndpoints.testMail)
  @RequireRole('admin')
  async testMail(@CurrentCaller() caller: Caller, @Body() body: Input<E['testMail']['body']>, @Req() request: Request) {
    await this.instanceIdOnce(caller, body.instanceId, request);
    return { success: true, content: { message: await this.mailSettings.sendTest(body, this.config.APP_URL) } };
  }

  @Endpoint(adminEndpoints.mailLog)
  @RequireRole('admin')
  async listMailLog(@Query() query: Input<E['mailLog']['query']>) {
    const { entries, total } = await this.mailLog.page(query.page, MAIL_LOG_PAGE_SIZE, {
      status: query.status,
      search: query.search,
    });
    return {
      success: true,
      content: { entries: entries.map(mailLogEntry), total, page: query.page, pageSize: MAIL_LOG_PAGE_SIZE },
    };
  }

  @Endpoint(adminEndpoints.mailLogMessage)
  @RequireRole('admin')
  async readMailLogMessage(@Param() params: Input<E['mailLogMessage']['params']>) {
    const row = await this.mailLog.findById(params.id);
    if (!row) throw AppError.notFound('No such message');
    return { success: true, content: mailLogMessage(row) };
  }
}
