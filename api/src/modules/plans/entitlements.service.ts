import { Injectable } from '@nestjs/common';
import {
  limitText,
  type PlanLimitDetails,
  type PlanLimitKey,
  type PlanLimits,
  type PlanView,
  type SubscriptionStatus,
} from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { PlansRepository } from './plans.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

export interface Entitlements {
  workspaceId: string;
  /** The plan whose limits apply now (Public when lapsed; the admin's plan when billing is off). */
  plan: PlanView;
  status: SubscriptionStatus;
  /** null = unlimited. */
  limits: PlanLimits;
  /** May the workspace keep diagrams and the account private? */
  privateDiagrams: boolean;
  /** May the workspace be a team with members? */
  teams: boolean;
}

/** The first day of the current calendar month (UTC): monthly limits count from here. */
export function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * "What may this workspace do": limits and features from its plan and state. Every limit is
 * enforced by the one place that changes it, through assertWithin (or the counting helpers here),
 * and fails with PLAN_LIMIT_REACHED (402), the spec's text and details { limit, allowed,
 * requested, planName, planType } that the web turns into an upgrade prompt.
 */
@Injectable()
export class EntitlementsService {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly plans: PlansRepository,
    private readonly workspaces: WorkspacesService,
  ) {}

  async limitsFor(workspaceId: string, tx?: TransactionClient): Promise<Entitlements> {
    const state = await this.subscriptions.current(workspaceId, tx);
    const plan = state.effectivePlan;
    return {
      workspaceId,
      plan,
      status: state.status,
      limits: plan.limits,
      privateDiagrams: plan.privateDiagrams,
      teams: plan.teams,
    };
  }

  /** What the plan allows for one limit (null = unlimited). */
  async allowed(workspaceId: string, limit: PlanLimitKey, tx?: TransactionClient): Promise<number | null> {
    return (await this.limitsFor(workspaceId, tx)).limits[limit];
  }

  /**
   * Throws PLAN_LIMIT_REACHED when `nextValue` exceeds the plan's limit. With `currentValue`, a
   * change that does not raise the value passes even over the limit (a downgraded workspace can
   * still shrink or keep what it has).
   */
  async assertWithin(
    workspaceId: string,
    limit: PlanLimitKey,
    nextValue: number,
    options: { currentValue?: number; tx?: TransactionClient } = {},
  ): Promise<void> {
    if (options.currentValue !== undefined && nextValue <= options.currentValue) return;
    const { plan } = await this.limitsFor(workspaceId, options.tx);
    const allowed = plan.limits[limit];
    if (allowed === null || nextValue <= allowed) return;
    const details: PlanLimitDetails = {
      limit,
      allowed,
      requested: nextValue,
      planName: plan.displayName,
      planType: plan.type,
    };
    throw new AppError('PLAN_LIMIT_REACHED', { message: limitText(limit), details });
  }

  /**
   * Room for one more of something counted over the workspace (library items, tags, Predictions), checked in
   * the transaction that adds it: the workspace row is locked first (WorkspacesService.lock), so
   * concurrent requests for the last free place are decided one after the other.
   */
  async assertRoomForOne(
    workspaceId: string,
    limit: PlanLimitKey,
    count: (tx: TransactionClient) => Promise<number>,
    tx: TransactionClient,
  ): Promise<void> {
    await this.workspaces.lock(workspaceId, tx);
    await this.assertWithin(workspaceId, limit, (await count(tx)) + 1, { tx });
  }

  /**
   * Diagram save: components over all diagrams of the workspace, with this diagram at `nextCount`,
   * in the transaction that writes the diagram (the workspace is locked when the count grows).
   */
  async assertComponentsWithin(
    workspaceId: string,
    diagramId: string | null,
    nextCount: number,
    previousCount: number,
    tx: TransactionClient,
  ): Promise<void> {
    if (nextCount <= previousCount) return;
    await this.workspaces.lock(workspaceId, tx);
    const others = await this.plans.componentCount(workspaceId, diagramId ?? undefined, tx);
    await this.assertWithin(workspaceId, 'components', others + nextCount, {
      currentValue: others + previousCount,
      tx,
    });
  }

  /** Starting a multiple-run batch ("Prediction"): at most the plan's number per calendar month, in the transaction that stores it. */
  assertMonthlyPredictionAvailable(workspaceId: string, tx: TransactionClient, now = new Date()): Promise<void> {
    return this.assertRoomForOne(
      workspaceId,
      'monthlyPredictions',
      (t) => this.plans.batchCount(workspaceId, monthStart(now), t),
      tx,
    );
  }

  /** Creating a tag: unique tags per workspace, in the transaction that creates it. */
  assertTagAvailable(workspaceId: string, tx: TransactionClient): Promise<void> {
    return this.assertRoomForOne(workspaceId, 'tags', (t) => this.plans.tagCount(workspaceId, t), tx);
  }

  /** Days of version history kept (null: all). */
  async versionHistoryDays(workspaceId: string, tx?: TransactionClient): Promise<number | null> {
    return this.allowed(workspaceId, 'versionHistoryDays', tx);
  }

  /** Private diagrams and a private account need a paid plan. */
  async canUsePrivate(workspaceId: string): Promise<boolean> {
    return (await this.limitsFor(workspaceId)).privateDiagrams;
  }

  async assertPrivateAllowed(workspaceId: string): Promise<void> {
    if (!(await this.canUsePrivate(workspaceId))) throw new AppError('PLAN_PRIVATE_REQUIRES_PAID');
  }

  /** New content of free accounts is public; paid plans are private by default (app.md §4). */
  async newContentIsPublic(workspaceId: string): Promise<boolean> {
    return !(await this.canUsePrivate(workspaceId));
  }
}
