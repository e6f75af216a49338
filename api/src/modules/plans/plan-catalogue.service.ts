import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  planLimitKeys,
  PlanType,
  type PlanFeature,
  type PlanGroup,
  type PlanLimits,
  type PlanUpdateBody,
  type PlanView,
} from '@loopwright/contracts';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { InstanceService } from '../instance/instance.service.js';
import { defaultPlanCatalogue, type CatalogPlan } from './plan-catalogue.seed.js';
import { planData, PlansRepository, type PlanRow } from './plans.repository.js';

/** The plan every workspace gets on a self-hosted instance until the admin picks another: no limits. */
export const DEFAULT_SELF_HOSTED_PLAN_TYPE = PlanType.ENTERPRISE;
const SELF_HOSTED_PLAN_KEY = 'plans.self_hosted_plan_type';

export function limitsOf(row: PlanRow): PlanLimits {
  return {
    components: row.maxComponents,
    runSteps: row.maxRunSteps,
    libraryItems: row.maxLibraryItems,
    tags: row.maxTags,
    monthlyPredictions: row.maxMonthlyPredictions,
    versionHistoryDays: row.versionHistoryDays,
    editors: row.maxEditors,
    eventsPerUserPerMonth: row.maxEventsPerUserPerMonth,
    timeSteps: row.maxTimeSteps,
    studyRuns: row.maxStudyRuns,
  };
}

export function planView(row: PlanRow): PlanView {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    displayName: row.displayName,
    group: row.group as PlanGroup,
    tagline: row.tagline,
    active: row.active,
    trial: row.trial,
    highlighted: row.highlighted,
    position: row.position,
    currency: row.currency,
    price: { monthly: row.priceMonthlyCents / 100, yearly: row.priceYearlyCents / 100 },
    privateDiagrams: row.privateDiagrams,
    teams: row.teams,
    workEmailRequired: row.workEmailRequired,
    limits: limitsOf(row),
    features: row.features as unknown as PlanFeature[],
  };
}

/**
 * The plan catalogue: the `plans` table, filled from the default catalogue (plan-catalogue.seed.ts) at start for
 * any plan type missing, then edited by the instance admin. Also answers whether billing is on:
 * without STRIPE_SECRET_KEY the instance is self-hosted, billing is off, and every workspace gets
 * the plan the admin chose (default Enterprise: no limits).
 */
@Injectable()
export class PlanCatalogueService implements OnModuleInit {
  constructor(
    private readonly plans: PlansRepository,
    private readonly instance: InstanceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    // The app starts (and says it is not ready) while the database is away; the catalogue comes at the next start.
    await this.plans
      .insertMissingPlans(defaultPlanCatalogue)
      .catch((error: Error) =>
        this.logger.warn({ error: error.message }, 'could not insert the default plan catalogue'),
      );
  }

  /** False on a self-hosted instance (no Stripe key): no payment screens, no trials, the admin's plan for all. */
  get billingEnabled(): boolean {
    return Boolean(this.config.STRIPE_SECRET_KEY);
  }

  async list(onlyActive = false): Promise<PlanView[]> {
    return (await this.plans.listPlans(onlyActive)).map(planView);
  }

  async byType(type: number, tx?: TransactionClient): Promise<PlanView> {
    const row = await this.plans.planByType(type, tx);
    if (!row) throw new AppError('PLAN_NOT_FOUND');
    return planView(row);
  }

  async byName(name: string, tx?: TransactionClient): Promise<PlanView | null> {
    const row = await this.plans.planByName(name, tx);
    return row ? planView(row) : null;
  }

  /** Public (type 0): the plan of a workspace without a subscription, and where downgrades land. */
  publicPlan(tx?: TransactionClient): Promise<PlanView> {
    return this.byType(PlanType.COMMUNITY, tx);
  }

  /** Stripe price id of a plan and cycle (billing uses it for Checkout). */
  async stripePrice(type: number, cycle: 'monthly' | 'yearly'): Promise<string | null> {
    const row = await this.plans.planByType(type);
    if (!row) throw new AppError('PLAN_NOT_FOUND');
    return cycle === 'monthly' ? row.stripePriceMonthly : row.stripePriceYearly;
  }

  async update(type: number, body: PlanUpdateBody): Promise<PlanView> {
    const existing = await this.plans.planByType(type);
    if (!existing) throw new AppError('PLAN_NOT_FOUND');
    const limits = Object.fromEntries(planLimitKeys.map((k) => [k, body.limits[k] ?? null])) as PlanLimits;
    const entry: Omit<CatalogPlan, 'name' | 'type' | 'group'> = { ...body, limits };
    return planView(await this.plans.updatePlan(type, planData(entry)));
  }

  async selfHostedPlanType(tx?: TransactionClient): Promise<number> {
    const type = await this.instance.setting<unknown>(SELF_HOSTED_PLAN_KEY, tx);
    return typeof type === 'number' ? type : DEFAULT_SELF_HOSTED_PLAN_TYPE;
  }

  async setSelfHostedPlanType(type: number): Promise<number> {
    await this.byType(type);
    await this.instance.setSetting(SELF_HOSTED_PLAN_KEY, type);
    return type;
  }
}
