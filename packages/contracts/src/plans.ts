import { z } from 'zod';
import { DiagramTexts } from './diagrams-texts.js';
import { defineEndpoint } from './endpoint.js';

export const billingCycles = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof billingCycles)[number];
export const TRIAL_DAYS = 14;
export const CURRENCY = 'EUR';
/** Academia: the backlink must be confirmed this many days after approval, else the plan reverts to Public. */
export const ACADEMIA_BACKLINK_DAYS = 30;
/** The backlink warning e-mail goes out this many days before the deadline. */
export const ACADEMIA_WARNING_DAYS_BEFORE = 7;
/** Academia is not in the spec's numeric list; this is our number for it. */
export const ACADEMIA_PLAN_TYPE = 30;

/**
 * Subscription states (app.md §4). A workspace with no subscription row is on Public, `active`.
 * - trialing: 14-day trial, no card; the trial job downgrades it to Public when trialEndsAt passes.
 * - active: paid (or free Public/Academia/self-hosted) and in good standing.
 * - payment_pending: a payment failed; it can be retried; no seat or plan change meanwhile.
 * - expired: payment never came; limits are Public's until resumed (members: "contact the owner").
 * - cancel_scheduled: ends at cancelAt (undo possible); then `canceled`.
 * - canceled: ended; the workspace is back on Public.
 */
