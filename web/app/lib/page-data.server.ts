import { planCatalog, planSelectionUrl, type WebsiteGateway } from '@loopwright/contracts';
import { blockNeeds } from '../features/content/blocks';
import type { Block, BlockData, PricingPlan } from '../features/content/types';
import { notFound } from './website.server';

function pricingPlans(): PricingPlan[] {
  return planCatalog
    .filter((p) => p.active)
    .map((p) => ({
      name: p.name,
      displayName: p.displayName,
      tagline: p.tagline,
      price: p.price,
      trial: p.trial,
      highlighted: p.highlighted,
      features: p.features,
      trialUrl: { monthly: planSelectionUrl(p.name, 'monthly'), yearly: planSelectionUrl(p.name, 'yearly') },
    }));
}

/** The data a page's blocks need beyond their own fields (jobs, partners, posts, CTA, plans). */
export async function loadBlockData(website: WebsiteGateway, blocks: Block[]): Promise<BlockData> {
  const needs = blockNeeds(blocks);
  const [jobs, partners, socialPosts, cta] = await Promise.all([
    needs.jobs ? website.jobs() : undefined,
    needs.partners ? website.partners() : undefined,
    needs.socialPosts ? website.socialPosts(needs.socialPostIds) : undefined,
    needs.cta ? website.cta().catch(() => undefined) : undefined,
  ]);
  return { jobs, partners, socialPosts, cta, plans: needs.plans ? pricingPlans() : undefined };
}

/** A content page with its block data, or the not-found page. */
export async function loadContentPage(website: WebsiteGateway, slug: string, preview: boolean) {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) notFound();
  const page = await website.page(slug, preview);
  if (!page) notFound();
  const blocks = page.acf.blocks as Block[];
  return { page, blockData: await loadBlockData(website, blocks) };
}
