import type { WebsiteGateway } from '@loopwright/contracts';

/**
 * What every page's shell needs from the website: menus and partner logos (a failure leaves them
 * empty, spec §8), the third-party scripts this instance configured, and the canonical origin.
 */
export async function websiteShell(website: WebsiteGateway | undefined, url: URL) {
  const [menus, partners] = await Promise.all([
    website?.menus().catch(() => null) ?? null,
    website?.partners().catch(() => []) ?? [],
  ]);
  const env = process.env;
  const thirdParty = {
    tagManagerUrl: env.WEBSITE_TAG_MANAGER_URL || undefined,
    analyticsUrl: env.WEBSITE_ANALYTICS_URL || undefined,
    heatmapUrl: env.WEBSITE_HEATMAP_URL || undefined,
    chatWidgetUrl: env.WEBSITE_CHAT_WIDGET_URL || undefined,
  };
  const origin = (env.APP_URL || url.origin).replace(/\/$/, '');
  return { menus, partners, thirdParty, origin };
}
