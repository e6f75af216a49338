/** The texts of billing (app.md §4 and §8; ours where the spec gives none). */
export const BillingTexts = {
  paymentPending: 'No payment change while payment is pending.',
  contactUs:
    'Pending billing or old-plan currency changes cannot be made automatically. Please contact us and we will make the change for you.',
  memberContactOwner: 'Team members cannot change the payment plan. Please contact the admin or owner of your team.',
  expiredMember: 'The subscription of this team has expired. Please contact the owner of the team to resume it.',
  disabled: 'Billing is not available on this instance.',
  noSubscription: 'There is no subscription to change.',
  alreadySubscribed: 'This workspace already has a subscription. Change its plan instead.',
  paymentFailed: 'The payment did not go through. Please update your card and try again.',
  nothingToPay: 'There is no payment to retry.',
  taxIdInvalid: 'This tax ID is not valid. Use the EU VAT format: country code and number, for example DE123456789.',
  stripeUnavailable: 'The payment provider did not answer. Please try again in a moment.',
  badSignature: 'The webhook signature is missing or not valid.',
} as const;
