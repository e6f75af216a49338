import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { InputJsonValue } from '../../generated/prisma/internal/prismaNamespace.js';
import type { CatalogPlan } from './plan-catalogue.seed.js';

export const planSelect = {
  id: true,
  type: true,
  name: true,
  displayName: true,
  group: true,
  tagline: true,
  active: true,
  trial: true,
  highlighted: true,
  position: true,
  currency: true,
  priceMonthlyCents: true,
  priceYearlyCents: true,
  stripePriceMonthly: true,
  stripePriceYearly: true,
  features: true,
  maxComponents: true,
  maxRunSteps: true,
  maxLibraryItems: true,
  maxTags: true,
  maxMonthlyPredictions: true,
  versionHistoryDays: true,
  maxEditors: true,
  maxEventsPerUserPerMonth: true,
  maxTimeSteps: true,
  maxStudyRuns: true,
  privateDiagrams: true,
  teams: true,
  workEmailRequired: true,
} as const satisfies Prisma.PlanSelect;
export type PlanRow = Prisma.PlanGetPayload<{ select: typeof planSelect }>;

export const subscriptionSelect = {
  id: true,
  workspaceId: true,
  status: true,
  billingCycle: true,
  seats: true,
  trialEndsAt: true,
  currentPeriodStart: true,
  currentPeriodEnd: true,
  cancelAt: true,
  canceledAt: true,
  pendingBillingCycle: true,
  pendingChangeAt: true,
  downgradedAt: true,
  stripeCustomerId: true,
  stripeSubscriptionId: true,
  stripePriceId: true,
  stripeEventAt: true,
  plan: { select: planSelect },
  pendingPlan: { select: planSelect },
} as const satisfies Prisma.SubscriptionSelect;
export type SubscriptionRow = Prisma.SubscriptionGetPayload<{ select: typeof subscriptionSelect }>;
export type SubscriptionWrite = Omit<
  Prisma.SubscriptionUncheckedUpdateInput,
  'id' | 'workspaceId' | 'createdAt' | 'updatedAt'
>;

/** Plan columns from a catalogue entry (prices in cents). */
export function planData(plan: Omit<CatalogPlan, 'name' | 'type' | 'group'>) {
  return {
    displayName: plan.displayName,
    tagline: plan.tagline,
    active: plan.active,
    trial: plan.trial,
    highlighted: Boolean(plan.highlighted),
    position: plan.position,
    priceMonthlyCents: Math.round(plan.price.monthly * 100),
    priceYearlyCents: Math.round(plan.price.yearly * 100),
    features: plan.features as unknown as InputJsonValue,
    privateDiagrams: plan.privateDiagrams,
    teams: plan.teams,
    ...(plan.workEmailRequired === undefined ? {} : { workEmailRequired: plan.workEmailRequired }),
    maxComponents: plan.limits.components,
    maxRunSteps: plan.limits.runSteps,
    maxLibraryItems: plan.limits.libraryItems,
    maxTags: plan.limits.tags,
    maxMonthlyPredictions: plan.limits.monthlyPredictions,
    versionHistoryDays: plan.limits.versionHistoryDays,
    maxEditors: plan.limits.editors,
    maxEventsPerUserPerMonth: plan.limits.eventsPerUserPerMonth,
    maxTimeSteps: plan.limits.timeSteps,
    maxStudyRuns: plan.limits.studyRuns,
  };
}

