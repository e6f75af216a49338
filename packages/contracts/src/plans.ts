import { z } from 'zod';
import { PlanType } from './constants.js';
import { defineEndpoint } from './endpoint.js';

export const billingCycles = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof billingCycles)[number];
export const TRIAL_DAYS = 14;
export const CURRENCY = 'EUR';

export interface PlanFeature {
  label: string;
  /** true/false for a tick or a cross, or a value to show. */
  value: boolean | string;
}

export interface CatalogPlan {
  /** Internal name, used in /start-trial/{planName}/{billingCycle}. */
  name: string;
  displayName: string;
  type: number;
  active: boolean;
  tagline: string;
  /** Whole euros per billing cycle (yearly: two months free). */
  price: Record<BillingCycle, number>;
  trial: boolean;
  highlighted?: boolean;
  features: PlanFeature[];
}

const feature = (label: string, value: boolean | string): PlanFeature => ({ label, value });

/** The plan catalogue the pricing page renders (app.md §3 and §9). */
export const planCatalog: CatalogPlan[] = [
  {
    name: 'community',
    displayName: 'Public',
    type: PlanType.COMMUNITY,
    active: true,
    tagline: 'Learn, share and fork in the open.',
    price: { monthly: 0, yearly: 0 },
    trial: false,
    features: [
      feature('Public diagrams and profile', true),
      feature('Components per team', '500'),
      feature('Run steps', '250'),
      feature('Private diagrams', false),
      feature('Team members', false),
      feature('Support response', 'Community'),
    ],
  },
  {
    name: 'indie',
    displayName: 'Essential',
    type: PlanType.ESSENTIAL,
    active: true,
    tagline: 'For solo designers shipping their own game.',
    price: { monthly: 12, yearly: 120 },
    trial: true,
    features: [
      feature('Public diagrams and profile', true),
      feature('Components per team', '3,000'),
      feature('Run steps', '1,000'),
      feature('Private diagrams', true),
      feature('Team members', false),
      feature('Support response', '5 work days'),
    ],
  },
  {
    name: 'studio',
    displayName: 'Professional',
    type: PlanType.PROFESSIONAL,
    active: true,
    tagline: 'For studios balancing live games together.',
    price: { monthly: 29, yearly: 290 },
    trial: true,
    highlighted: true,
    features: [
      feature('Public diagrams and profile', true),
      feature('Components per team', '10,000'),
      feature('Run steps', '10,000'),
      feature('Private diagrams', true),
      feature('Team members', true),
      feature('Support response', '3 work days'),
    ],
  },
  {
    name: 'aaa',
    displayName: 'Power',
    type: PlanType.POWER,
    active: true,
    tagline: 'For large teams and multi-thread batch simulation.',
    price: { monthly: 79, yearly: 790 },
    trial: true,
    features: [
      feature('Public diagrams and profile', true),
      feature('Components per team', 'Unlimited'),
      feature('Run steps', 'Unlimited'),
      feature('Private diagrams', true),
      feature('Team members', true),
      feature('Support response', '1 work day, live chat Mon-Fri 8:00-20:00 CET'),
    ],
  },
];

/** Where a plan's trial button leads: the trial start for a known plan with a trial, else /register. */
export function planSelectionUrl(planName: string, billingCycle: BillingCycle): string {
  const plan = planCatalog.find((p) => p.name === planName && p.active);
  return plan?.trial ? `/start-trial/${plan.name}/${billingCycle}` : '/register';
}

const planFeaturesSchema = z.array(z.object({ name: z.string(), displayName: z.string(), tagline: z.string(), highlighted: z.boolean(), features: z.array(z.object({ label: z.string(), value: z.union([z.boolean(), z.string()]) })) }));
const prodConfigSchema = z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean(), trial: z.boolean(), currency: z.string(), price: z.object({ monthly: z.number(), yearly: z.number() }) }));

export const planEndpoints = {
  planFeatures: defineEndpoint({ method: 'GET', path: '/get-plan-features', summary: 'Features of every plan', tag: 'plans', public: true, responses: { 200: z.object({ success: z.literal(true), content: planFeaturesSchema }) } }),
  prodConfig: defineEndpoint({ method: 'GET', path: '/get-prod-config', summary: 'Plan ids, prices per billing cycle and trials', tag: 'plans', public: true, responses: { 200: z.object({ success: z.literal(true), content: prodConfigSchema }) } }),
};
