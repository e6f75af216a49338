import { PlanType } from '@loopwright/contracts';
import { SubscriptionsService } from '../../src/modules/plans/subscriptions.service.js';
import { WorkspacesService } from '../../src/modules/workspaces/workspaces.service.js';
import type { TestApp } from '../support/test-app.js';
import type { TestUser } from './users.js';

/**
 * A paid subscription with seats on the user's personal workspace, as billing's webhook leaves it
 * after checkout (Professional: teams included). Needs billing on (STRIPE_SECRET_KEY in the test env).
 */
export async function givePaidPlan(
  app: TestApp,
  user: TestUser,
  seats: number,
  planType: number = PlanType.PROFESSIONAL,
): Promise<string> {
  const workspaceId = await app.http.app.get(WorkspacesService).personalId(user.id);
  await app.http.app
    .get(SubscriptionsService)
    .applyChange(workspaceId, { planType, status: 'active', billingCycle: 'monthly', seats }, { reason: 'stripe' });
  return workspaceId;
}