/** The only file that touches plans, subscriptions and the usage counts the plan screens show. */
@Injectable()
export class PlansRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(work: (tx: TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  // ---- catalogue ----

  /** Inserts catalogue entries whose type is missing (INSERT … ON CONFLICT DO NOTHING); admin edits stay. */
  async insertMissingPlans(plans: CatalogPlan[]): Promise<number> {
    const result = await this.prisma.plan.createMany({
      data: plans.map((p) => ({ type: p.type, name: p.name, group: p.group, ...planData(p) })),
      skipDuplicates: true,
    });
    return result.count;
  }

  listPlans(onlyActive = false) {
    return this.prisma.plan.findMany({
      where: onlyActive ? { active: true } : {},
      select: planSelect,
      orderBy: [{ position: 'asc' }, { type: 'asc' }],
    });
  }

  planByType(type: number, tx: TransactionClient = this.prisma) {
    return tx.plan.findUnique({ where: { type }, select: planSelect });
  }

  planByName(name: string, tx: TransactionClient = this.prisma) {
    return tx.plan.findUnique({ where: { name }, select: planSelect });
  }

  updatePlan(type: number, data: ReturnType<typeof planData>) {
    return this.prisma.plan.update({ where: { type }, data, select: planSelect });
  }

  // ---- subscriptions ----

  subscription(workspaceId: string, tx: TransactionClient = this.prisma) {
    return tx.subscription.findUnique({ where: { workspaceId }, select: subscriptionSelect });
  }

  subscriptionByStripeId(stripeSubscriptionId: string, tx: TransactionClient = this.prisma) {
    return tx.subscription.findUnique({ where: { stripeSubscriptionId }, select: subscriptionSelect });
  }

  subscriptionByCustomer(stripeCustomerId: string, tx: TransactionClient = this.prisma) {
    return tx.subscription.findUnique({ where: { stripeCustomerId }, select: subscriptionSelect });
  }

  /** Locks the workspace's subscription row for the rest of the transaction (creating it on Public when missing). */
  async lockSubscription(workspaceId: string, publicPlanId: string, tx: TransactionClient) {
    await tx.subscription.createMany({
      data: [{ workspaceId, planId: publicPlanId, status: 'active' }],
      skipDuplicates: true,
    });
    await tx.$queryRaw`SELECT id FROM subscriptions WHERE workspace_id = ${workspaceId}::uuid FOR UPDATE`;
    return tx.subscription.findUniqueOrThrow({ where: { workspaceId }, select: subscriptionSelect });
  }

  updateSubscription(workspaceId: string, data: SubscriptionWrite, tx: TransactionClient) {
    return tx.subscription.update({ where: { workspaceId }, data, select: subscriptionSelect });
  }

  /** Trials whose end has passed (the expiry job's work list). */
  async expiredTrials(now: Date, take = 500): Promise<string[]> {
    const rows = await this.prisma.subscription.findMany({
      where: { status: 'trialing', trialEndsAt: { lte: now } },
      select: { workspaceId: true },
      take,
      orderBy: { trialEndsAt: 'asc' },
    });
    return rows.map((r) => r.workspaceId);
  }

  /** Scheduled cancellations and pending changes that are due (applied by the same job). */
  async dueChanges(now: Date, take = 500): Promise<string[]> {
    const rows = await this.prisma.subscription.findMany({
      where: {
        OR: [
          { status: 'cancel_scheduled', cancelAt: { lte: now }, stripeSubscriptionId: null },
          { pendingChangeAt: { lte: now }, stripeSubscriptionId: null },
        ],
      },
      select: { workspaceId: true },
      take,
    });
    return rows.map((r) => r.workspaceId);
  }

  // ---- the account behind a workspace ----

  workspace(workspaceId: string, tx: TransactionClient = this.prisma) {
    return tx.workspace.findUnique({
      where: { id: workspaceId },
      select: { id: true, kind: true, ownerId: true, personalUserId: true, name: true },
    });
  }

  user(userId: string, tx: TransactionClient = this.prisma) {
    return tx.user.findUnique({
      where: { id: userId },
      select: {
        id: true,
        email: true,
        username: true,
        firstName: true,
        trialUsed: true,
        isPrivateAccount: true,
        subscriptionPlan: true,
      },
    });
  }

  // ---- usage (what the plan screens show against each limit) ----

  async componentCount(
    workspaceId: string,
    exceptDiagramId?: string,
    tx: TransactionClient = this.prisma,
  ): Promise<number> {
    const result = await tx.diagram.aggregate({
      where: { workspaceId, deletedAt: null, ...(exceptDiagramId ? { id: { not: exceptDiagramId } } : {}) },
      _sum: { componentCount: true },
    });
    return result._sum.componentCount ?? 0;
  }

  tagCount(workspaceId: string, tx: TransactionClient = this.prisma): Promise<number> {
    return tx.tag.count({ where: { workspaceId } });
  }

  /** Multiple-run batches started in the workspace since `since`. */
  batchCount(workspaceId: string, since: Date, tx: TransactionClient = this.prisma): Promise<number> {
    return tx.play.count({ where: { workspaceId, kind: 'multiple', createdAt: { gte: since } } });
  }

  largestStepsLimit(workspaceId: string): Promise<number> {
    return this.prisma.diagram
      .aggregate({ where: { workspaceId, deletedAt: null }, _max: { timeStepsLimit: true } })
      .then((r) => r._max.timeStepsLimit ?? 0);
  }

  activeMemberCount(workspaceId: string): Promise<number> {
    return this.prisma.workspaceMember.count({ where: { workspaceId, status: 'active' } });
  }

  /** Diagrams of the workspace that are visible to others (public on community or by link). */
  publicDiagramCount(workspaceId: string): Promise<number> {
    return this.prisma.diagram.count({
      where: { workspaceId, deletedAt: null, OR: [{ community: true }, { linkAccess: { not: 'none' } }] },
    });
  }
}
