import { Injectable } from '@nestjs/common';
import { ErrorCode, limitText, type SeatPreview } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { DomainEventsService, type Emit } from '../events/domain-events.service.js';
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
    private readonly events: DomainEventsService,
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
   * Buying or removing seats. A subscription Stripe bills changes its quantity there (prorated on
   * the next invoice) and its webhook follows. During a trial seats are free up to the plan's
   * editors; subscribing then buys them (checkout's quantity), and the first charge is at the
   * trial's end. With billing off, or on a plan the administrator gave, seats are only recorded.
   * `assertCovers` checks the seats in use; it runs under the team's lock in the transaction that
   * records the new number, before Stripe is asked, so an invitation racing a reduction counts
   * against the new number (and if Stripe then refuses, the old number is put back).
   */
  async changeSeats(
    teamId: string,
    seats: number,
    assertCovers: (tx: TransactionClient) => Promise<void>,
  ): Promise<void> {
    const source = await this.source(teamId);
    if (source.status === 'payment_pending') throw new AppError(ErrorCode.TEAM_PAYMENT_PENDING);
    const atStripe = source.billingEnabled && !!source.stripeSubscriptionId;
    const max = source.effectivePlan.limits.editors;
    if (!atStripe && source.billingEnabled && source.status === 'trialing' && max !== null && seats > max)
      throw new AppError(ErrorCode.PLAN_LIMIT_REACHED, {
        message: limitText('editors'),
        details: {
          limit: 'editors',
          allowed: max,
          requested: seats,
          planName: source.effectivePlan.displayName,
          planType: source.effectivePlan.type,
        },
      });
    const reducing = seats < source.seats;
    if (!atStripe || reducing)
      await this.events.transaction(async (tx, emit) => {
        await this.workspaces.lock(teamId, tx);
        await assertCovers(tx);
        await this.subscriptions.applyChange(source.workspaceId, { seats }, { reason: 'seats', tx, emit });
      });
    if (!atStripe) return;
    try {
      await this.billing.changeSeats(source.workspaceId, seats);
    } catch (error) {
      if (reducing)
        await this.subscriptions.applyChange(source.workspaceId, { seats: source.seats }, { reason: 'seats' });
      throw error;
    }
  }

  /** What a change to `seats` would cost, before it is made (the owner confirms it). */
  async previewSeats(teamId: string, seats: number): Promise<SeatPreview> {
    const source = await this.source(teamId);
    const base = { seats, current: source.seats, trialEndsAt: null, maxSeats: source.effectivePlan.limits.editors };
    // Billing off, or a plan the administrator gave (no Stripe subscription, not a trial): nothing is charged.
    if (!source.billingEnabled || (!source.stripeSubscriptionId && source.status !== 'trialing'))
      return { ...base, billing: 'free', cycle: null, seatPrice: null, newPrice: null, prorated: null };
    if (source.stripeSubscriptionId && source.status !== 'trialing') {
      const p = await this.billing.previewSeats(source.workspaceId, seats);
      const money = (amount: number) => ({ amount, currency: p.currency });
      return {
        ...base,
        current: p.current,
        billing: 'charged',
        cycle: p.cycle,
        seatPrice: money(p.unit),
        newPrice: money(p.unit * seats),
        prorated: money(p.prorated),
      };
    }
    const unit = await this.billing.seatPrice(source.plan.name, source.billingCycle);
    return {
      ...base,
      billing: 'trial',
      cycle: source.billingCycle,
      seatPrice: unit,
      newPrice: { amount: unit.amount * seats, currency: unit.currency },
      prorated: null,
      trialEndsAt: source.trialEndsAt?.toISOString() ?? null,
    };
  }
}
