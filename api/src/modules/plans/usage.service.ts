import { Injectable } from '@nestjs/common';
import { planLimitKeys, planLimitLabels, type PlanLimitKey, type UsageItem } from '@loopwright/contracts';
import { EntitlementsService, monthStart } from './entitlements.service.js';
import { PlansRepository } from './plans.repository.js';

export type UsageCounter = (workspaceId: string) => Promise<number>;

/**
 * Usage against each limit, for the Usage & Billing bars and the plan comparison. Counts the plans
 * module can read itself are built in; modules that own a count (library items, seats) register a
 * counter at start with registerCounter (that way they depend on plans, never the reverse).
 */
@Injectable()
export class UsageService {
  private readonly counters = new Map<PlanLimitKey, UsageCounter>();

  constructor(
    private readonly plans: PlansRepository,
    private readonly entitlements: EntitlementsService,
  ) {
    this.counters.set('components', (id) => this.plans.componentCount(id));
    this.counters.set('tags', (id) => this.plans.tagCount(id));
    this.counters.set('monthlyPredictions', (id) => this.plans.batchCount(id, monthStart()));
    this.counters.set('timeSteps', (id) => this.plans.largestStepsLimit(id));
    // Active members (the owner is a member of their own workspace); at least the owner.
    this.counters.set('editors', async (id) => Math.max(1, await this.plans.activeMemberCount(id)));
  }

  /** A later registration replaces the built-in one (teams counts seats its own way). */
  registerCounter(limit: PlanLimitKey, counter: UsageCounter): void {
    this.counters.set(limit, counter);
  }

  async usage(workspaceId: string): Promise<UsageItem[]> {
    const { limits } = await this.entitlements.limitsFor(workspaceId);
    return Promise.all(
      planLimitKeys.map(async (limit) => {
        const counter = this.counters.get(limit);
        return {
          limit,
          label: planLimitLabels[limit],
          used: counter ? await counter(workspaceId) : null,
          allowed: limits[limit],
        };
      }),
    );
  }
}
