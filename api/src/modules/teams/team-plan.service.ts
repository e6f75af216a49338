import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import type { Emit } from '../events/domain-events.service.js';
import { SubscriptionsService } from '../plans/subscriptions.service.js';
import type { SubscriptionState } from '../plans/subscription-state.js';
import { holdsPlan } from '../plans/subscription-status.js';
import { UsageService } from '../plans/usage.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { TeamsRepository } from './teams.repository.js';
import { BillingService } from '../billing/billing.service.js';

/**
 * What the teams module asks of plans and billing, in one place. The subscription that pays for a
 * team is the team workspace's own when it has a team plan, else its owner's personal one (where
 * checkout puts it). Seats are that subscription's seats; with billing off (self-hosted) the
 * admin's plan applies and seats are only bounded by its editors limit.
 */
@Injectable()
export class TeamPlanService {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly billing: BillingService,
    private readonly workspaces: WorkspacesService,
    private readonly teams: TeamsRepository,
    usage: UsageService,
  ) {
    usage.registerCounter('editors', (workspaceId) => this.teams.seatsUsed(workspaceId));
  }

  /**
   * The subscription that pays for the team: the team workspace's own when billing sold it a
   * subscription (it has Stripe ids), else its owner's personal one (where checkout puts it; the
   * team's row is then a mirror of it, see mirrorOwnersPlan).
   */
  async source(teamId: string, tx?: TransactionClient): Promise<SubscriptionState> {
    const own = await this.subscriptions.current(teamId, tx);
    if (own.stripeSubscriptionId) return own;
    return this.subscriptions.current(await this.workspaces.personalId(own.ownerId, tx), tx);
  }

  /**
   * Keeps the team workspace's own subscription row equal to the plan that pays for it, so the
   * entitlements of the team's diagrams (limits, private by default) are the owner's plan. Inside
   * the caller's transaction, with its emit.
   */
  async mirrorOwnersPlan(teamId: string, options: { tx?: TransactionClient; emit?: Emit } = {}): Promise<void> {
    const source = await this.source(teamId, options.tx);
    if (source.workspaceId === teamId) return;
    await this.subscriptions.applyChange(
      teamId,
      {
        planType: source.plan.type,
        status: source.status,
        billingCycle: source.billingCycle,
        seats: source.seats,
        trialEndsAt: source.trialEndsAt,
        currentPeriodEnd: source.currentPeriodEnd,
        cancelAt: source.cancelAt,
      },
      { reason: 'team_plan', ...options },
    );
  }

  /** Does the team have a plan with teams now (not cancelled or expired)? */
  async teamPlanActive(teamId: string, tx?: TransactionClient): Promise<boolean> {
    return (await this.source(teamId, tx)).effectivePlan.teams;
  }

  /** The team's seats: null when it has no team plan; total null = unlimited. */
  async seatsOf(teamId: string, tx?: TransactionClient): Promise<{ total: number | null } | null> {
    const source = await this.source(teamId, tx);
    if (!source.effectivePlan.teams) return null;
    const editors = source.effectivePlan.limits.editors;
    if (!source.billingEnabled) return { total: editors };
    return { total: editors === null ? source.seats : Math.min(source.seats, editors) };
  }

  /** The user's personal plan, when it allows a team (team features need a paid plan). */
  async paidPlanOf(userId: string): Promise<{ seats: number } | null> {
    const state = await this.subscriptions.currentForUser(userId);
    return state.effectivePlan.teams ? { seats: state.seats } : null;
  }

  /** A running subscription the user must cancel before joining a team or deleting the account. */
  async hasActiveSubscription(userId: string): Promise<boolean> {
    const state = await this.subscriptions.currentForUser(userId);
    return state.billingEnabled && holdsPlan(state);
  }

  async requiresWorkEmail(teamId: string): Promise<boolean> {
    const source = await this.source(teamId);
    return source.billingEnabled && source.effectivePlan.workEmailRequired;
  }

  /** A team workspace was created from the owner's plan: its entitlements follow that plan. */
  async teamCreated(_userId: string, teamId: string): Promise<void> {
    await this.mirrorOwnersPlan(teamId);
  }

  /**
   * Buying or removing seats. A subscription Stripe bills changes its quantity there (prorated; the
   * webhook then sets the seats); any other (self-hosted, Academia, a trial) records the count.
   */
  async changeSeats(teamId: string, seats: number): Promise<void> {
    const source = await this.source(teamId);
    if (source.status === 'payment_pending') throw new AppError(ErrorCode.TEAM_PAYMENT_PENDING);
    // A subscription Stripe bills: the quantity changes there (prorated) and its webhook follows.
    if (source.billingEnabled && source.stripeSubscriptionId) await this.billing.changeSeats(source.workspaceId, seats);
    else await this.subscriptions.applyChange(source.workspaceId, { seats }, { reason: 'seats' });
  }
}
