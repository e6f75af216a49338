import { Body, Controller, Param } from '@nestjs/common';
import { planEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { AcademiaService } from './academia.service.js';
import { PlanCatalogueService } from './plan-catalogue.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { UsageService } from './usage.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';

type E = typeof endpoints;

/** The plan catalogue (pricing, comparison), the caller's plan and usage, the trial start and Academia. */
@Controller()
export class PlansController {
  constructor(
    private readonly catalogue: PlanCatalogueService,
    private readonly subscriptions: SubscriptionsService,
    private readonly usage: UsageService,
    private readonly academia: AcademiaService,
    private readonly workspaces: WorkspacesService,
  ) {}

  @Endpoint(endpoints.planFeatures)
  async features() {
    const plans = await this.catalogue.list(true);
    return {
      success: true as const,
      content: plans.map((p) => ({
        name: p.name,
        displayName: p.displayName,
        tagline: p.tagline,
        highlighted: p.highlighted,
        features: p.features,
      })),
    };
  }

  @Endpoint(endpoints.prodConfig)
  async prodConfig() {
    const plans = await this.catalogue.list(true);
    return {
      success: true as const,
      content: plans.map((p) => ({
        id: p.type,
        name: p.name,
        active: p.active,
        trial: p.trial && this.catalogue.billingEnabled,
        currency: p.currency,
        price: p.price,
      })),
    };
  }

  @Endpoint(endpoints.catalogue)
  async list() {
    return {
      success: true as const,
      content: { plans: await this.catalogue.list(true), billingEnabled: this.catalogue.billingEnabled },
    };
  }

  @Endpoint(endpoints.subscription)
  async subscription(@CurrentCaller() caller: Caller) {
    return { success: true as const, content: { subscription: await this.subscriptions.view(caller.userId) } };
  }

  @Endpoint(endpoints.usage)
  async usageOf(@CurrentCaller() caller: Caller) {
    return {
      success: true as const,
      content: { items: await this.usage.usage(await this.workspaces.personalId(caller.userId)) },
    };
  }

  @Endpoint(endpoints.startTrial)
  async startTrial(@CurrentCaller() caller: Caller, @Param() params: Input<E['startTrial']['params']>) {
    await this.subscriptions.startTrial(caller.userId, params.planName, params.billingCycle);
    return { success: true as const, content: { subscription: await this.subscriptions.view(caller.userId) } };
  }

  @Endpoint(endpoints.applyAcademia)
  async apply(@CurrentCaller() caller: Caller, @Body() body: Input<E['applyAcademia']['body']>) {
    return { success: true as const, content: { application: await this.academia.apply(caller.userId, body) } };
  }

  @Endpoint(endpoints.myAcademia)
  async mine(@CurrentCaller() caller: Caller) {
    return { success: true as const, content: { application: await this.academia.mine(caller.userId) } };
  }

  @Endpoint(endpoints.academiaBacklink)
  async backlink(@CurrentCaller() caller: Caller, @Body() body: Input<E['academiaBacklink']['body']>) {
    return {
      success: true as const,
      content: { application: await this.academia.setBacklink(caller.userId, body.backlinkUrl) },
    };
  }
}
