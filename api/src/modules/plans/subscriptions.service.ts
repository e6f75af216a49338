import { Injectable } from '@nestjs/common';
import { PlanType, TRIAL_DAYS, type BillingCycle, type PlanView, type SubscriptionView } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { DomainEventsService, type Emit } from '../events/domain-events.service.js';
import { UserFieldsService } from '../users/user-fields.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { PlanCatalogueService, planView } from './plan-catalogue.service.js';
import { PlansRepository, type SubscriptionRow, type SubscriptionWrite } from './plans.repository.js';
import { holdsPlan, planApplies } from './subscription-status.js';
import type { ApplyOptions, ApplyResult, SubscriptionChange, SubscriptionState } from './subscription-state.js';

const DAY_MS = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface Guarded extends ApplyOptions {
  /** Internal: apply only when the locked row passes this check (idempotent jobs). */
  when?: (before: SubscriptionState) => boolean;
}

/**
 * Each workspace's subscription: its plan and state (app.md §4). The only writer of the
 * `subscriptions` table. Billing (Stripe webhooks) and the plan jobs change it through applyChange
 * and downgradeToPublic; every change of plan or status emits SubscriptionChanged in the same
 * transaction, and the personal workspace's plan is mirrored to users.subscription_plan.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly plans: PlansRepository,
    private readonly catalogue: PlanCatalogueService,
    private readonly workspaces: WorkspacesService,
    private readonly events: DomainEventsService,
    private readonly userFields: UserFieldsService,
  ) {}

  /** The workspace's subscription (Public and active when it has none). */
  async current(workspaceId: string, tx?: TransactionClient): Promise<SubscriptionState> {
    const workspace = await this.workspaces.find(workspaceId, tx);
    if (!workspace) throw new AppError('WORKSPACE_NOT_FOUND');
    const row = await this.plans.subscription(workspaceId, tx);
    return this.state(workspace, row, tx);
  }

  /** The subscription of the user's personal workspace. */
  async currentForUser(userId: string): Promise<SubscriptionState> {
    return this.current(await this.workspaces.personalId(userId));
  }

  /** For billing: the subscription a Stripe subscription or customer id belongs to, or null. */
  async findByStripeSubscription(stripeSubscriptionId: string): Promise<SubscriptionState | null> {
    const row = await this.plans.subscriptionByStripeId(stripeSubscriptionId);
    return row ? this.current(row.workspaceId) : null;
  }

  async findByStripeCustomer(stripeCustomerId: string): Promise<SubscriptionState | null> {
    const row = await this.plans.subscriptionByCustomer(stripeCustomerId);
    return row ? this.current(row.workspaceId) : null;
  }

  /** What the plan screens show the caller about a workspace (the personal one by default). */
  async view(callerId: string, workspaceId?: string): Promise<SubscriptionView> {
    const id = workspaceId ?? (await this.workspaces.personalId(callerId));
    const state = await this.current(id);
    const caller = await this.plans.user(callerId);
    const pending = state.pendingPlan;
    return {
      workspaceId: state.workspaceId,
      plan: state.status === 'expired' ? state.plan : state.effectivePlan,
      status: state.status,
      billingCycle: state.billingCycle,
      seats: state.seats,
      trialEndsAt: iso(state.trialEndsAt),
      currentPeriodEnd: iso(state.currentPeriodEnd),
      cancelAt: iso(state.cancelAt),
      pendingPlan: pending ? { type: pending.type, name: pending.name, displayName: pending.displayName } : null,
      pendingBillingCycle: state.pendingBillingCycle,
      pendingChangeAt: iso(state.pendingChangeAt),
      billingEnabled: state.billingEnabled,
      canManage: state.ownerId === callerId,
      trialUsed: caller?.trialUsed ?? false,
    };
  }

  /**
   * Changes the subscription (created on Public when missing) under a row lock. With
   * options.stripeEventAt, an event older than the last one applied changes nothing. Emits
   * SubscriptionChanged when the plan or status changed.
   */
  async applyChange(workspaceId: string, change: SubscriptionChange, options: ApplyOptions): Promise<ApplyResult> {
    const guarded: Guarded = options;
    if (options.tx) {
      if (!options.emit)
        throw new Error('applyChange with a transaction needs its emit too (DomainEventsService.transaction)');
      return this.applyIn(workspaceId, change, guarded, options.tx, options.emit);
    }
    return this.events.transaction((tx, emit) => this.applyIn(workspaceId, change, guarded, tx, emit));
  }

  /**
   * Back to Public (trial end, cancellation, Academia reversion): status `canceled` when the reason
   * is a cancellation, else `active`; pending changes and the scheduled cancellation are cleared.
   * Stripe ids stay (billing decides about them).
   */
  async downgradeToPublic(
    workspaceId: string,
    reason: ApplyOptions['reason'],
    options: Omit<ApplyOptions, 'reason'> = {},
  ): Promise<ApplyResult> {
    return this.applyChange(workspaceId, this.publicChange(reason), { ...options, reason });
  }

  /**
   * Starts the 14-day trial of a plan on the user's personal workspace: no card, once per account
   * (users.trial_used is claimed in the same transaction, so two tabs cannot both start one).
   */
  async startTrial(
    userId: string,
    planName: string,
    billingCycle: BillingCycle,
    now = new Date(),
  ): Promise<SubscriptionState> {
    if (!this.catalogue.billingEnabled) throw new AppError('PLAN_BILLING_DISABLED');
    const plan = await this.catalogue.byName(planName);
    if (!plan || !plan.active || !plan.trial) throw new AppError('PLAN_TRIAL_NOT_AVAILABLE');
    const workspaceId = await this.workspaces.personalId(userId);
    const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
    const result = await this.events.transaction(async (tx, emit) => {
      const before = await this.lockedState(workspaceId, tx);
      if (before.status === 'trialing') throw new AppError('PLAN_TRIAL_USED');
      if (holdsPlan(before)) throw new AppError('PLAN_ALREADY_PAID');
      if (!(await this.userFields.claimTrial(userId, tx))) throw new AppError('PLAN_TRIAL_USED');
      return this.applyIn(
        workspaceId,
        {
          planType: plan.type,
          status: 'trialing',
          billingCycle,
          trialEndsAt,
          currentPeriodStart: now,
          currentPeriodEnd: trialEndsAt,
          cancelAt: null,
          canceledAt: null,
          pendingPlanType: null,
          pendingBillingCycle: null,
          pendingChangeAt: null,
        },
        { reason: 'trial_started' },
        tx,
        emit,
      );
    });
    return result.state;
  }

  /**
   * The trial-expiry job: every trial whose end has passed goes back to Public. Idempotent: each
   * row is re-checked under its lock, so a second run (or two workers at once) changes nothing twice.
   */
  async expireTrials(now = new Date()): Promise<number> {
    let downgraded = 0;
    for (const workspaceId of await this.plans.expiredTrials(now)) {
      const result = await this.events.transaction((tx, emit) =>
        this.applyIn(
          workspaceId,
          this.publicChange('trial_expired'),
          { reason: 'trial_expired', when: (s) => s.status === 'trialing' && !!s.trialEndsAt && s.trialEndsAt <= now },
          tx,
          emit,
        ),
      );
      if (result.applied) downgraded++;
    }
    return downgraded;
  }

  private publicChange(reason: string): SubscriptionChange {
    return {
      planType: PlanType.COMMUNITY,
      status: reason === 'canceled' ? 'canceled' : 'active',
      cancelAt: null,
      pendingPlanType: null,
      pendingBillingCycle: null,
      pendingChangeAt: null,
      ...(reason === 'canceled' ? { canceledAt: new Date() } : {}),
    };
  }

  private async lockedState(workspaceId: string, tx: TransactionClient): Promise<SubscriptionState> {
    const workspace = await this.workspaces.find(workspaceId, tx);
    if (!workspace) throw new AppError('WORKSPACE_NOT_FOUND');
    const publicPlan = await this.catalogue.publicPlan(tx);
    return this.state(workspace, await this.plans.lockSubscription(workspaceId, publicPlan.id, tx), tx);
  }

  private async applyIn(
    workspaceId: string,
    change: SubscriptionChange,
    options: Guarded,
    tx: TransactionClient,
    emit: Emit,
  ): Promise<ApplyResult> {
    const before = await this.lockedState(workspaceId, tx);
    if (options.when && !options.when(before)) return { applied: false, state: before };
    if (options.stripeEventAt && before.stripeEventAt && before.stripeEventAt > options.stripeEventAt)
      return { applied: false, state: before };
    const { planType, pendingPlanType, ...fields } = change;
    const data: SubscriptionWrite = { ...fields };
    if (planType !== undefined) data.planId = (await this.catalogue.byType(planType, tx)).id;
    if (pendingPlanType !== undefined)
      data.pendingPlanId = pendingPlanType === null ? null : (await this.catalogue.byType(pendingPlanType, tx)).id;
    if (options.stripeEventAt) data.stripeEventAt = options.stripeEventAt;
    const planChanged = planType !== undefined && planType !== before.plan.type;
    const statusChanged = change.status !== undefined && change.status !== before.status;
    if (
      (planChanged || statusChanged) &&
      (change.planType === PlanType.COMMUNITY || (change.status && !planApplies(change.status)))
    )
      data.downgradedAt = new Date();
    const workspace = { id: before.workspaceId, kind: before.workspaceKind, ownerId: before.ownerId };
    const after = await this.state(workspace, await this.plans.updateSubscription(workspaceId, data, tx), tx);
    const applied = JSON.stringify(comparable(before)) !== JSON.stringify(comparable(after));
    if (planChanged || statusChanged) {
      await emit({
        type: 'SubscriptionChanged',
        payload: {
          workspaceId,
          ownerId: after.ownerId,
          plan: after.plan.name,
          planDisplayName: after.plan.displayName,
          previousPlan: before.plan.name,
          status: after.status,
          previousStatus: before.status,
          reason: options.reason,
        },
      });
      if (after.workspaceKind === 'personal')
        await this.userFields.mirrorPlan(
          after.ownerId,
          planApplies(after.status) ? after.plan.type : PlanType.COMMUNITY,
          tx,
        );
    }
    return { applied, state: after };
  }

  private async state(
    workspace: { id: string; kind: 'personal' | 'team'; ownerId: string },
    row: SubscriptionRow | null,
    tx?: TransactionClient,
  ): Promise<SubscriptionState> {
    const billingEnabled = this.catalogue.billingEnabled;
    const publicPlan = row?.plan.type === PlanType.COMMUNITY ? planView(row.plan) : await this.catalogue.publicPlan(tx);
    const plan = row ? planView(row.plan) : publicPlan;
    const status = row?.status ?? 'active';
    let effectivePlan: PlanView = planApplies(status) ? plan : publicPlan;
    if (!billingEnabled) effectivePlan = await this.catalogue.byType(await this.catalogue.selfHostedPlanType(tx), tx);
    return {
      workspaceId: workspace.id,
      ownerId: workspace.ownerId,
      workspaceKind: workspace.kind,
      plan,
      effectivePlan,
      status,
      billingCycle: row?.billingCycle ?? 'monthly',
      seats: row?.seats ?? 1,
      trialEndsAt: row?.trialEndsAt ?? null,
      currentPeriodStart: row?.currentPeriodStart ?? null,
      currentPeriodEnd: row?.currentPeriodEnd ?? null,
      cancelAt: row?.cancelAt ?? null,
      canceledAt: row?.canceledAt ?? null,
      pendingPlan: row?.pendingPlan ? planView(row.pendingPlan) : null,
      pendingBillingCycle: row?.pendingBillingCycle ?? null,
      pendingChangeAt: row?.pendingChangeAt ?? null,
      downgradedAt: row?.downgradedAt ?? null,
      stripeCustomerId: row?.stripeCustomerId ?? null,
      stripeSubscriptionId: row?.stripeSubscriptionId ?? null,
      stripePriceId: row?.stripePriceId ?? null,
      stripeEventAt: row?.stripeEventAt ?? null,
      billingEnabled,
    };
  }
}

function comparable(s: SubscriptionState) {
  const { effectivePlan: _e, downgradedAt: _d, stripeEventAt: _t, plan, pendingPlan, ...rest } = s;
  return { ...rest, plan: plan.type, pendingPlan: pendingPlan?.type ?? null };
}