export const subscriptionStatuses = [
  'trialing',
  'active',
  'payment_pending',
  'expired',
  'cancel_scheduled',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Plan groups: the pricing page shows `free` and `classic` (active ones); `special` is Trial, Enterprise, Enterprise2. */
export const planGroups = ['free', 'classic', 'newer', 'academia', 'special', 'legacy'] as const;
export type PlanGroup = (typeof planGroups)[number];

/** Every plan limit (app.md §3). A null value means unlimited. */
export const planLimitKeys = [
  'components',
  'runSteps',
  'libraryItems',
  'tags',
  'monthlyPredictions',
  'versionHistoryDays',
  'editors',
  'eventsPerUserPerMonth',
  'timeSteps',
  'studyRuns',
] as const;
export type PlanLimitKey = (typeof planLimitKeys)[number];
export type PlanLimits = Record<PlanLimitKey, number | null>;
export const planLimitsSchema = z.object(
  Object.fromEntries(planLimitKeys.map((k) => [k, z.number().int().min(0).max(2_147_483_647).nullable()])) as Record<
    PlanLimitKey,
    z.ZodNullable<z.ZodNumber>
  >,
);

/** How the Usage & Billing screen and the comparison name each limit. */
export const planLimitLabels: Record<PlanLimitKey, string> = {
  components: 'Components per team',
  runSteps: 'Run steps',
  libraryItems: 'Library items',
  tags: 'Unique tags',
  monthlyPredictions: 'Monthly Predictions',
  versionHistoryDays: 'Version history (days)',
  editors: 'Editors',
  eventsPerUserPerMonth: 'Events per user per month',
  timeSteps: 'Time steps limit',
  studyRuns: 'Runs per balance study',
};

/** The spec's limit texts (§8); where it names a limit without a text, 'Limit reached'. */
export const PlanTexts = {
  limitReached: 'Limit reached',
  tagLimit: DiagramTexts.tagLimit,
  componentsLimit: DiagramTexts.componentsLimit,
  studyRunsLimit:
    "You've reached the maximum number of runs per balance study included in your current subscription plan",
  upgradeHint: 'Upgrade your plan to raise this limit.',
  memberContactOwner: 'Team members cannot change the payment plan. Please contact the admin or owner of your team.',
  privateNeedsPaidPlan: 'Private accounts need a paid plan',
  publicIsIrreversible: 'Switching a Free account to public is not reversible.',
  trialAlreadyUsed: 'You have already used your free trial',
  trialPlanUnknown: 'This plan has no free trial',
  trialNotAvailable: 'You already have a paid plan',
  trialEndedNotice: 'Your 14-day {plan} trial has ended. Your workspace is now on the Public plan.',
  planEndedNotice: 'Your {plan} plan has ended. Your workspace is now on the Public plan.',
  planChangedNotice: 'Your plan changed from {previous} to {plan}.',
  academiaApplied: 'Thank you! We will review your Academia application and let you know by e-mail.',
  academiaPending: 'You already have an Academia application waiting for review',
  academiaApprovedNotice: 'Your Academia application was approved. Please add the backlink within 30 days.',
  academiaRejectedNotice: 'Your Academia application was not approved.',
  academiaRevertedNotice:
    'The Academia backlink was not added within 30 days. Your workspace is now on the Public plan.',
  selfHosted: 'This instance is self-hosted: billing is off and every workspace gets the plan the administrator chose.',
  planNotFound: 'Plan not found',
} as const;

/** The text of a PLAN_LIMIT_REACHED error for one limit. */
export function limitText(limit: PlanLimitKey): string {
  if (limit === 'components') return PlanTexts.componentsLimit;
  if (limit === 'tags') return PlanTexts.tagLimit;
  if (limit === 'studyRuns') return PlanTexts.studyRunsLimit;
  return PlanTexts.limitReached;
}

/** details of a PLAN_LIMIT_REACHED error. */
export interface PlanLimitDetails {
  limit: PlanLimitKey;
  /** What the plan allows. */
  allowed: number;
  /** The value the action would have reached. */
  requested: number;
  planName: string;
  planType: number;
}

export interface PlanFeature {
  label: string;
  /** true/false for a tick or a cross, or a value to show. */
  value: boolean | string;
}
export const planFeatureSchema = z.object({
  label: z.string().min(1).max(120),
  value: z.union([z.boolean(), z.string().max(120)]),
});

/** Where a plan's trial button leads: the trial start for a known, active plan with a trial, else /register. */
export function planSelectionUrl(
  planName: string,
  billingCycle: BillingCycle,
  catalogue: Pick<PlanView, 'name' | 'active' | 'trial'>[],
): string {
  const plan = catalogue.find((p) => p.name === planName && p.active);
  return plan?.trial && billingCycles.includes(billingCycle)
    ? `/start-trial/${plan.name}/${billingCycle}`
    : '/register';
}

// ---- wire shapes ----

export const catalogPlanSchema = z.object({
  id: z.string(),
  type: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  group: z.enum(planGroups),
  tagline: z.string(),
  active: z.boolean(),
  trial: z.boolean(),
  highlighted: z.boolean(),
  position: z.number().int(),
  currency: z.string(),
  price: z.object({ monthly: z.number(), yearly: z.number() }),
  privateDiagrams: z.boolean(),
  teams: z.boolean(),
  /** Team invitations must go to a work e-mail address. */
  workEmailRequired: z.boolean(),
  limits: planLimitsSchema,
  features: z.array(planFeatureSchema),
});
export type PlanView = z.infer<typeof catalogPlanSchema>;

export const usageItemSchema = z.object({
  limit: z.enum(planLimitKeys),
  label: z.string(),
  used: z.number().int().nullable(),
  allowed: z.number().int().nullable(),
});
export type UsageItem = z.infer<typeof usageItemSchema>;

export const subscriptionViewSchema = z.object({
  workspaceId: z.string(),
  plan: catalogPlanSchema,
  status: z.enum(subscriptionStatuses),
  billingCycle: z.enum(billingCycles),
  seats: z.number().int(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAt: z.string().nullable(),
  pendingPlan: z.object({ type: z.number().int(), name: z.string(), displayName: z.string() }).nullable(),
  pendingBillingCycle: z.enum(billingCycles).nullable(),
  pendingChangeAt: z.string().nullable(),
  /** True on a self-hosted instance without Stripe: no payment screens. */
  billingEnabled: z.boolean(),
  /** May the caller change the plan (the owner), or must they contact the owner (a member)? */
  canManage: z.boolean(),
  trialUsed: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

const planFeaturesSchema = z.array(
  z.object({
    name: z.string(),
    displayName: z.string(),
    tagline: z.string(),
    highlighted: z.boolean(),
    features: z.array(z.object({ label: z.string(), value: z.union([z.boolean(), z.string()]) })),
  }),
);
const prodConfigSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    active: z.boolean(),
    trial: z.boolean(),
    currency: z.string(),
    price: z.object({ monthly: z.number(), yearly: z.number() }),
  }),
);

export const startTrialParamsSchema = z.object({
  planName: z.string().min(1).max(40),
  billingCycle: z.enum(billingCycles),
});

export const planUpdateBodySchema = z.object({
  displayName: z.string().trim().min(1).max(60),
  tagline: z.string().max(200),
  active: z.boolean(),
  trial: z.boolean(),
  highlighted: z.boolean(),
  position: z.number().int().min(0).max(1000),
  price: z.object({ monthly: z.number().min(0).max(100_000), yearly: z.number().min(0).max(1_000_000) }),
  privateDiagrams: z.boolean(),
  teams: z.boolean(),
  /** Absent: unchanged (the admin's form does not show it). */
  workEmailRequired: z.boolean().optional(),
  limits: planLimitsSchema,
  features: z.array(planFeatureSchema).max(40),
});
export type PlanUpdateBody = z.infer<typeof planUpdateBodySchema>;

export const selfHostedPlanBodySchema = z.object({ planType: z.number().int().min(0).max(1000) });

export const academiaApplicationBodySchema = z.object({
  educatorEmail: z.email('You must enter a valid email address!').max(200),
  courseName: z.string().trim().min(1, 'This field may not be empty').max(200),
  studentsCount: z.coerce
    .number({ message: 'Please enter a number' })
    .int('Please enter a whole number')
    .min(1, 'Please enter a number of at least 1')
    .max(100_000),
  lessonPlan: z.string().trim().min(1, 'This field may not be empty').max(5000),
  examCurriculum: z.string().trim().min(1, 'This field may not be empty').max(5000),
  motivation: z.string().trim().min(1, 'This field may not be empty').max(5000),
  backlinkAcknowledged: z.literal(true, { message: 'Please acknowledge the backlink requirement' }),
});
export type AcademiaApplicationBody = z.input<typeof academiaApplicationBodySchema>;
export const academiaStatuses = ['pending', 'approved', 'rejected', 'reverted'] as const;
export const academiaApplicationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  educatorEmail: z.string(),
  courseName: z.string(),
  studentsCount: z.number().int(),
  lessonPlan: z.string(),
  examCurriculum: z.string(),
  motivation: z.string(),
  backlinkAcknowledged: z.boolean(),
  backlinkUrl: z.string().nullable(),
  status: z.enum(academiaStatuses),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  backlinkDueAt: z.string().nullable(),
  backlinkConfirmedAt: z.string().nullable(),
  revertedAt: z.string().nullable(),
});
export type AcademiaApplicationView = z.infer<typeof academiaApplicationSchema>;
export const academiaDecisionBodySchema = z.object({ decision: z.enum(['approve', 'reject', 'confirm-backlink']) });
export const academiaBacklinkBodySchema = z.object({
  backlinkUrl: z.url('Please enter the address of the page with the backlink').max(500),
});

