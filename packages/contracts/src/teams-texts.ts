/** Texts of the teams screens and errors (app.md §4, §6, §8; the spec's words where it gives them). */
export const TeamTexts = {
  joinFailed: 'Team join failed',
  alreadyInTeam: 'User already in team',
  activeSubscription: 'Already has an active subscription',
  cannotBlock: 'Cannot block a non-active member',
  cannotUnblock: 'Cannot unblock a non-suspended member',
  cannotDeleteOwner: 'Cannot delete the owner',
  /** Billing, seats, admins and the team's name (app.md §6: team members cannot change the payment plan). */
  ownerOnly: 'Only the owner can change the billing, the seats, the admins and the name of the team',
  /** Members and invitations: the owner and the team's admins (spec G5). */
  managerOnly: 'Only the owner or an admin can invite, suspend, unsuspend or remove members and change their rights',
  contactOwner: 'Contact the owner of your team to change this.',
  paidPlanRequired: 'Team features need a paid plan',
  seatLimit: 'Limit reached',
  paymentPending: 'No payment change while payment is pending',
  seatLimitHint: 'Every active or invited member takes a seat. Add seats to your plan to invite more people.',
  invalidEmail: 'Please insert a valid email address',
  workEmailRequired: 'A work e-mail address is required for this invitation',
  invitationInvalid: 'This invitation is no longer valid',
  memberNotFound: 'This person is not a member of the team',
  noTeam: 'You are not in a team',
  alreadyInvited: 'This person is already invited',
  teamShared: 'Shared with team',
  teamSharedHint: 'Anyone in the team can edit',
  invitedNotice: '{person} invited you to join the team {team}',
  removedNotice: 'You were removed from the team {team}. Its team folder is no longer open to you.',
  downgraded: 'The team subscription has ended: members lost access to the team folder. Contact the owner.',
} as const;
