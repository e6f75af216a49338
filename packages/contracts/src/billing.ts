import { z } from 'zod';
import { ANY_MEDIA_TYPE, defineEndpoint } from './endpoint.js';
import { envelope } from './errors.js';
import { BillingTexts } from './billing-texts.js';

export { BillingTexts };

export const billingCycleSchema = z.enum(['monthly', 'yearly']);
/** States of a Stripe-paid subscription (app.md §4; the plans module's names; canceled = ended, back on Public). */
export const billingStates = ['active', 'payment_pending', 'expired', 'cancel_scheduled', 'canceled'] as const;
export type BillingState = (typeof billingStates)[number];
/** Invoice statuses shown in billing history: the spec's paid, void, invalid (Stripe's uncollectible), and open (due). */
export const invoiceStatuses = ['paid', 'void', 'invalid', 'open'] as const;
/** VIES validation of a tax ID as Stripe reports it. */
export const taxIdStatuses = ['pending', 'valid', 'invalid', 'unverifiable'] as const;

/** Stripe Checkout accepts a trial end at least 48 hours ahead (a minute of margin for the way there). */
const CHECKOUT_MIN_TRIAL_MS = 48 * 3_600_000 + 60_000;

/**
 * Subscribing during a trial keeps it: the first charge falls on the trial's end. Null when the
 * subscription is charged at once (no trial, or one that ends within 48 hours).
 */
export function trialKeptAtCheckout(
  status: string,
  trialEndsAt: Date | string | null,
  now: number = Date.now(),
): Date | null {
  if (status !== 'trialing' || !trialEndsAt) return null;
  const end = new Date(trialEndsAt);
  return end.getTime() - now >= CHECKOUT_MIN_TRIAL_MS ? end : null;
}

const workspaceQuery = z.object({ workspaceId: z.string().uuid().optional() });
const money = z.object({ amount: z.number().int(), currency: z.string() });

export const billingOverviewSchema = z.object({
  /** False on an instance without Stripe: no payment screens at all. */
  enabled: z.boolean(),
  workspaceId: z.string().uuid().nullable(),
  /** Only the owner changes the plan or pays; members are told to contact the owner. */
  canManage: z.boolean(),
  subscription: z
    .object({
      state: z.enum(billingStates),
      planName: z.string(),
      cycle: billingCycleSchema,
      seats: z.number().int(),
      currency: z.string(),
      price: money.nullable(),
      /** Next renewal (or the end of access when cancellation is scheduled). */
      currentPeriodEnd: z.string().nullable(),
      cancelAt: z.string().nullable(),
      pendingChange: z
        .object({ planName: z.string(), cycle: billingCycleSchema, effectiveAt: z.string().nullable() })
        .nullable(),
      /** The amount a failed payment left open ("Retry payment"). */
      amountDue: money.nullable(),
      /** Changes must go through support (an old plan in another currency, or a change already pending). */
      contactUs: z.boolean(),
    })
    .nullable(),
});

export const checkoutBodySchema = z.object({
  workspaceId: z.string().uuid().optional(),
  planName: z.string().min(1).max(40),
  cycle: billingCycleSchema,
});
export const changePlanBodySchema = z.object({
  workspaceId: z.string().uuid().optional(),
  planName: z.string().min(1).max(40),
  cycle: billingCycleSchema,
});
export const cancelBodySchema = z.object({
  workspaceId: z.string().uuid().optional(),
  immediately: z.boolean().default(false),
});
const workspaceBody = z.object({ workspaceId: z.string().uuid().optional() });

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  amount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  pdfUrl: z.string().nullable(),
});

export const billingAddressSchema = z.object({
  line1: z.string().trim().max(200).default(''),
  postalCode: z.string().trim().max(20).default(''),
  city: z.string().trim().max(100).default(''),
  /** ISO 3166-1 alpha-2. */
  country: z
    .union([
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'Choose a country'),
      z.literal(''),
    ])
    .default(''),
});
export const accountDetailsBodySchema = z.object({
  workspaceId: z.string().uuid().optional(),
  companyName: z.string().trim().max(200).default(''),
  invoicingEmail: z.union([z.email('Please insert a valid email address'), z.literal('')]).default(''),
  address: billingAddressSchema,
});
export const taxIdBodySchema = z.object({
  workspaceId: z.string().uuid().optional(),
  value: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^[A-Z]{2}[0-9A-Z]{2,12}$/, BillingTexts.taxIdInvalid)),
});
export const taxIdSchema = z.object({
  value: z.string(),
  status: z.enum(taxIdStatuses),
  checkedAt: z.string().nullable(),
  verifiedName: z.string().nullable(),
});
export const accountDetailsSchema = z.object({
  companyName: z.string(),
  invoicingEmail: z.string(),
  address: z.object({ line1: z.string(), postalCode: z.string(), city: z.string(), country: z.string() }),
  /** Stripe's customer balance: negative is credit in the customer's favour. */
  balance: money,
  taxId: taxIdSchema.nullable(),
});

