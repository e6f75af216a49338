import type { SiteSettings, WebsiteGateway } from '@loopwright/contracts';

/** The address pages name themselves by: APP_URL when set, else the one the request came to. */
export function canonicalOrigin(site: SiteSettings, url: URL): string {
  return (site.appUrl || url.origin).replace(/\/$/, '');
}

/**
 * What every page's shell needs from the website: menus and partner logos (a failure leaves them
 * empty, spec §8), the third-party scripts this instance configured, and the canonical origin.
 */
export async function websiteShell(website: WebsiteGateway | undefined, site: SiteSettings, url: URL) {
  const [menus, partners] = await Promise.all([
    website?.menus().catch(() => null) ?? null,
    website?.partners().catch(() => []) ?? [],
  ]);
  return { menus, partners, thirdParty: site.thirdParty, origin: canonicalOrigin(site, url) };
}
