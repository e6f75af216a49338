import type { CallToAction, Job, Partner, SocialPost } from '@loopwright/contracts';

export type Block = { type: string } & Record<string, unknown>;
export interface Button {
  title: string;
  url: string;
  target?: string;
  style?: 'primary' | 'secondary';
}

/** Plans as the pricing table shows them (from the plan catalogue, via the loader). */
export interface PricingPlan {
  name: string;
  displayName: string;
  tagline: string;
  price: { monthly: number; yearly: number };
  trial: boolean;
  highlighted?: boolean;
  features: { label: string; value: boolean | string }[];
  trialUrl: { monthly: string; yearly: string };
}

/** Data some blocks need beyond their own fields, loaded with the page. */
export interface BlockData {
  jobs?: Job[];
  partners?: Partner[];
  socialPosts?: SocialPost[];
  cta?: CallToAction;
  plans?: PricingPlan[];
  /** False on a self-hosted instance: no payment, no trials (the pricing page says so). */
  billingEnabled?: boolean;
}