const tag = 'billing';
const url = envelope(z.object({ url: z.string() }));
const overview = envelope(billingOverviewSchema);
export const billingEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/billing',
    summary: 'Subscription and billing state of a workspace (my personal one by default)',
    tag,
    query: workspaceQuery,
    responses: { 200: overview },
  }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/billing/checkout',
    summary: 'Start a Stripe Checkout for a plan and billing cycle; answers the page to send the browser to',
    tag,
    body: checkoutBodySchema,
    responses: { 201: url },
  }),
  portal: defineEndpoint({
    method: 'POST',
    path: '/billing/portal',
    summary: 'A Stripe customer portal session to change the card',
    tag,
    body: workspaceBody,
    responses: { 201: url },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/billing/subscription/cancel',
    summary: 'Cancel at the end of the period (can be undone) or immediately',
    tag,
    body: cancelBodySchema,
    responses: { 200: overview },
  }),
  undoCancel: defineEndpoint({
    method: 'POST',
    path: '/billing/subscription/undo-cancel',
    summary: 'Undo a scheduled cancellation',
    tag,
    body: workspaceBody,
    responses: { 200: overview },
  }),
  resume: defineEndpoint({
    method: 'POST',
    path: '/billing/subscription/resume',
    summary: 'Resume an expired subscription (a new Checkout for the same plan)',
    tag,
    body: workspaceBody,
    responses: { 201: url },
  }),
  retryPayment: defineEndpoint({
    method: 'POST',
    path: '/billing/subscription/retry-payment',
    summary: 'Pay the open invoice of a failed payment again',
    tag,
    body: workspaceBody,
    responses: { 200: overview },
  }),
  changePlan: defineEndpoint({
    method: 'POST',
    path: '/billing/subscription/change',
    summary: 'Change plan or billing cycle: an upgrade at once (prorated), a downgrade or cycle change at renewal',
    tag,
    body: changePlanBodySchema,
    responses: { 200: overview },
  }),
  cancelPendingChange: defineEndpoint({
    method: 'POST',
    path: '/billing/subscription/pending-change/cancel',
    summary: 'Keep the current plan: drop the pending plan or cycle change',
    tag,
    body: workspaceBody,
    responses: { 200: overview },
  }),
  invoices: defineEndpoint({
    method: 'GET',
    path: '/billing/invoices',
    summary: 'Billing history: invoices with status and PDF link',
    tag,
    query: workspaceQuery,
    responses: { 200: envelope(z.object({ invoices: z.array(invoiceSchema) })) },
  }),
  accountDetails: defineEndpoint({
    method: 'GET',
    path: '/billing/account',
    summary: 'Account details: company, invoicing e-mail, billing address, balance, tax ID',
    tag,
    query: workspaceQuery,
    responses: { 200: envelope(accountDetailsSchema) },
  }),
  saveAccountDetails: defineEndpoint({
    method: 'PUT',
    path: '/billing/account',
    summary: 'Save company name, invoicing e-mail and billing address',
    tag,
    body: accountDetailsBodySchema,
    responses: { 200: envelope(accountDetailsSchema) },
  }),
  setTaxId: defineEndpoint({
    method: 'PUT',
    path: '/billing/tax-id',
    summary: 'Set the EU VAT number (Stripe validates it with VIES)',
    tag,
    body: taxIdBodySchema,
    responses: { 200: envelope(accountDetailsSchema) },
  }),
  deleteTaxId: defineEndpoint({
    method: 'DELETE',
    path: '/billing/tax-id',
    summary: 'Remove the tax ID',
    tag,
    query: workspaceQuery,
    responses: { 200: envelope(accountDetailsSchema) },
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/billing/webhooks',
    summary: 'Stripe webhooks (signed; 400 when the signature is missing or wrong)',
    tag,
    public: true,
    consumes: [ANY_MEDIA_TYPE],
    responses: { 200: z.object({ received: z.literal(true) }) },
  }),
};

export type BillingOverview = z.infer<typeof billingOverviewSchema>;
export type BillingInvoice = z.infer<typeof invoiceSchema>;
export type BillingAccountDetails = z.infer<typeof accountDetailsSchema>;
