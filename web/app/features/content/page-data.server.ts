import { planSelectionUrl, type PlanView, type WebsiteGateway } from '@loopwright/contracts';
import { blockNeeds } from './blocks';
import type { Block, BlockData, PricingPlan } from './types';
import { notFound } from '../../lib/website.server';

/** The plans of the catalogue (the database); on a self-hosted instance no trials (billing is off). */
function pricingPlans(plans: PlanView[], billingEnabled: boolean): PricingPlan[] {
  const offered = plans.map((p) => ({ ...p, trial: p.trial && billingEnabled }));
  return offered
    .filter((p) => p.active)
    .map((p) => ({
      name: p.name,
      displayName: p.displayName,
      tagline: p.tagline,
      price: p.price,
      trial: p.trial,
      highlighted: p.highlighted,
      features: p.features,
      trialUrl: {
        monthly: planSelectionUrl(p.name, 'monthly', offered),
        yearly: planSelectionUrl(p.name, 'yearly', offered),
      },
    }));
}

/** The data a page's blocks need beyond their own fields (jobs, partners, posts, CTA, plans). */
export async function loadBlockData(website: WebsiteGateway, blocks: Block[]): Promise<BlockData> {
  const needs = blockNeeds(blocks);
  const [jobs, partners, socialPosts, cta, pricing] = await Promise.all([
    needs.jobs ? website.jobs() : undefined,
    needs.partners ? website.partners() : undefined,
    needs.socialPosts ? website.socialPosts(needs.socialPostIds) : undefined,
    needs.cta ? website.cta().catch(() => undefined) : undefined,
    needs.plans ? website.pricing() : undefined,
  ]);
  return {
    jobs,
    partners,
    socialPosts,
    cta,
    plans: pricing ? pricingPlans(pricing.plans, pricing.billingEnabled) : undefined,
    billingEnabled: pricing?.billingEnabled,
  };
}

/** A content page with its block data, or the not-found page. */
export async function loadContentPage(website: WebsiteGateway, slug: string, preview: boolean) {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) notFound();
  const page = await website.page(slug, preview);
  if (!page) notFound();
  const blocks = page.acf.blocks as Block[];
  return { page, blockData: await loadBlockData(website, blocks) };
}
