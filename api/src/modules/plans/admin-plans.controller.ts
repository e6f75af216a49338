import { Body, Controller, Param, Query } from '@nestjs/common';
import { planEndpoints as endpoints } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { CurrentCaller } from '../../core/auth/current-caller.decorator.js';
import { RequireRole } from '../../core/auth/roles.decorator.js';
import { Endpoint, type EndpointInput as Input } from '../../core/http/endpoint.decorator.js';
import { AcademiaService } from './academia.service.js';
import { PlanCatalogueService } from './plan-catalogue.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

type E = typeof endpoints;

/** Instance admin: edit the catalogue, choose the self-hosted plan, decide Academia applications. */
@Controller()
export class AdminPlansController {
  constructor(
    private readonly catalogue: PlanCatalogueService,
    private readonly academia: AcademiaService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  @Endpoint(endpoints.adminPlans)
  @RequireRole('admin')
  async list() {
    return {
      success: true as const,
      content: {
        plans: await this.catalogue.list(),
        billingEnabled: this.catalogue.billingEnabled,
        selfHostedPlanType: await this.catalogue.selfHostedPlanType(),
      },
    };
  }

  @Endpoint(endpoints.adminUpdatePlan)
  @RequireRole('admin')
  async update(
    @CurrentCaller() caller: Caller,
    @Param() params: Input<E['adminUpdatePlan']['params']>,
    @Body() body: Input<E['adminUpdatePlan']['body']>,
  ) {
    return {
      success: true as const,
      content: { plan: await this.catalogue.update(params.type, body, caller.userId) },
    };
  }

  @Endpoint(endpoints.adminSelfHostedPlan)
  @RequireRole('admin')
  async selfHosted(@CurrentCaller() caller: Caller, @Body() body: Input<E['adminSelfHostedPlan']['body']>) {
    return {
      success: true as const,
      content: { selfHostedPlanType: await this.catalogue.setSelfHostedPlanType(body.planType, caller.userId) },
    };
  }

  /** The same handlers the hourly jobs run (idempotent), for an admin who does not want to wait. */
  @Endpoint(endpoints.adminRunPlanJob)
  @RequireRole('admin')
  async runJob(@Param() params: Input<E['adminRunPlanJob']['params']>) {
    const content =
      params.job === 'expire-trials'
        ? { downgraded: await this.subscriptions.expireTrials() }
        : await this.academia.runBacklinkDeadlines();
    return { success: true as const, content };
  }

  @Endpoint(endpoints.adminAcademia)
  @RequireRole('admin')
  async applications(@Query() query: Input<E['adminAcademia']['query']>) {
    return { success: true as const, content: { items: await this.academia.list(query.status) } };
  }

  @Endpoint(endpoints.adminDecideAcademia)
  @RequireRole('admin')
  async decide(
    @Param() params: Input<E['adminDecideAcademia']['params']>,
    @Body() body: Input<E['adminDecideAcademia']['body']>,
  ) {
    return { success: true as const, content: { application: await this.academia.decide(params.id, body.decision) } };
  }
}
