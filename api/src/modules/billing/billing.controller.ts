import { Body, Controller, Query, Req } from '@nestjs/common';
import { billingEndpoints as endpoints } from '@loopwright/contracts';
import type { Request } from 'express';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput } from '../../core/http/endpoint.decorator.js';
import { BillingAccountService } from './billing-account.service.js';
import { BillingWebhooksService } from './billing-webhooks.service.js';
import { BillingService } from './billing.service.js';

type E = typeof endpoints;
type WorkspaceBody = EndpointInput<E['undoCancel']['body']>;
type WorkspaceQuery = EndpointInput<E['overview']['query']>;

@Controller()
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly account: BillingAccountService,
    private readonly webhooks: BillingWebhooksService,
  ) {}

  @Endpoint(endpoints.overview)
  async overview(@CurrentCaller() caller: Caller, @Query() query: WorkspaceQuery) {
    return { success: true, content: await this.billing.overview(caller, query.workspaceId) };
  }

  @Endpoint(endpoints.checkout)
  async checkout(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<E['checkout']['body']>) {
    return { success: true, content: await this.billing.checkout(caller, body) };
  }

  @Endpoint(endpoints.portal)
  async portal(@CurrentCaller() caller: Caller, @Body() body: WorkspaceBody) {
    return { success: true, content: await this.billing.portal(caller, body.workspaceId) };
  }

  @Endpoint(endpoints.cancel)
  async cancel(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<E['cancel']['body']>) {
    return { success: true, content: await this.billing.cancel(caller, body) };
  }

  @Endpoint(endpoints.undoCancel)
  async undoCancel(@CurrentCaller() caller: Caller, @Body() body: WorkspaceBody) {
    return { success: true, content: await this.billing.undoCancel(caller, body.workspaceId) };
  }

  @Endpoint(endpoints.resume)
  async resume(@CurrentCaller() caller: Caller, @Body() body: WorkspaceBody) {
    return { success: true, content: await this.billing.resume(caller, body.workspaceId) };
  }

  @Endpoint(endpoints.retryPayment)
  async retryPayment(@CurrentCaller() caller: Caller, @Body() body: WorkspaceBody) {
    return { success: true, content: await this.billing.retryPayment(caller, body.workspaceId) };
  }

  @Endpoint(endpoints.changePlan)
  async changePlan(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<E['changePlan']['body']>) {
    return { success: true, content: await this.billing.changePlan(caller, body) };
  }

  @Endpoint(endpoints.cancelPendingChange)
  async cancelPendingChange(@CurrentCaller() caller: Caller, @Body() body: WorkspaceBody) {
    return { success: true, content: await this.billing.cancelPendingChange(caller, body.workspaceId) };
  }

  @Endpoint(endpoints.invoices)
  async invoices(@CurrentCaller() caller: Caller, @Query() query: WorkspaceQuery) {
    return { success: true, content: { invoices: await this.account.invoices(caller, query.workspaceId) } };
  }

  @Endpoint(endpoints.accountDetails)
  async accountDetails(@CurrentCaller() caller: Caller, @Query() query: WorkspaceQuery) {
    return { success: true, content: await this.account.details(caller, query.workspaceId) };
  }

  @Endpoint(endpoints.saveAccountDetails)
  async saveAccountDetails(
    @CurrentCaller() caller: Caller,
    @Body() body: EndpointInput<E['saveAccountDetails']['body']>,
  ) {
    return { success: true, content: await this.account.save(caller, body) };
  }

  @Endpoint(endpoints.setTaxId)
  async setTaxId(@CurrentCaller() caller: Caller, @Body() body: EndpointInput<E['setTaxId']['body']>) {
    return { success: true, content: await this.account.setTaxId(caller, body) };
  }

  @Endpoint(endpoints.deleteTaxId)
  async deleteTaxId(@CurrentCaller() caller: Caller, @Query() query: WorkspaceQuery) {
    return { success: true, content: await this.account.deleteTaxId(caller, query.workspaceId) };
  }

  /** Stripe's raw body (mounted with express.raw in http-app.ts) so the signature can be checked. */
  @Endpoint(endpoints.webhook)
  async webhook(@Req() request: Request) {
    await this.webhooks.receive(request.body as Buffer, request.header('stripe-signature'));
    return { received: true as const };
  }
}
