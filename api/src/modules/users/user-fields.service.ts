import { Injectable } from '@nestjs/common';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { UsersRepository, type UserCounter } from './users.repository.js';

/**
 * The fields of a user's row that other modules change as part of their own work, in their
 * transaction: the plan mirror and the one trial (plans), the follower and public-diagram counters
 * (social, diagrams), profile views (community), availability for hire (social). The users module
 * owns the table; this service is its door for modules that the rest of the users module depends
 * on (UsersService needs plans), so it lives in a leaf Nest module of its own.
 */
@Injectable()
export class UserFieldsService {
  constructor(private readonly users: UsersRepository) {}

  /** Claims the account's one trial; false when it was used already (also by a concurrent start). */
  claimTrial(userId: string, tx: TransactionClient): Promise<boolean> {
    return this.users.claimTrial(userId, tx);
  }

  /** users.subscription_plan: the plan type of the user's personal workspace (the spec's subscriptionPlan). */
  async mirrorPlan(userId: string, planType: number, tx: TransactionClient): Promise<void> {
    await this.users.update(userId, { subscriptionPlan: planType }, tx);
  }

  /** Moves counters on the user row; answers the follower count after the change. */
  async addToCounters(userId: string, by: Partial<Record<UserCounter, number>>, tx: TransactionClient) {
    return (await this.users.addToCounters(userId, by, tx)).followerCount;
  }

  async setAvailableForHire(userId: string, availableForHire: boolean): Promise<{ availableForHire: boolean }> {
    return { availableForHire: (await this.users.update(userId, { availableForHire })).availableForHire };
  }
}