const ok = <T extends z.ZodType>(content: T) => z.object({ success: z.literal(true), content });

export const planEndpoints = {
  planFeatures: defineEndpoint({
    method: 'GET',
    path: '/get-plan-features',
    summary: 'Features of every plan on the pricing page',
    tag: 'plans',
    public: true,
    responses: { 200: ok(planFeaturesSchema) },
  }),
  prodConfig: defineEndpoint({
    method: 'GET',
    path: '/get-prod-config',
    summary: 'Plan ids, prices per billing cycle and trials',
    tag: 'plans',
    public: true,
    responses: { 200: ok(prodConfigSchema) },
  }),
  catalogue: defineEndpoint({
    method: 'GET',
    path: '/plans',
    summary: 'The plan comparison: active plans with limits, and whether billing is on',
    tag: 'plans',
    public: true,
    responses: { 200: ok(z.object({ plans: z.array(catalogPlanSchema), billingEnabled: z.boolean() })) },
  }),
  subscription: defineEndpoint({
    method: 'GET',
    path: '/subscription',
    summary: "The caller's workspace plan and state",
    tag: 'plans',
    responses: { 200: ok(z.object({ subscription: subscriptionViewSchema })) },
  }),
  usage: defineEndpoint({
    method: 'GET',
    path: '/subscription/usage',
    summary: 'Usage against each plan limit',
    tag: 'plans',
    responses: { 200: ok(z.object({ items: z.array(usageItemSchema) })) },
  }),
  startTrial: defineEndpoint({
    method: 'POST',
    path: '/start-trial/:planName/:billingCycle',
    summary: 'Start the 14-day trial (no card, once per account)',
    tag: 'plans',
    params: startTrialParamsSchema,
    responses: { 200: ok(z.object({ subscription: subscriptionViewSchema })) },
  }),
  applyAcademia: defineEndpoint({
    method: 'POST',
    path: '/academia/applications',
    summary: 'Apply for the Academia plan',
    tag: 'plans',
    body: academiaApplicationBodySchema,
    responses: { 201: ok(z.object({ application: academiaApplicationSchema })) },
  }),
  myAcademia: defineEndpoint({
    method: 'GET',
    path: '/academia/applications/mine',
    summary: "The caller's latest Academia application",
    tag: 'plans',
    responses: { 200: ok(z.object({ application: academiaApplicationSchema.nullable() })) },
  }),
  academiaBacklink: defineEndpoint({
    method: 'PUT',
    path: '/academia/applications/mine/backlink',
    summary: 'Tell us where the backlink is',
    tag: 'plans',
    body: academiaBacklinkBodySchema,
    responses: { 200: ok(z.object({ application: academiaApplicationSchema })) },
  }),
  adminPlans: defineEndpoint({
    method: 'GET',
    path: '/admin/plans',
    summary: 'Every plan of the catalogue, and the self-hosted plan',
    tag: 'admin',
    responses: {
      200: ok(
        z.object({
          plans: z.array(catalogPlanSchema),
          billingEnabled: z.boolean(),
          selfHostedPlanType: z.number().int(),
        }),
      ),
    },
  }),
  adminUpdatePlan: defineEndpoint({
    method: 'PUT',
    path: '/admin/plans/:type',
    summary: 'Edit a plan of the catalogue',
    tag: 'admin',
    params: z.object({ type: z.coerce.number().int().min(0).max(1000) }),
    body: planUpdateBodySchema,
    responses: { 200: ok(z.object({ plan: catalogPlanSchema })) },
  }),
  adminSelfHostedPlan: defineEndpoint({
    method: 'PUT',
    path: '/admin/plans-self-hosted',
    summary: 'The plan every workspace gets while billing is off',
    tag: 'admin',
    body: selfHostedPlanBodySchema,
    responses: { 200: ok(z.object({ selfHostedPlanType: z.number().int() })) },
  }),
  adminAcademia: defineEndpoint({
    method: 'GET',
    path: '/admin/academia-applications',
    summary: 'Academia applications',
    tag: 'admin',
    query: z.object({ status: z.enum(academiaStatuses).optional() }),
    responses: { 200: ok(z.object({ items: z.array(academiaApplicationSchema) })) },
  }),
  adminRunPlanJob: defineEndpoint({
    method: 'POST',
    path: '/admin/plan-jobs/:job/run',
    summary: 'Run a plan job now (the hourly trial expiry or Academia deadlines)',
    tag: 'admin',
    params: z.object({ job: z.enum(['expire-trials', 'academia-backlinks']) }),
    responses: {
      200: ok(
        z.object({
          downgraded: z.number().int().optional(),
          warned: z.number().int().optional(),
          reverted: z.number().int().optional(),
        }),
      ),
    },
  }),
  adminDecideAcademia: defineEndpoint({
    method: 'POST',
    path: '/admin/academia-applications/:id/decision',
    summary: 'Approve or reject an application, or confirm its backlink',
    tag: 'admin',
    params: z.object({ id: z.uuid() }),
    body: academiaDecisionBodySchema,
    responses: { 200: ok(z.object({ application: academiaApplicationSchema })) },
  }),
};

