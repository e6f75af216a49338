// Spec constants and rules for the browser come from the contracts' zod-free entry, so page
// bundles never carry the schemas; the helpers below are the web's own.
export * from '@loopwright/contracts/client';

/** `app:/register` points at the application host: this same instance. */
export function resolveUrl(url: string): string {
  return url.startsWith('app:') ? url.slice(4) : url;
}

/** A menu slug ("docs", "community/see-all?filter=diagrams", "") as a site path. */
export function menuHref(slug: string): string {
  return `/${slug.replace(/^\//, '')}`;
}

/** First path segment, ignoring the /en prefix: the header highlights the item it matches. */
export function firstSegment(pathname: string): string {
  return pathname.replace(/^\/en(?=\/|$)/, '').split(/[/?#]/)[1] ?? '';
}