// ---- the admin's plan form (text inputs → PlanUpdateBody) ----

const limitInput = z
  .string()
  .trim()
  .regex(/^\d*$/, 'A whole number, or empty for unlimited')
  .transform((v) => (v === '' ? null : Number(v)));
const priceInput = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'A price in euros, like 12 or 9.50')
  .transform(Number);
/** One feature per line: "Label | value", where the value is yes, no or any text. */
export function parseFeatureLines(text: string): PlanFeature[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [label, ...rest] = line.split('|');
      const raw = rest.join('|').trim();
      const value = /^(yes|true)$/i.test(raw) ? true : /^(no|false)$/i.test(raw) ? false : raw || true;
      return { label: label.trim(), value };
    });
}
export function featureLines(features: PlanFeature[]): string {
  return features
    .map((f) => `${f.label} | ${f.value === true ? 'yes' : f.value === false ? 'no' : f.value}`)
    .join('\n');
}
export const planFormSchema = z
  .object({
    displayName: z.string().trim().min(1, 'This field may not be empty').max(60),
    tagline: z.string().max(200),
    active: z.boolean(),
    trial: z.boolean(),
    highlighted: z.boolean(),
    position: z.string().trim().regex(/^\d+$/, 'A whole number').transform(Number),
    priceMonthly: priceInput,
    priceYearly: priceInput,
    privateDiagrams: z.boolean(),
    teams: z.boolean(),
    limits: z.object(
      Object.fromEntries(planLimitKeys.map((k) => [k, limitInput])) as Record<PlanLimitKey, typeof limitInput>,
    ),
    features: z.string().max(4000),
  })
  .transform(({ priceMonthly, priceYearly, features, ...rest }): PlanUpdateBody => ({
    ...rest,
    price: { monthly: priceMonthly, yearly: priceYearly },
    features: parseFeatureLines(features),
  }));
export type PlanFormValues = z.input<typeof planFormSchema>;
